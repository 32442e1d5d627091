import { Type } from "typebox";
import { COMPANY_SEARCH_MAX_SIZE, COMPANY_SEGMENTS } from "../../../contract/companies";
import { Id, IdParams, PageNumber, PageSize, SearchText } from "../../schemas";

/* Shapes only; the company rules (server/modules/companies/rules.ts) answer in Chinese. */

const NullableText = (description: string) => Type.Union([Type.String(), Type.Null()], { description });
const Segment = Type.Enum(COMPANY_SEGMENTS, { description: "产业链环节：design 设计，manufacturing 制造，packagingTest 封装测试，equipment 设备，materials 材料" });

export const CompanySearchBody = Type.Object({
  keywords: Type.Optional(SearchText({ description: "企业名称或统一社会信用代码（的一部分）" })),
  current: Type.Optional(PageNumber),
  size: Type.Optional(PageSize(COMPANY_SEARCH_MAX_SIZE, 10)),
});

export const CompanySearchRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  creditCode: NullableText("统一社会信用代码"),
  district: NullableText("所在区域"),
  segment: Type.Union([Segment, Type.Null()]),
});

export const CompanyPage = Type.Object({
  records: Type.Array(CompanySearchRow),
  total: Type.Integer(),
  current: Type.Integer(),
  size: Type.Integer(),
});

export const CompanySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  creditCode: NullableText("统一社会信用代码"),
  district: NullableText("所在区域"),
  segment: Type.Union([Segment, Type.Null()]),
  address: NullableText("地址"),
  contactPerson: NullableText("联系人"),
  contactPhone: NullableText("联系电话"),
});

const Optional = (description: string) => Type.Optional(NullableText(description));

export const CompanySaveBody = Type.Object({
  id: Type.Optional(Id({ description: "不填为新增；填写为修改该企业" })),
  name: Type.String({ description: "企业名称（唯一）" }),
  creditCode: Optional("统一社会信用代码（唯一，GB 32100 校验）"),
  district: Optional("所在区域"),
  segment: Type.Optional(Type.Union([Segment, Type.Null()])),
  address: Optional("地址"),
  contactPerson: Optional("联系人，不超过 20 个字符"),
  contactPhone: Optional("联系电话"),
});

export const CompanyIdParams = IdParams("企业编号");

export const ImportForm = Type.Object({ file: Type.String({ format: "binary", description: ".xlsx 或 .csv 文件" }) });
