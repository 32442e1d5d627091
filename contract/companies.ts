/** Member companies of the association, as the company picker and the administration see them. */

/** Industry-chain segments, stored and sent as codes. */
export const COMPANY_SEGMENTS = ["design", "manufacturing", "packagingTest", "equipment", "materials"] as const;
export type CompanySegment = (typeof COMPANY_SEGMENTS)[number];

/** The segment names an import file gives (and the zh-CN names of the codes). */
export const SEGMENT_NAMES: Record<CompanySegment, string> = {
  design: "设计",
  manufacturing: "制造",
  packagingTest: "封装测试",
  equipment: "设备",
  materials: "材料",
};

/** The header row of an import file, in column order. */
export const COMPANY_IMPORT_HEADER = ["企业名称", "统一社会信用代码", "所在区域", "产业链环节", "地址", "联系人", "联系电话"] as const;

export const COMPANY_NAME_MAX = 100;
export const COMPANY_TEXT_MAX = 200;

export interface Company {
  id: number;
  name: string;
  creditCode: string | null;
  district: string | null;
  segment: CompanySegment | null;
  address: string | null;
  contactPerson: string | null;
  contactPhone: string | null;
}

/** A row of POST /api/company/search. */
export type CompanySearchRow = Pick<Company, "id" | "name" | "creditCode" | "district" | "segment">;

/** POST /api/company/save: without an id a new company, with one an edit of it. */
export interface CompanyInput {
  id?: number;
  name: string;
  creditCode?: string | null;
  district?: string | null;
  segment?: CompanySegment | null;
  address?: string | null;
  contactPerson?: string | null;
  contactPhone?: string | null;
}
