import { SEGMENT_NAMES } from "../../../contract/companies";

const companies = {
  title: "企业档案",
  filter: {
    keywords: "企业",
    keywordsPlaceholder: "企业名称或统一社会信用代码",
    search: "查询",
  },
  columns: {
    index: "序号",
    name: "企业名称",
    creditCode: "统一社会信用代码",
    district: "所在区域",
    segment: "产业链环节",
    operation: "操作",
    openArchive: "查看档案",
    owners: "负责人",
    edit: "编辑",
    empty: "--",
  },
  table: {
    total: "共 {total} 条",
  },
  segments: { ...SEGMENT_NAMES },
  actions: {
    add: "新增企业",
    import: "导入",
    setOwners: "设置负责人",
  },
  form: {
    createTitle: "新增企业",
    editTitle: "编辑企业",
    saved: "保存成功",
    placeholder: "请输入",
    selectPlaceholder: "请选择",
    address: "地址",
    contactPerson: "联系人",
    contactPhone: "联系电话",
    owners: "负责人",
  },
  owners: {
    title: "设置负责人",
    companies: "已选 {count} 家企业；所选人员将成为它们的负责人（替换原负责人）",
    saved: "已设置 {count} 家企业的负责人",
    failed: "{name}：{message}",
  },
  /** The server's own wording (server/modules/companies/rules.ts), so both halves say the same. */
  rules: {
    nameRequired: "请输入企业名称",
    nameTooLong: "企业名称不能超过 {max} 个字符",
    badCreditCode: "请输入正确的统一社会信用代码",
    badSegment: "产业链环节须为设计、制造、封装测试、设备或材料",
    textTooLong: "地址和所在区域不能超过 {max} 个字符",
    contactPersonTooLong: "联系人不能超过 {max} 个字符",
    badPhone: "请输入正确的联系电话",
  },
  import: {
    title: "导入企业",
    hint: "上传一个 .xlsx 或 .csv（UTF-8 或 GB18030/GBK 编码，Excel 另存的两种 CSV 均可）文件，首行依次为以下表头；产业链环节填写设计、制造、封装测试、设备或材料。任何一行有误时整批不导入。",
    template: "下载模板",
    templateFileName: "企业导入模板.xlsx",
    templateFailed: "模板下载失败，请稍后再试",
    pick: "选择文件",
    submit: "开始导入",
    done: "已导入 {count} 家企业",
    failed: "以下行有误，未导入任何企业：",
    line: "第 {line} 行：{reason}",
  },
};

export default companies;
