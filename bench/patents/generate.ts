/**
 * Synthetic patent exports (issue 12 item 7): no third-party patent data is ever committed, so the
 * tests, benchmarks and browser tests make their own, in the shape each source exports — Patsnap
 * .xlsx, incoPat .xlsx and .csv, Lens .csv, CNIPA TRS text — in UTF-8 or GB18030. The patents are
 * semiconductor patents of an invented city's companies (some with credit codes, as member
 * companies have), over fifteen years and the five industry-chain segments; the same seed gives
 * the same files. Rows are made and written one at a time, so a file of a million rows costs no
 * more memory than one of ten.
 *
 *   npx tsx bench/patents/generate.ts <shape> <rows> <file> [--seed=N] [--encoding=utf-8|utf-8-bom|gb18030]
 */
import { once } from "node:events";
import { createWriteStream, type WriteStream } from "node:fs";
import { pathToFileURL } from "node:url";
import iconv from "iconv-lite";
import type { CompanySegment } from "../../contract/companies";
import type { PatentType } from "../../contract/patents/record";

export const EXPORT_SHAPES = ["patsnap-xlsx", "incopat-xlsx", "incopat-csv", "lens-csv", "cnipa-trs"] as const;
export type ExportShape = (typeof EXPORT_SHAPES)[number];
export type TextFileEncoding = "utf-8" | "utf-8-bom" | "gb18030";

/** A deterministic generator (mulberry32): the same seed, the same patents. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof random>;

export const SYNTHETIC_CITY = { province: "江苏省", city: "无锡市", districts: ["新吴区", "滨湖区", "梁溪区", "锡山区", "惠山区", "江阴市", "宜兴市"] } as const;

const CREDIT_CHARS = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** A unified social credit code with its GB 32100-2015 check character (91 = an enterprise, 3202 = the city). */
function creditCode(rng: Random): string {
  let body = `91320214`;
  while (body.length < 17) body += CREDIT_CHARS[rng.int(0, 30)];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CHARS.indexOf(body[i]) * CREDIT_WEIGHTS[i];
  return body + CREDIT_CHARS[(31 - (sum % 31)) % 31];
}

export interface SyntheticCompany {
  name: string;
  /** How the company's English name appears in Lens. */
  englishName: string;
  creditCode: string | null;
  district: string | null;
  /** Outside the city: an applicant the chain map does not count. */
  local: boolean;
  segment: CompanySegment;
}

const NAME_CORES = [
  ["芯源", "XINYUAN"],
  ["华晶", "HUAJING"],
  ["微纳", "WEINA"],
  ["长电", "CHANGDIAN"],
  ["晶合", "JINGHE"],
  ["矽力", "SILI"],
  ["卓胜", "ZHUOSHENG"],
  ["中科芯", "ZHONGKEXIN"],
  ["海力", "HAILI"],
  ["新洁", "XINJIE"],
  ["捷捷", "JIEJIE"],
  ["赛腾", "SAITENG"],
] as const;
const NAME_TRADES: Record<CompanySegment, readonly (readonly [string, string])[]> = {
  design: [["集成电路设计", "IC DESIGN"], ["微电子科技", "MICROELECTRONICS TECH"]],
  manufacturing: [["集成电路制造", "INTEGRATED CIRCUIT MANUFACTURING"], ["半导体", "SEMICONDUCTOR"]],
  packagingTest: [["封装测试", "PACKAGING AND TESTING"], ["先进封装技术", "ADVANCED PACKAGING TECH"]],
  equipment: [["半导体设备", "SEMICONDUCTOR EQUIPMENT"], ["精密装备", "PRECISION EQUIPMENT"]],
  materials: [["电子材料", "ELECTRONIC MATERIALS"], ["硅材料", "SILICON MATERIALS"]],
};
const SEGMENTS: readonly CompanySegment[] = ["design", "manufacturing", "packagingTest", "equipment", "materials"];
const OTHER_CITIES = [["上海", "SHANGHAI"], ["北京", "BEIJING"], ["深圳", "SHENZHEN"], ["合肥", "HEFEI"]] as const;

/**
 * The applicants: sixty companies, most in the city and most of those with a credit code (as a
 * member company's archive holds), written in the ways exports differ — full-width brackets, 股份有限公司
 * — so matching by normalised name has something to do; and one university.
 */
export function syntheticCompanies(seed = 1): SyntheticCompany[] {
  const rng = random(seed * 7919 + 17);
  const companies: SyntheticCompany[] = [];
  for (let i = 0; i < 60; i++) {
    const segment = SEGMENTS[i % SEGMENTS.length];
    const [core, coreEn] = NAME_CORES[i % NAME_CORES.length];
    const [trade, tradeEn] = NAME_TRADES[segment][Math.floor(i / NAME_CORES.length) % 2];
    const local = i % 6 !== 5;
    const [place, placeEn] = local ? ["无锡", "WUXI"] : OTHER_CITIES[i % OTHER_CITIES.length];
    const form = i % 4 === 3 ? "股份有限公司" : "有限公司";
    const name = i % 5 === 2 ? `${core}${trade}（${place}）${form}` : `${place}${core}${trade}${form}`;
    const englishName = `${placeEn} ${coreEn} ${tradeEn} CO LTD`;
    companies.push({ name, englishName, creditCode: local && rng.chance(0.8) ? creditCode(rng) : null, district: local ? rng.pick(SYNTHETIC_CITY.districts) : null, local, segment });
  }
  companies.push({ name: "江南大学", englishName: "JIANGNAN UNIVERSITY", creditCode: null, district: "滨湖区", local: true, segment: "materials" });
  return companies;
}

interface Topic {
  zh: string;
  en: string;
  parts: readonly string[];
  ipc: readonly string[];
}

const TOPICS: Record<CompanySegment, readonly Topic[]> = {
  design: [
    { zh: "存储器读写控制电路", en: "memory read-write control circuit", parts: ["译码模块", "灵敏放大器", "字线驱动单元"], ipc: ["G11C11/413", "G11C16/04"] },
    { zh: "低功耗时钟门控电路", en: "low-power clock gating circuit", parts: ["锁存器", "门控单元", "时钟树"], ipc: ["H03K19/0185", "H03K3/037"] },
    { zh: "芯片布局布线方法", en: "chip placement and routing method", parts: ["网表", "时序约束", "布线通道"], ipc: ["G06F30/392", "G06F30/398"] },
    { zh: "SRAM 存储单元", en: "SRAM memory cell", parts: ["上拉晶体管", "位线", "字线"], ipc: ["G11C11/412", "H10B10/00"] },
  ],
  manufacturing: [
    { zh: "晶圆刻蚀方法", en: "wafer etching method", parts: ["硬掩膜层", "刻蚀气体", "侧壁保护层"], ipc: ["H01L21/3065", "H01L21/308"] },
    { zh: "光刻图形化工艺", en: "photolithography patterning process", parts: ["光刻胶层", "曝光区域", "显影液"], ipc: ["G03F7/20", "H01L21/027"] },
    { zh: "浅沟槽隔离结构的制造方法", en: "method for manufacturing shallow trench isolation", parts: ["衬底", "沟槽", "氧化层"], ipc: ["H01L21/02", "H01L21/762"] },
    { zh: "FinFET 鳍式场效应晶体管", en: "FinFET transistor", parts: ["鳍部", "栅极结构", "源漏区"], ipc: ["H10D30/62", "H01L21/28"] },
  ],
  packagingTest: [
    { zh: "芯片封装结构", en: "chip package structure", parts: ["基板", "塑封体", "焊球"], ipc: ["H01L23/31", "H01L23/498"] },
    { zh: "晶圆级封装方法", en: "wafer-level packaging method", parts: ["重布线层", "凸点", "载板"], ipc: ["H01L21/56", "H01L25/065"] },
    { zh: "引线键合装置", en: "wire bonding apparatus", parts: ["劈刀", "键合头", "焊线"], ipc: ["H01L21/50", "H01L23/49"] },
    { zh: "芯片测试探针卡", en: "probe card for chip testing", parts: ["探针", "测试电路板", "接口模块"], ipc: ["G01R31/2886", "G01R31/3183"] },
  ],
  equipment: [
    { zh: "刻蚀设备的反应腔室", en: "reaction chamber of etching equipment", parts: ["静电卡盘", "射频电源", "气体分配盘"], ipc: ["H01J37/32", "H01L21/67"] },
    { zh: "化学气相沉积装置", en: "chemical vapor deposition apparatus", parts: ["喷淋头", "加热基座", "排气系统"], ipc: ["C23C16/455", "C23C16/44"] },
    { zh: "化学机械抛光设备", en: "chemical mechanical polishing (CMP) equipment", parts: ["抛光垫", "抛光头", "修整器"], ipc: ["B24B37/04", "B24B37/34"] },
    { zh: "单晶炉热场结构", en: "hot zone of a crystal growth furnace", parts: ["坩埚", "加热器", "导流筒"], ipc: ["C30B15/14", "C30B15/20"] },
  ],
  materials: [
    { zh: "光刻胶组合物", en: "photoresist composition", parts: ["树脂", "光酸产生剂", "溶剂"], ipc: ["G03F7/004", "G03F7/039"] },
    { zh: "化学机械抛光液", en: "chemical mechanical polishing slurry", parts: ["磨料", "氧化剂", "络合剂"], ipc: ["C09G1/02", "C09K3/14"] },
    { zh: "蚀刻液组合物", en: "etching solution composition", parts: ["氢氟酸", "缓冲剂", "表面活性剂"], ipc: ["C09K13/08", "C09K13/06"] },
    { zh: "单晶硅片的制备方法", en: "method for preparing monocrystalline silicon wafers", parts: ["硅锭", "籽晶", "掺杂剂"], ipc: ["C30B29/06", "C30B15/04"] },
  ],
};
/** Codes outside the chain, as patents carry beside their main one. */
const OTHER_IPC = ["G06N3/04", "H02J7/00", "G06T7/00", "H04L9/08"];

const TITLE_FORMS = ["一种{t}", "{t}及其制备方法", "一种{t}及半导体器件", "{t}、装置及存储介质", "一种改进的{t}"];
const TITLE_FORMS_EN = ["{t}", "{t} and preparation method thereof", "{t} and semiconductor device", "improved {t}"];
const BENEFITS = ["良率", "可靠性", "集成度", "散热性能", "一致性", "生产效率"];
const COSTS = ["制造成本", "功耗", "缺陷密度", "工艺复杂度", "寄生电容"];
const SURNAMES = ["王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "徐", "孙", "朱", "胡", "顾"];
/** Given names, some with characters outside GBK (GB18030's four-byte range) as real names have. */
const GIVEN = ["伟", "芳", "敏", "静", "磊", "洋", "勇", "军", "杰", "娟", "涛", "明", "超", "秀英", "建国", "晓东", "𬌗", "𬍛"];

export interface SyntheticPatent {
  /** As CNIPA writes it, kind code included: CN115000001A. */
  publicationNumber: string;
  applicationNumber: string;
  applyDate: string;
  publicationDate: string;
  grantDate: string | null;
  title: string;
  titleEn: string;
  abstract: string;
  applicants: SyntheticCompany[];
  inventors: string[];
  /** IPC codes, the main one first. */
  ipc: string[];
  cpc: string[];
  patentType: Exclude<PatentType, "other">;
  kind: "A" | "B" | "U" | "S";
  /** Where the patent stands: in force, under examination, or ended (and why). */
  status: "valid" | "pending" | "withdrawn" | "rejected" | "unpaid" | "expired";
  priorityNumbers: string[];
  family: string[];
  citedBy: number;
  segment: CompanySegment;
}

const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2010, 0, 1);
const LAST_DAY = Date.UTC(2024, 11, 31);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** CNIPA's check digit of an application number (weights 2-9 repeating, mod 11, 10 as X). */
function applicationCheck(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * ((i % 8) + 2);
  const check = sum % 11;
  return check === 10 ? "X" : String(check);
}

/** The patents, one by one: `count` of them from `seed`. */
export function* syntheticPatents(count: number, seed = 1): Generator<SyntheticPatent> {
  const rng = random(seed);
  const companies = syntheticCompanies(seed);
  for (let index = 0; index < count; index++) {
    const first = rng.pick(companies);
    const segment = rng.chance(0.85) ? first.segment : rng.pick(SEGMENTS);
    const topic = rng.pick(TOPICS[segment]);
    const patentType = rng.chance(0.6) ? "invention" : rng.chance(0.85) ? "utility" : "design";
    const applyMs = FIRST_DAY + rng.int(0, (LAST_DAY - FIRST_DAY) / DAY_MS) * DAY_MS;
    const applyDate = isoDay(applyMs);
    const year = applyDate.slice(0, 4);
    const typeDigit = patentType === "invention" ? "1" : patentType === "utility" ? "2" : "3";
    const serial = String(index + 1).padStart(7, "0");
    const applicationDigits = `${year}${typeDigit}${serial}`;
    const granted = patentType !== "invention" || rng.chance(0.55);
    const kind = patentType === "invention" ? (granted ? "B" : "A") : patentType === "utility" ? "U" : "S";
    const publicationMs = applyMs + rng.int(granted && patentType === "invention" ? 600 : 90, granted && patentType === "invention" ? 1400 : 540) * DAY_MS;
    const publicationDate = isoDay(publicationMs);
    // Inventions run twenty years from filing, utility models and designs ten (fifteen since 2021; ten is enough here).
    const term = (patentType === "invention" ? 20 : 10) * 365 * DAY_MS;
    const status: SyntheticPatent["status"] = granted
      ? applyMs + term < LAST_DAY
        ? "expired"
        : rng.chance(0.15)
          ? "unpaid"
          : "valid"
      : rng.chance(0.2)
        ? rng.pick(["withdrawn", "rejected"] as const)
        : "pending";
    const applicants = [first, ...(rng.chance(0.2) ? [rng.pick(companies)] : [])].filter((company, at, all) => all.indexOf(company) === at);
    const inventors = Array.from({ length: rng.int(1, 5) }, () => rng.pick(SURNAMES) + rng.pick(GIVEN) + (rng.chance(0.5) ? rng.pick(GIVEN) : ""));
    // The topic's first code places it in its segment; the second and an off-chain code come now and then.
    const ipc = [topic.ipc[0], ...(rng.chance(0.5) ? [topic.ipc[1]] : []), ...(rng.chance(0.2) ? [rng.pick(OTHER_IPC)] : [])];
    const [a, b, c] = topic.parts;
    const subject = rng.pick(TITLE_FORMS).replace("{t}", topic.zh);
    const abstract =
      `本${patentType === "design" ? "外观设计" : patentType === "utility" ? "实用新型" : "发明"}公开了${subject}，包括${a}、${b}和${c}。` +
      `所述${a}设置于${b}的一侧，${c}与${a}电连接；通过优化${b}的结构，提高了${rng.pick(BENEFITS)}，降低了${rng.pick(COSTS)}。` +
      `该方案适用于${rng.int(7, 180)}纳米及以下工艺节点。`;
    yield {
      publicationNumber: `CN${String(100_000_000 + index * 7 + rng.int(0, 6)).padStart(9, "0")}${kind}`,
      applicationNumber: `CN${applicationDigits}.${applicationCheck(applicationDigits)}`,
      applyDate,
      publicationDate,
      grantDate: granted ? publicationDate : null,
      title: subject,
      titleEn: rng.pick(TITLE_FORMS_EN).replace("{t}", topic.en),
      abstract,
      applicants,
      inventors: [...new Set(inventors)],
      ipc,
      cpc: patentType === "design" ? [] : topic.ipc.map((code) => `${code}${rng.int(0, 9)}`),
      patentType,
      kind,
      status,
      priorityNumbers: rng.chance(0.1) ? [`CN${Number(year) - 1}1${serial}`] : [],
      family: rng.chance(0.1) ? [`US${rng.int(10_000_000, 12_000_000)}B2`] : [],
      citedBy: rng.chance(0.6) ? 0 : rng.int(1, 40),
      segment,
    };
  }
}

const TYPE_ZH = { invention: "发明", utility: "实用新型", design: "外观设计" } as const;
const patentTypeZh = (patent: SyntheticPatent) => (patent.patentType === "invention" ? (patent.kind === "B" ? "发明授权" : "发明申请") : TYPE_ZH[patent.patentType]);
const CURRENT_STATUS = { valid: "授权", pending: "实质审查", withdrawn: "撤回", rejected: "驳回", unpaid: "未缴年费", expired: "期限届满" } as const;
const SIMPLE_STATUS = { valid: "有效", pending: "审中", withdrawn: "失效", rejected: "失效", unpaid: "失效", expired: "失效" } as const;
const LENS_STATUS = { valid: "ACTIVE", pending: "PENDING", withdrawn: "DISCONTINUED", rejected: "INACTIVE", unpaid: "DISCONTINUED", expired: "EXPIRED" } as const;
const LENS_TYPE = { A: "Patent Application", B: "Granted Patent", U: "Utility Model", S: "Design Right" } as const;
const address = (company: SyntheticCompany) =>
  company.local ? `${SYNTHETIC_CITY.province}${SYNTHETIC_CITY.city}${company.district}创新大道${(company.name.length * 37) % 500}号` : "";
const codesWithSpace = (codes: readonly string[]) => codes.map((code) => code.replace(/^([A-H]\d{2}[A-Z])/u, "$1 "));
const dotted = (date: string | null) => date?.replaceAll("-", ".") ?? "";

type Cell = string | number | Date | null;
interface Shape {
  headers: readonly string[];
  row(patent: SyntheticPatent, index: number): Cell[];
}

const PATSNAP: Shape = {
  headers: [
    "序号",
    "公开(公告)号",
    "申请号",
    "申请日",
    "公开(公告)日",
    "授权公告日",
    "标题",
    "摘要",
    "[标]原始申请(专利权)人",
    "当前申请(专利权)人",
    "申请人地址",
    "当前申请(专利权)人州/省",
    "当前申请(专利权)人地市",
    "当前申请(专利权)人区县",
    "工商统一社会信用代码",
    "发明人",
    "IPC分类号",
    "IPC主分类号",
    "CPC分类号",
    "专利类型",
    "简单法律状态",
    "当前法律状态",
    "优先权号",
    "简单同族",
    "被引证次数",
  ],
  row: (p, index) => {
    const first = p.applicants[0];
    const names = p.applicants.map((company) => company.name).join(" | ");
    return [
      index + 1,
      p.publicationNumber,
      p.applicationNumber,
      new Date(`${p.applyDate}T00:00:00Z`),
      new Date(`${p.publicationDate}T00:00:00Z`),
      p.grantDate === null ? null : new Date(`${p.grantDate}T00:00:00Z`),
      p.title,
      p.abstract,
      names,
      names,
      address(first),
      first.local ? SYNTHETIC_CITY.province : "",
      first.local ? SYNTHETIC_CITY.city : "",
      first.district ?? "",
      first.creditCode ?? "",
      p.inventors.join(" | "),
      p.ipc.join(" | "),
      p.ipc[0],
      p.cpc.join(" | "),
      patentTypeZh(p),
      SIMPLE_STATUS[p.status],
      CURRENT_STATUS[p.status],
      p.priorityNumbers.join(" | "),
      [p.publicationNumber, ...p.family].join(" | "),
      p.citedBy,
    ];
  },
};

const INCOPAT: Shape = {
  headers: [
    "公开（公告）号",
    "申请号",
    "申请日",
    "公开（公告）日",
    "标题",
    "摘要",
    "申请人",
    "中国申请人地市",
    "中国申请人区县",
    "申请人地址",
    "发明人",
    "IPC",
    "IPC主分类",
    "CPC",
    "专利类型",
    "当前法律状态",
    "专利有效性",
    "优先权号",
    "简单同族",
    "被引证次数",
    "工商统一社会信用代码",
  ],
  row: (p) => {
    const first = p.applicants[0];
    return [
      p.publicationNumber,
      p.applicationNumber,
      p.applyDate,
      p.publicationDate,
      p.title,
      p.abstract,
      p.applicants.map((company) => company.name).join("; "),
      first.local ? SYNTHETIC_CITY.city : "",
      first.district ?? "",
      address(first),
      p.inventors.join("; "),
      p.ipc.join("; "),
      p.ipc[0],
      p.cpc.join("; "),
      patentTypeZh(p),
      CURRENT_STATUS[p.status],
      p.status === "valid" ? "有效" : p.status === "pending" ? "审中" : "无效",
      p.priorityNumbers.join("; "),
      p.family.join("; "),
      String(p.citedBy),
      first.creditCode ?? "",
    ];
  },
};

/** Lens: English titles and applicants, numbers spaced ("CN 115000001 A"), ";;" between values. */
const LENS: Shape = {
  headers: [
    "#",
    "Jurisdiction",
    "Kind",
    "Display Key",
    "Lens ID",
    "Publication Date",
    "Publication Year",
    "Application Number",
    "Application Date",
    "Priority Numbers",
    "Earliest Priority Date",
    "Title",
    "Abstract",
    "Applicants",
    "Inventors",
    "Owners",
    "URL",
    "Document Type",
    "Has Full Text",
    "Cites Patent Count",
    "Cited by Patent Count",
    "Simple Family Size",
    "Extended Family Size",
    "Sequence Count",
    "CPC Classifications",
    "IPCR Classifications",
    "US Classifications",
    "NPL Citation Count",
    "NPL Resolved Citation Count",
    "NPL Resolved Lens ID(s)",
    "NPL Resolved External ID(s)",
    "NPL Citations",
    "Legal Status",
  ],
  row: (p, index) => {
    const digits = p.publicationNumber.slice(2, -1);
    const lensId = String(index).padStart(15, "0").replace(/(\d{3})(\d{3})(\d{3})(\d{3})(\d{3})/u, "$1-$2-$3-$4-$5");
    return [
      String(index + 1),
      "CN",
      p.kind,
      `CN ${digits} ${p.kind}`,
      lensId,
      p.publicationDate,
      p.publicationDate.slice(0, 4),
      `CN ${p.applicationNumber.slice(2, -2)} ${p.kind === "B" ? "A" : p.kind}`,
      p.applyDate,
      p.priorityNumbers.join(";;"),
      p.applyDate,
      p.titleEn.toUpperCase(),
      `The invention discloses a ${p.titleEn}; it improves yield and reliability.`,
      p.applicants.map((company) => company.englishName).join(";;"),
      p.inventors.map((name) => name.toUpperCase()).join(";;"),
      p.applicants.map((company) => company.englishName).join(";;"),
      `https://www.lens.org/lens/patent/${lensId}`,
      LENS_TYPE[p.kind],
      "false",
      "0",
      String(p.citedBy),
      String(1 + p.family.length),
      String(1 + p.family.length),
      "0",
      p.cpc.join(";;"),
      p.ipc.join(";;"),
      "",
      "0",
      "0",
      "",
      "",
      "",
      LENS_STATUS[p.status],
    ];
  },
};

/** The fields of a CNIPA TRS record, in its order; the abstract is wrapped at 60 characters as the exports wrap it. */
function trsRecord(p: SyntheticPatent): string {
  const first = p.applicants[0];
  const wrapped = p.abstract.match(/.{1,60}/gu)?.join("\r\n") ?? "";
  return [
    "<REC>",
    `<申请号>=${p.applicationNumber}`,
    `<申请日>=${dotted(p.applyDate)}`,
    `<公开(公告)号>=${p.publicationNumber}`,
    `<公开(公告)日>=${dotted(p.publicationDate)}`,
    `<名称>=${p.title}`,
    `<摘要>=${wrapped}`,
    `<申请(专利权)人>=${p.applicants.map((company) => company.name).join(";")}`,
    `<地址>=${address(first)}`,
    `<发明(设计)人>=${p.inventors.join(";")}`,
    `<主分类号>=${codesWithSpace(p.ipc.slice(0, 1))[0]}`,
    `<分类号>=${codesWithSpace(p.ipc).join(";")}`,
    `<优先权>=${p.priorityNumbers.join(";")}`,
    `<国省代码>=${first.local ? "32" : "31"}`,
    `<专利代理机构>=无锡市知识产权代理事务所`,
    `<代理人>=${SURNAMES[p.citedBy % SURNAMES.length]}明`,
    "",
  ].join("\r\n");
}

export const TABLES: Record<Exclude<ExportShape, "cnipa-trs">, Shape> = {
  "patsnap-xlsx": PATSNAP,
  "incopat-xlsx": INCOPAT,
  "incopat-csv": INCOPAT,
  "lens-csv": LENS,
};

export interface ExportOptions {
  shape: ExportShape;
  rows: number;
  seed?: number;
  /** .csv and TRS only; .xlsx is UTF-8 XML by definition. */
  encoding?: TextFileEncoding;
  /** .xlsx only: write Excel's shared-string table (as Excel does) rather than inline strings; holds every distinct text in memory. */
  sharedStrings?: boolean;
}

const csvCell = (cell: Cell) => {
  const text = cell === null ? "" : cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell);
  return /[",\r\n]|^\s|\s$/u.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** Writes text in the encoding, waiting for the disk whenever the stream's buffer is full. */
async function writeText(out: WriteStream, encoding: TextFileEncoding, lines: Iterable<string>): Promise<void> {
  if (encoding === "utf-8-bom") out.write(Buffer.from([0xef, 0xbb, 0xbf]));
  for (const text of lines) {
    if (!out.write(encoding === "gb18030" ? iconv.encode(text, "gb18030") : Buffer.from(text, "utf8"))) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

async function writeXlsx(path: string, shape: Shape, options: ExportOptions): Promise<void> {
  const Excel = (await import("exceljs")).default;
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: options.sharedStrings ?? false, useStyles: true });
  const sheet = workbook.addWorksheet("Sheet1");
  sheet.addRow([...shape.headers]).commit();
  let index = 0;
  for (const patent of syntheticPatents(options.rows, options.seed)) {
    const row = sheet.addRow(shape.row(patent, index++));
    row.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = "yyyy-mm-dd";
    });
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
}

/** Writes a synthetic export of `rows` patents to `path` in the shape's layout. */
export async function writeExport(path: string, options: ExportOptions): Promise<void> {
  const { shape, rows, seed = 1, encoding = "utf-8" } = options;
  if (shape === "patsnap-xlsx" || shape === "incopat-xlsx") return writeXlsx(path, TABLES[shape], options);
  const out = createWriteStream(path);
  if (shape === "cnipa-trs") {
    return writeText(out, encoding, (function* () {
      for (const patent of syntheticPatents(rows, seed)) yield trsRecord(patent);
    })());
  }
  const table = TABLES[shape];
  return writeText(out, encoding, (function* () {
    yield `${table.headers.map(csvCell).join(",")}\r\n`;
    let index = 0;
    for (const patent of syntheticPatents(rows, seed)) yield `${table.row(patent, index++).map(csvCell).join(",")}\r\n`;
  })());
}

const isShape = (value: string): value is ExportShape => (EXPORT_SHAPES as readonly string[]).includes(value);
const isEncoding = (value: string): value is TextFileEncoding => ["utf-8", "utf-8-bom", "gb18030"].includes(value);

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [shape, rows, file] = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
  const flag = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
  const encoding = flag("encoding") ?? "utf-8";
  if (!shape || !isShape(shape) || !file || !(Number(rows) > 0) || !isEncoding(encoding)) {
    console.error(`usage: tsx bench/patents/generate.ts <${EXPORT_SHAPES.join("|")}> <rows> <file> [--seed=N] [--encoding=utf-8|utf-8-bom|gb18030]`);
    process.exit(2);
  }
  const started = Date.now();
  await writeExport(file, { shape, rows: Number(rows), seed: Number(flag("seed") ?? 1), encoding });
  console.log(`${rows} ${shape} rows written to ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
