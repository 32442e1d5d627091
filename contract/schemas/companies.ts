import { Type, type Static } from "typebox";
import { COMPANY_SEARCH_MAX_SIZE, COMPANY_SEGMENTS } from "../companies";
import { Id, IdParams, NullableText, PageNumber, PageOf, PageSize, SearchText } from "./primitives";

/* Member companies' calls. Shapes only; the company rules (contract/companies.ts) are checked by the service. */

const Segment = Type.Enum(COMPANY_SEGMENTS, { description: "产业链环节：design 设计，manufacturing 制造，packagingTest 封装测试，equipment 设备，materials 材料" });

export const CompanySearchBody = Type.Object({
  keywords: Type.Optional(SearchText({ description: "企业名称或统一社会信用代码（的一部分）" })),
  current: Type.Optional(PageNumber),
  size: Type.Optional(PageSize(COMPANY_SEARCH_MAX_SIZE, 10)),
});

/** A staff user a company's archive belongs to (data scope `own`). */
export const CompanyOwner = Type.Object({ id: Type.Integer(), name: Type.String({ description: "姓名（无姓名时为用户名）" }) });
export type CompanyOwner = Static<typeof CompanyOwner>;

const companyFields = {
  id: Type.Integer(),
  name: Type.String(),
  creditCode: NullableText("统一社会信用代码"),
  district: NullableText("所在区域"),
  segment: Type.Union([Segment, Type.Null()]),
  owners: Type.Array(CompanyOwner, { description: "负责人" }),
};

/** A row of POST /api/company/search. */
export const CompanySearchRow = Type.Object(companyFields);
export type CompanySearchRow = Static<typeof CompanySearchRow>;

export const CompanyPage = PageOf(CompanySearchRow);

export const Company = Type.Object({
  ...companyFields,
  address: NullableText("地址"),
  contactPerson: NullableText("联系人"),
  contactPhone: NullableText("联系电话"),
});
export type Company = Static<typeof Company>;

const Optional = (description: string) => Type.Optional(NullableText(description));

/** POST /api/company/save: without an id a new company, with one an edit of it. */
export const CompanyInput = Type.Object({
  id: Type.Optional(Id({ description: "不填为新增；填写为修改该企业" })),
  name: Type.String({ description: "企业名称（唯一）" }),
  creditCode: Optional("统一社会信用代码（唯一，GB 32100 校验）"),
  district: Optional("所在区域"),
  segment: Type.Optional(Type.Union([Segment, Type.Null()])),
  address: Optional("地址"),
  contactPerson: Optional("联系人，不超过 20 个字符"),
  contactPhone: Optional("联系电话"),
});
export type CompanyInput = Static<typeof CompanyInput>;

export const CompanyIdParams = IdParams("企业编号");

/** POST /api/company/owners: the company's owners become exactly these users. */
export const CompanyOwnersBody = Type.Object({
  compId: Id({ description: "企业编号" }),
  ownerIds: Type.Array(Id(), { maxItems: 50, description: "负责人的用户编号；空数组为不设负责人" }),
});

export const CompanyOwners = Type.Array(CompanyOwner);

export const ImportForm = Type.Object({ file: Type.String({ format: "binary", description: ".xlsx 或 .csv 文件" }) });

/** What a successful import answers: how many companies it added. */
export const ImportAnswer = Type.Object({ imported: Type.Integer() });
export type ImportAnswer = Static<typeof ImportAnswer>;
