import { CHENGDU_AREAS } from "../../server/db/migrations/0003_accounts";
import type { ServiceRecordFields } from "../../contract/schemas/serviceRecord";
import { EVALUATIONS, ACCOUNT_OPEN_STATES } from "../../contract/valueSets";

/**
 * The generated archive: companies and their visit records with varied, plausible values. Seeded,
 * so every run (and both databases) get the same data and the figures compare.
 */

export interface DatasetSize {
  companies: number;
  records: number;
  /** Records of the first company exactly: the one whose export is timed (at most `records`). */
  exportRecords: number;
}

export interface CompanyRow {
  name: string;
  creditCode: string;
  district: string;
  segment: string;
  address: string;
  contactPerson: string;
  contactPhone: string;
}

/** One visit record: the record's fields, its times as instants written as each database stores them. */
export interface RecordRow extends Omit<ServiceRecordFields, "compId" | "serviceTime" | "nextFollowTime" | "attachment"> {
  /** 1-based position of the company in the generated list. */
  company: number;
  serviceTime: Date;
  nextFollowTime: Date | null;
  /** Index into the creators list. */
  creator: number;
}

/** mulberry32: small, fast and good enough to spread test data. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SURNAMES = [..."王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤"];
const GIVEN = [..."伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华玉萍红娥玲芬燕彬鹏辉建国志强海波宇浩然子轩雨欣思远晨阳博文佳怡俊杰梓涵"];
const POSITIONS = ["总经理", "副总经理", "技术总监", "研发经理", "知识产权专员", "法务经理", "董事长", "行政主管", "市场总监", "首席技术官"];
const PARTNERS = ["电子科技大学", "四川大学", "西南交通大学", "中科院微电子所", "成都信息工程大学", "重庆大学", "华为海思", "中芯国际", "长电科技", "通富微电", "无"];
const CUSTOMERS = ["重点客户", "一般客户", "潜在客户", "战略客户", "新入会企业"];
const OPPORTUNITIES = ["专利布局咨询", "高价值专利培育", "专利导航项目", "侵权风险分析", "知识产权贯标", "专利质押融资", "技术转移对接", "商标注册", "PCT 国际申请", "暂无"];
const BUSINESS = ["功率半导体器件设计", "模拟芯片设计", "射频前端模组", "晶圆制造", "先进封装测试", "半导体材料", "刻蚀设备零部件", "MEMS 传感器", "化合物半导体外延", "EDA 工具", "存储芯片", "显示驱动芯片", "硅光芯片", "IGBT 模块"];
const SEGMENTS = ["设计", "制造", "封测", "材料", "设备", "EDA", "分立器件"];
const COMPANY_WORDS = ["芯", "微", "晶", "半导体", "集成电路", "光电", "电子", "科技", "智能", "精密"];
const COMPANY_PLACES = ["蓉", "天府", "锦城", "青城", "西岭", "峨眉", "岷江", "都江", "龙泉", "双流", "新津", "高新", "成华", "武侯"];
const TOPICS = [
  "企业专利申请情况及下一步布局计划",
  "核心产品的技术路线与竞品专利分布",
  "研发项目立项前的专利检索流程",
  "知识产权管理制度建设与贯标进度",
  "近期收到的侵权警告函及应对思路",
  "高校合作项目的成果归属约定",
  "海外市场拓展中的专利风险",
  "专利导航平台账号开通与使用培训",
  "政府知识产权资助政策解读",
  "企业融资过程中的知识产权尽调",
];
const FOLLOW_UPS = ["安排专利代理师对接", "提供专利导航分析报告", "组织企业参加培训", "下次走访复核进展", "协助准备资助申报材料", "推荐高校技术团队"];

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)];

function personName(rnd: () => number): string {
  return pick(rnd, SURNAMES) + pick(rnd, GIVEN) + (rnd() < 0.6 ? pick(rnd, GIVEN) : "");
}

function mobile(rnd: () => number): string {
  return `1${pick(rnd, ["3", "5", "7", "8", "9"])}${String(Math.floor(rnd() * 1e9)).padStart(9, "0")}`;
}

export function generateCompanies(count: number, seed = 1): CompanyRow[] {
  const rnd = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    return {
      // Unique by its number; the words make the list look like the real one.
      name: `${pick(rnd, COMPANY_PLACES)}${pick(rnd, COMPANY_WORDS)}${pick(rnd, COMPANY_WORDS)}有限公司（压测${String(n).padStart(5, "0")}）`,
      creditCode: `91510100MA${String(n).padStart(8, "0")}`,
      district: pick(rnd, CHENGDU_AREAS).code,
      segment: pick(rnd, SEGMENTS),
      address: `成都市${pick(rnd, COMPANY_PLACES)}大道${1 + Math.floor(rnd() * 999)}号`,
      contactPerson: personName(rnd),
      contactPhone: mobile(rnd),
    };
  });
}

/**
 * How many records each company has: the first exactly `exportRecords`, the others spread
 * unevenly (a few busy companies, many quiet ones) so that page counts vary from 1 to about 100.
 */
export function recordCounts(size: DatasetSize, seed = 2): Int32Array {
  const rnd = random(seed);
  const counts = new Int32Array(size.companies);
  counts[0] = size.exportRecords;
  const rest = size.records - counts[0];
  const weights = Array.from({ length: size.companies - 1 }, () => Math.exp(rnd() * 2.5));
  const total = weights.reduce((a, b) => a + b, 0);
  let given = 0;
  weights.forEach((w, i) => {
    counts[i + 1] = Math.floor((rest * w) / total);
    given += counts[i + 1];
  });
  for (let i = 1; given < rest; i = (i % (size.companies - 1)) + 1, given++) counts[i] += 1;
  return counts;
}

const DAY_MS = 86_400_000;
/** Service times fall in these years: from 2022 to the end of 2026's October. */
const FIRST_VISIT = Date.UTC(2022, 0, 1);
const LAST_VISIT = Date.UTC(2026, 9, 31);

function plainContent(rnd: () => number): string {
  const topic = pick(rnd, TOPICS);
  const follow = pick(rnd, FOLLOW_UPS);
  return `<p>走访${pick(rnd, ["了解", "交流", "座谈", "调研"])}${topic}。企业表示${pick(rnd, ["有明确需求", "正在评估", "暂无计划", "希望协会支持"])}，${follow}。</p>`;
}

/** What the editor writes when staff format a note: headings, marks, lists and a small table. */
function richContent(rnd: () => number): string {
  const items = Array.from({ length: 2 + Math.floor(rnd() * 4) }, () => `<li>${pick(rnd, TOPICS)}</li>`).join("");
  const list = rnd() < 0.5 ? `<ul>${items}</ul>` : `<ol>${items}</ol>`;
  const table =
    rnd() < 0.4
      ? `<table><tbody><tr><th>事项</th><th>负责人</th></tr><tr><td>${pick(rnd, FOLLOW_UPS)}</td><td>${personName(rnd)}</td></tr></tbody></table>`
      : "";
  return (
    `<h3>${pick(rnd, TOPICS)}</h3>` +
    `<p>本次走访由<strong>${personName(rnd)}</strong>牵头，企业<em>${pick(rnd, POSITIONS)}</em>参加。<br>重点：<u>${pick(rnd, OPPORTUNITIES)}</u>。</p>` +
    list +
    table +
    `<p style="text-align: right">${pick(rnd, FOLLOW_UPS)}</p>`
  );
}

/**
 * Every record, in a shuffled company order (as visits come in over the years, so one company's
 * rows are scattered through the table), handed out in batches.
 */
export function* generateRecords(size: DatasetSize, creators: number, batchSize: number, seed = 3): Generator<RecordRow[]> {
  const rnd = random(seed);
  const counts = recordCounts(size);
  const owners = new Int32Array(size.records);
  let at = 0;
  counts.forEach((count, i) => owners.fill(i + 1, at, (at += count)));
  for (let i = owners.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [owners[i], owners[j]] = [owners[j], owners[i]];
  }
  let batch: RecordRow[] = [];
  for (const company of owners) {
    // A third of the exported company's notes are formatted, one in twenty elsewhere.
    const rich = rnd() < (company === 1 ? 0.33 : 0.05);
    const serviceTime = new Date(FIRST_VISIT + Math.floor(rnd() * ((LAST_VISIT - FIRST_VISIT) / 1000)) * 1000);
    const evaluation = rnd();
    batch.push({
      company,
      researchers: Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => personName(rnd)).join("、"),
      contactPerson: personName(rnd),
      contactPersonPhone: mobile(rnd),
      contactPersonPosition: pick(rnd, POSITIONS),
      cooperativePartner: pick(rnd, PARTNERS),
      belongCustomer: pick(rnd, CUSTOMERS),
      businessOpportunity: pick(rnd, OPPORTUNITIES),
      comprehensiveEvaluation: evaluation < 0.25 ? EVALUATIONS[0] : evaluation < 0.7 ? EVALUATIONS[1] : EVALUATIONS[2],
      isOpenPatnavi: pick(rnd, ACCOUNT_OPEN_STATES),
      mainBusiness: pick(rnd, BUSINESS),
      serviceContent: rich ? richContent(rnd) : plainContent(rnd),
      serviceTime,
      nextFollowTime: rnd() < 0.6 ? new Date(serviceTime.getTime() + (7 + Math.floor(rnd() * 90)) * DAY_MS) : null,
      creator: Math.floor(rnd() * creators),
    });
    if (batch.length === batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Names the load picks its "contains" filters from: surname-given pairs that do occur. */
export const SEARCH_SURNAMES = SURNAMES;
export const SEARCH_GIVEN = GIVEN;
