import { Type, type Static } from "typebox";
import { COMPANY_SEGMENTS } from "../companies";
import { LEGAL_STATUSES, PATENT_TYPES } from "../patents/record";
import { Count, Id, IdParams, NullableText, Orders, PageNumber, PageSize, SearchText } from "./primitives";

/* Issue 12: the search, detail, export, statistics and company profile of imported patents, and their import. */

/** Counting every match is slow on a large result: above this a count shows as "10,000+". */
export const PATENT_COUNT_CAP = 10_000;
/** The page size bound; with the count cap it also bounds how deep a page may be. */
export const PATENT_PAGE_MAX = 100;
/** Rows one export writes at most; a narrower filter answers the question better. */
export const PATENT_EXPORT_MAX_ROWS = 50_000;
/**
 * A filtered search's facets count at most this many of its matches, the latest in the order of
 * the engine's index (the latest published on SQLite, imported on PostgreSQL): what narrows a search
 * is read from a sample of it, at a cost that does not grow with the result (the chain map's
 * statistics count every match).
 */
export const PATENT_FACET_SAMPLE = 2_000;
/** Entries of each facet (and of the statistics' lists). */
export const PATENT_FACET_SIZE = 10;
export const PATENT_SORTS = ["applyDate", "publicationDate"] as const;
export type PatentSort = (typeof PATENT_SORTS)[number];

const NAME_MAX = 100;
const DateText = (description: string) => Type.String({ pattern: "^(\\d{4}-\\d{2}-\\d{2})?$", description: `${description}：YYYY-MM-DD，空为不限` });

export const PatentFilter = Type.Object({
  q: Type.Optional(SearchText({ description: "标题和摘要中的关键词，空格分隔的词须都出现（中文按相邻两字检索）" })),
  applicant: Type.Optional(Type.String({ maxLength: NAME_MAX, description: "申请（专利权）人名称包含" })),
  inventor: Type.Optional(Type.String({ maxLength: NAME_MAX, description: "发明人包含" })),
  ipc: Type.Optional(Type.String({ maxLength: 20, description: "IPC 分类号前缀，如 H01L21" })),
  number: Type.Optional(Type.String({ maxLength: 40, description: "公开（公告）号或申请号（前缀）" })),
  patentType: Type.Optional(Type.Union([Type.Enum(PATENT_TYPES), Type.Literal("")], { description: "专利类型：invention、utility、design、other；空为不限" })),
  legalStatus: Type.Optional(Type.Union([Type.Enum(LEGAL_STATUSES), Type.Literal("")], { description: "法律状态：valid、pending、invalid、unknown；空为不限" })),
  applyDateBegin: Type.Optional(DateText("申请日起")),
  applyDateEnd: Type.Optional(DateText("申请日止（含当天）")),
  district: Type.Optional(Type.String({ maxLength: 50, description: "申请人区县" })),
  segment: Type.Optional(Type.Union([Type.Enum(COMPANY_SEGMENTS), Type.Literal("")], { description: "产业链环节：design、manufacturing、packagingTest、equipment、materials；空为不限" })),
  compId: Type.Optional(Id({ description: "企业编号：该企业的专利（按信用代码，否则按规范化的申请人名称）" })),
});
export type PatentFilter = Static<typeof PatentFilter>;

export const PatentSearchBody = Type.Object({
  current: PageNumber,
  size: PageSize(PATENT_PAGE_MAX, 20),
  model: Type.Optional(PatentFilter),
  orders: Type.Optional(Orders(PATENT_SORTS)),
});
export type PatentSearchBody = Static<typeof PatentSearchBody>;

export const PatentFilterBody = Type.Object({ model: Type.Optional(PatentFilter), orders: Type.Optional(Orders(PATENT_SORTS)) });
export type PatentFilterBody = Static<typeof PatentFilterBody>;

const Segment = Type.Enum(COMPANY_SEGMENTS);
const DateOrNull = NullableText("YYYY-MM-DD");

export const PatentRow = Type.Object({
  id: Type.Integer(),
  publicationNumber: Type.String(),
  applicationNumber: NullableText("申请号"),
  title: Type.String(),
  applicants: Type.Array(Type.String()),
  applyDate: DateOrNull,
  publicationDate: DateOrNull,
  patentType: Type.Enum(PATENT_TYPES),
  legalStatus: Type.Enum(LEGAL_STATUSES),
  mainIpc: NullableText("IPC 主分类号"),
  segment: Type.Union([Segment, Type.Null()], { description: "第一个产业链环节" }),
});
export type PatentRow = Static<typeof PatentRow>;

export const FacetEntry = Type.Object({ key: Type.String(), count: Type.Integer() });
export type FacetEntry = Static<typeof FacetEntry>;
const Facet = Type.Array(FacetEntry);

export const PatentFacets = Type.Object({
  patentType: Facet,
  legalStatus: Facet,
  applyYear: Facet,
  ipcClass: Facet,
  applicant: Facet,
  segment: Facet,
  district: Facet,
});
export type PatentFacets = Static<typeof PatentFacets>;

export const PatentSearchResult = Type.Object({
  records: Type.Array(PatentRow),
  total: Type.Integer(),
  totalCapped: Type.Boolean({ description: `为 true 时 total 为上限 ${PATENT_COUNT_CAP}，实际更多` }),
  facets: Type.Object(PatentFacets.properties, { description: `各分面前 ${PATENT_FACET_SIZE} 项；结果超过 ${PATENT_FACET_SAMPLE} 条时按最新的 ${PATENT_FACET_SAMPLE} 条计数（SQLite 按公开日，PostgreSQL 按导入先后），不带条件时按全部专利精确计数` }),
  facetsSample: Type.Union([Type.Integer(), Type.Null()], { description: `分面计数的专利数：结果超过 ${PATENT_FACET_SAMPLE} 条时为 ${PATENT_FACET_SAMPLE}（最新的），分面按全部结果计数时为 null` }),
});
export type PatentSearchResult = Static<typeof PatentSearchResult>;

export const PatentDetail = Type.Object({
  ...PatentRow.properties,
  grantDate: DateOrNull,
  abstract: NullableText("摘要"),
  applicantAddress: NullableText("申请人地址"),
  province: NullableText("省"),
  city: NullableText("地市"),
  district: NullableText("区县"),
  creditCode: NullableText("统一社会信用代码"),
  inventors: Type.Array(Type.String()),
  ipc: Type.Array(Type.String()),
  cpc: Type.Array(Type.String()),
  priorityNumbers: Type.Array(Type.String()),
  family: Type.Array(Type.String()),
  citedBy: Type.Union([Type.Integer(), Type.Null()]),
  jurisdiction: NullableText("国家或地区"),
  segments: Type.Array(Segment),
});
export type PatentDetail = Static<typeof PatentDetail>;

export const PatentIdParams = IdParams("专利编号");

export const PatentStatsBody = Type.Object({ model: Type.Optional(PatentFilter) });
export type PatentStatsBody = Static<typeof PatentStatsBody>;

const CodeCount = Type.Object({ code: Type.String(), count: Type.Integer() });
const SegmentCount = Type.Object({ segment: Segment, count: Type.Integer() });

export const PatentStats = Type.Object({
  trend: Type.Array(Type.Object({ year: Type.Integer(), applications: Type.Integer(), grants: Type.Integer() }), { description: "近 10 年：申请量（按申请年）与授权量（按授权年）" }),
  topApplicants: Type.Array(Type.Object({ name: Type.String(), count: Type.Integer() })),
  ipc: Type.Array(CodeCount, { description: "IPC 小类（4 位）" }),
  segments: Type.Array(SegmentCount),
});
export type PatentStats = Static<typeof PatentStats>;

export const CompanyIdParams = Type.Object({ compId: Id({ title: "compId", description: "企业编号" }) });

export const CompanyPatentProfile = Type.Object({
  compId: Type.Integer(),
  companyName: Type.String(),
  matchedBy: Type.Union([Type.Literal("creditCode"), Type.Literal("name")], { description: "按信用代码或（无信用代码时）按规范化名称匹配" }),
  total: Type.Integer(),
  byType: Type.Array(FacetEntry),
  byStatus: Type.Array(FacetEntry),
  byYear: Type.Array(FacetEntry, { description: "按申请年" }),
  ipcGroups: Type.Array(CodeCount, { description: "IPC 大组（如 H01L21）" }),
  segments: Type.Array(SegmentCount),
  latest: Type.Array(PatentRow, { description: "最新公开的专利" }),
});
export type CompanyPatentProfile = Static<typeof CompanyPatentProfile>;

/* The import. */

export const PATENT_IMPORT_STATES = ["running", "done", "failed"] as const;
/** Row problems an import job keeps to show; the rest are counted. */
export const PATENT_IMPORT_ERRORS_KEPT = 1000;
export const PRESET_NAME_MAX = 50;
/** Headers a mapping may name. */
export const MAPPING_HEADERS_MAX = 200;

/** Documents the multipart form; the handler streams it itself. */
export const PatentImportForm = Type.Object({
  file: Type.String({ format: "binary", description: "专利导出文件：.xlsx、.csv（UTF-8 或 GB18030）或 CNIPA 文本（.txt）" }),
  preset: Type.Optional(Type.String({ maxLength: 12, description: "已保存的列映射方案编号" })),
  mapping: Type.Optional(Type.String({ maxLength: 32_768, description: "列映射 JSON：{表头: 字段或 null}，优先于方案" })),
});

export const PatentInspectForm = Type.Object({
  file: Type.String({ format: "binary", description: "专利导出文件" }),
  preset: Type.Optional(Type.String({ maxLength: 12, description: "已保存的列映射方案编号" })),
  mapping: Type.Optional(Type.String({ maxLength: 32_768, description: "列映射 JSON" })),
});

export const ColumnMappingSchema = Type.Record(Type.String({ maxLength: 200 }), Type.Union([Type.String({ maxLength: 40 }), Type.Null()]), {
  maxProperties: MAPPING_HEADERS_MAX,
  description: "表头 -> 字段（null 为不导入）",
});

export const PatentInspection = Type.Object({
  format: Type.Union([Type.Literal("xlsx"), Type.Literal("csv"), Type.Literal("trs")]),
  encoding: Type.Union([Type.Literal("utf-8"), Type.Literal("gb18030"), Type.Null()]),
  headers: Type.Array(Type.String()),
  mapping: ColumnMappingSchema,
  unmapped: Type.Array(Type.String()),
  complete: Type.Boolean({ description: "公开（公告）号和标题已映射" }),
  total: Type.Union([Type.Integer(), Type.Null()], { description: "行数（已知时）" }),
});
export type PatentInspection = Static<typeof PatentInspection>;

export const PatentImportStarted = Type.Object({ jobId: Type.Integer() });

export const JobIdParams = Type.Object({ jobId: Id({ title: "jobId", description: "导入任务编号" }) });

export const PatentImportJob = Type.Object({
  state: Type.Enum(PATENT_IMPORT_STATES),
  processed: Count(),
  total: Count({ description: "文件的行数；事先未知时为已读行数" }),
  written: Count({ description: "已写入的行数（边读边写，共 processed − skipped 行；全部写入后才生效）" }),
  imported: Count(),
  updated: Count(),
  skipped: Count(),
  errors: Type.Array(Type.Object({ line: Type.Integer(), message: Type.String() }), { description: `前 ${PATENT_IMPORT_ERRORS_KEPT} 个无法读取的行` }),
  errorCount: Count({ description: "无法读取的行数" }),
  failure: Type.Union([Type.String(), Type.Null()], { description: "导入失败的原因" }),
});
export type PatentImportJob = Static<typeof PatentImportJob>;

export const PresetBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: PRESET_NAME_MAX, pattern: "\\S", description: "方案名称" }),
  mapping: ColumnMappingSchema,
});
export type PresetBody = Static<typeof PresetBody>;

export const Preset = Type.Object({ id: Type.Integer(), name: Type.String(), mapping: ColumnMappingSchema });
export type Preset = Static<typeof Preset>;
export const Presets = Type.Array(Preset);
