import type { Messages } from "../../types";
import type zh from "../zh-CN/companies";

const companies: Messages<typeof zh> = {
  title: "Company archives",
  filter: {
    keywords: "Company",
    keywordsPlaceholder: "Company name or unified social credit code",
    search: "Search",
  },
  columns: {
    index: "No.",
    name: "Company name",
    creditCode: "Unified social credit code",
    district: "District",
    segment: "Industry-chain segment",
    operation: "Actions",
    openArchive: "Open archive",
    owners: "Owners",
    edit: "Edit",
    empty: "--",
  },
  table: {
    total: "{total} in total",
  },
  segments: {
    design: "Design",
    manufacturing: "Manufacturing",
    packagingTest: "Packaging and testing",
    equipment: "Equipment",
    materials: "Materials",
  },
  actions: {
    add: "Add company",
    import: "Import",
    setOwners: "Set owners",
  },
  form: {
    createTitle: "Add company",
    editTitle: "Edit company",
    saved: "Saved successfully",
    placeholder: "Please enter",
    selectPlaceholder: "Please select",
    address: "Address",
    contactPerson: "Contact person",
    contactPhone: "Contact phone",
    owners: "Owners",
  },
  owners: {
    title: "Set owners",
    companies: "{count} companies selected; the chosen people become their owners (replacing the current ones)",
    saved: "Owners set for {count} companies",
    failed: "{name}: {message}",
  },
  rules: {
    nameRequired: "Please enter the company name",
    nameTooLong: "The company name cannot exceed {max} characters",
    badCreditCode: "Please enter a correct unified social credit code",
    badSegment: "The segment must be design, manufacturing, packaging and testing, equipment or materials",
    textTooLong: "District and address cannot exceed {max} characters",
    contactPersonTooLong: "The contact person cannot exceed {max} characters",
    badPhone: "Please enter a correct phone number",
  },
  import: {
    title: "Import companies",
    hint: "Upload one .xlsx or .csv file (UTF-8 or GB18030/GBK: either CSV Excel saves will do) whose first row holds these headers, in this order; the segment column takes 设计, 制造, 封装测试, 设备 or 材料. If any row is wrong, nothing is imported.",
    template: "Download template",
    templateFileName: "company-import-template.xlsx",
    templateFailed: "The template could not be downloaded; please try again later",
    pick: "Choose file",
    submit: "Import",
    done: "{count} companies imported",
    failed: "These rows are wrong; no company was imported:",
    line: "Line {line}: {reason}",
  },
};

export default companies;
