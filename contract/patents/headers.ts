/**
 * The one alias table of export headers (issue 12 item 1): which PatentRecord field a column of a
 * Patsnap (智慧芽), incoPat, CNIPA or Lens export fills. The import's readers, its column-mapping
 * step and saved presets all go through it, on both halves.
 */

/** The fields a column can fill: PatentRecord's, less the derived segments, plus Lens's kind code (it decides the type). */
export const PATENT_FIELDS = [
  "publicationNumber",
  "applicationNumber",
  "applyDate",
  "publicationDate",
  "grantDate",
  "title",
  "abstract",
  "applicants",
  "applicantAddress",
  "province",
  "city",
  "district",
  "creditCode",
  "inventors",
  "ipc",
  "mainIpc",
  "cpc",
  "patentType",
  "legalStatus",
  "priorityNumbers",
  "family",
  "citedBy",
  "jurisdiction",
  "kind",
] as const;
export type PatentField = (typeof PATENT_FIELDS)[number];

export const isPatentField = (value: string): value is PatentField => (PATENT_FIELDS as readonly string[]).includes(value);

/** Fields without which a row is no patent: a file whose mapping leaves one out cannot be imported. */
export const REQUIRED_PATENT_FIELDS = ["publicationNumber", "title"] as const satisfies readonly PatentField[];

/** Which field each header of a file fills (null: the column is not imported); saved presets have this shape too. */
export type ColumnMapping = Record<string, PatentField | null>;

/**
 * Header names per field, best first: when a file has several (Patsnap gives both 申请(专利权)人 and
 * 当前申请(专利权)人), the first one listed fills the field and the others are left out. Written
 * with half-width brackets; headers are compared folded (see foldHeader).
 */
const ALIASES: Record<PatentField, readonly string[]> = {
  publicationNumber: ["公开(公告)号", "公开公告号", "公开号", "公告号", "授权公告号", "文献号", "Display Key", "Publication Number"],
  applicationNumber: ["申请号", "申请号(原始)", "Application Number"],
  applyDate: ["申请日", "申请日期", "Application Date"],
  publicationDate: ["公开(公告)日", "公开公告日", "公开日", "公开日期", "公告日", "Publication Date"],
  grantDate: ["授权公告日", "授权日", "授权日期", "授权公告日期", "Grant Date"],
  title: ["标题", "名称", "发明名称", "专利名称", "标题(中文)", "中文标题", "Title"],
  abstract: ["摘要", "摘要(中文)", "中文摘要", "Abstract"],
  applicants: [
    "申请(专利权)人",
    "[标]原始申请(专利权)人",
    "原始申请(专利权)人",
    "[标]当前申请(专利权)人",
    "当前申请(专利权)人",
    "当前权利人",
    "申请人",
    "专利权人",
    "Applicants",
    "Owners",
  ],
  applicantAddress: ["申请人地址", "申请(专利权)人地址", "[标]申请人地址", "当前申请(专利权)人地址", "专利权人地址", "地址", "Applicant Address"],
  province: ["当前申请(专利权)人州/省", "原始申请(专利权)人州/省", "申请人州/省", "中国申请人省份", "申请人省份", "申请人所在省", "省份", "省"],
  city: ["当前申请(专利权)人地市", "原始申请(专利权)人地市", "中国申请人地市", "申请人地市", "申请人城市", "地市", "城市"],
  district: ["当前申请(专利权)人区县", "原始申请(专利权)人区县", "中国申请人区县", "申请人区县", "区县"],
  creditCode: ["工商统一社会信用代码", "统一社会信用代码", "申请人统一社会信用代码", "当前申请(专利权)人统一社会信用代码"],
  inventors: ["发明人", "发明(设计)人", "设计人", "Inventors"],
  ipc: ["IPC分类号", "IPC", "IPC分类", "分类号", "IPCR Classifications", "IPC Classifications"],
  mainIpc: ["IPC主分类号", "主分类号", "IPC主分类", "主IPC", "Main IPC"],
  cpc: ["CPC分类号", "CPC", "CPC Classifications"],
  patentType: ["专利类型", "专利种类", "类型", "Document Type"],
  legalStatus: ["简单法律状态", "当前法律状态", "专利有效性", "法律状态", "有效性", "Legal Status"],
  priorityNumbers: ["优先权号", "优先权", "Priority Numbers"],
  family: ["简单同族", "简单同族成员", "同族专利", "同族", "Simple Family Members"],
  citedBy: ["被引证次数", "被引用次数", "被引次数", "被引证专利数", "Cited by Patent Count"],
  jurisdiction: ["Jurisdiction", "受理局", "公开国别", "国家/地区"],
  kind: ["Kind", "文献种类代码", "文献种类"],
};

/**
 * Columns the exports carry that a patent does not keep. Known, so they never open the
 * column-mapping step; a mapping may still give one a field.
 */
const IGNORED_HEADERS: readonly string[] = [
  "#",
  "序号",
  "Lens ID",
  "URL",
  "链接",
  "Publication Year",
  "Earliest Priority Date",
  "Has Full Text",
  "Cites Patent Count",
  "Simple Family Size",
  "Extended Family Size",
  "Sequence Count",
  "US Classifications",
  "NPL Citation Count",
  "NPL Resolved Citation Count",
  "NPL Resolved Lens ID(s)",
  "NPL Resolved External ID(s)",
  "NPL Citations",
  "代理人",
  "专利代理机构",
  "代理机构",
  "国省代码",
  "页数",
  "权利要求数量",
  "首项权利要求",
  "引证次数",
  "简单同族数量",
  "扩展同族",
  "优先权日",
  "最早优先权日",
];

/**
 * A header as compared: NFKC (full-width brackets, slashes and letters become half-width), 【】 as
 * [], no spaces, lower case. So 公开（公告）号 and 公开(公告)号, or "IPC 分类号" and IPC分类号, are one header.
 */
export function foldHeader(header: string): string {
  return header.normalize("NFKC").replace(/【/gu, "[").replace(/】/gu, "]").replace(/\s+/gu, "").toLowerCase();
}

/** Folded header -> [field, rank among that field's aliases]; null for the ignored headers. */
const KNOWN_HEADERS: ReadonlyMap<string, { field: PatentField; rank: number } | null> = new Map([
  ...IGNORED_HEADERS.map((header) => [foldHeader(header), null] as const),
  ...PATENT_FIELDS.flatMap((field) => ALIASES[field].map((alias, rank) => [foldHeader(alias), { field, rank }] as const)),
]);

/** The field the alias table gives a header; null for a known column not imported, undefined for an unknown one. */
export function fieldOfHeader(header: string): PatentField | null | undefined {
  const known = KNOWN_HEADERS.get(foldHeader(header));
  return known === undefined ? undefined : (known?.field ?? null);
}

export interface HeaderMapping {
  /** Every header of the file, to its field or null. */
  mapping: ColumnMapping;
  /** Headers the alias table does not know and the given mapping leaves out: the mapping step asks about these. */
  unmapped: string[];
  /** Whether the required fields (publication number, title) are filled. */
  complete: boolean;
}

/**
 * The mapping for a file's headers: the given one (a preset, or the user's choice) for each header
 * it names, the alias table for the rest. A field the given mapping assigns is not assigned again by
 * the table, and of several headers the table gives one field, the best-ranked fills it.
 */
export function mappingFor(headers: readonly string[], given?: ColumnMapping): HeaderMapping {
  const mapping: ColumnMapping = {};
  const unmapped: string[] = [];
  const taken = new Set<PatentField>();
  const guessed = new Map<PatentField, { header: string; rank: number }>();
  for (const header of headers) {
    if (given && Object.hasOwn(given, header)) {
      const field = given[header];
      mapping[header] = field !== null && isPatentField(field) ? field : null;
      if (mapping[header]) taken.add(mapping[header]);
      continue;
    }
    mapping[header] = null;
    const known = KNOWN_HEADERS.get(foldHeader(header));
    if (known === undefined) unmapped.push(header);
    else if (known) {
      const best = guessed.get(known.field);
      if (!best || known.rank < best.rank) guessed.set(known.field, { header, rank: known.rank });
    }
  }
  for (const [field, { header }] of guessed) if (!taken.has(field)) mapping[header] = field;
  const mapped = new Set(Object.values(mapping));
  return { mapping, unmapped, complete: REQUIRED_PATENT_FIELDS.every((field) => mapped.has(field)) };
}

/** Fields that hold several values in one cell. */
export const MULTI_VALUE_FIELDS = ["applicants", "inventors", "ipc", "cpc", "priorityNumbers", "family"] as const satisfies readonly PatentField[];

/** Headers only Lens writes: its cells separate values with ";;", where a single ";" may sit inside a value. */
const LENS_HEADERS = new Set(["lens id", "display key", "jurisdiction", "ipcr classifications", "cpc classifications"].map(foldHeader));

/**
 * How a file's multi-value cells split, told from its headers: Lens writes `a;;b`, Patsnap `a | b`
 * (or `a|b`), incoPat, CNIPA and most others `a; b` (full-width ；too). Values come back trimmed,
 * without empties and repeats.
 */
export function splitterFor(headers: readonly string[]): (cell: string) => string[] {
  const lens = headers.some((header) => LENS_HEADERS.has(foldHeader(header)));
  const split = lens ? (cell: string) => cell.split(";;") : (cell: string) => cell.split(cell.includes("|") ? "|" : /[;；]/u);
  return (cell) => [...new Set(split(cell).map((value) => value.trim()))].filter((value) => value !== "");
}
