import type { Caller, Workload } from "../archive/load";

const SEARCH_PATH = "/api/patents/search";
const STATS_PATH = "/api/patents/stats";

type Model = Record<string, string>;
const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)];

/** Words of the generated patents' titles and abstracts (bench/patents/generate.ts), common and rare. */
const TWO_CHARACTERS = ["芯片", "晶圆", "封装", "光刻", "刻蚀", "键合", "沉积", "抛光", "探针", "衬底"];
const THREE_CHARACTERS = ["半导体", "光刻胶", "晶体管", "存储器", "抛光液", "氧化层", "重布线"];
const TWO_TERMS = ["晶圆 刻蚀", "封装 基板", "芯片 测试", "抛光 磨料", "光刻 显影液", "沉积 喷淋头"];
const APPLICANTS = ["芯源", "华晶", "微纳", "长电", "晶合", "中科芯", "海力"];
const IPC_PREFIXES = ["H01L", "H01L21", "H01L23", "G03F7", "G06F30", "C23C16", "B24B37/04", "G11C"];
const TYPES = ["invention", "utility", "design"];
const STATUSES = ["valid", "pending", "invalid"];
const SEGMENTS = ["design", "manufacturing", "packagingTest", "equipment", "materials"];
const DISTRICTS = ["新吴区", "滨湖区", "梁溪区", "江阴市"];

/** One facet a user clicks after a first search: a type, a status, a segment, a district or a range of years. */
function facet(rnd: () => number): Model {
  const kind = Math.floor(rnd() * 5);
  if (kind === 0) return { patentType: pick(rnd, TYPES) };
  if (kind === 1) return { legalStatus: pick(rnd, STATUSES) };
  if (kind === 2) return { segment: pick(rnd, SEGMENTS) };
  if (kind === 3) return { district: pick(rnd, DISTRICTS) };
  const year = 2012 + Math.floor(rnd() * 10);
  return { applyDateBegin: `${year}-01-01`, applyDateEnd: `${year + 2}-12-31` };
}

/** The mix issue 12 names, in even shares: two and three characters, two terms, an applicant, an IPC prefix, and a keyword with a facet. */
export function searchModel(rnd: () => number): Model {
  switch (Math.floor(rnd() * 6)) {
    case 0:
      return { q: pick(rnd, TWO_CHARACTERS) };
    case 1:
      return { q: pick(rnd, THREE_CHARACTERS) };
    case 2:
      return { q: pick(rnd, TWO_TERMS) };
    case 3:
      return { applicant: pick(rnd, APPLICANTS) };
    case 4:
      return { ipc: pick(rnd, IPC_PREFIXES) };
    default:
      return { q: pick(rnd, [...TWO_CHARACTERS, ...THREE_CHARACTERS]), ...facet(rnd), ...(rnd() < 0.3 ? facet(rnd) : {}) };
  }
}

/** A member searching: the first page of 20 with its count and facets; now and then a further page of the same search. */
export const patentSearch: Workload = {
  name: "patents/search, mixed",
  signedIn: true,
  async step(call, rnd) {
    const model = searchModel(rnd);
    const first = await call<{ total: number }>(SEARCH_PATH, { current: 1, size: 20, model });
    if (first && first.total > 20 && rnd() < 0.25) {
      await call(SEARCH_PATH, { current: 2 + Math.floor(rnd() * Math.min(20, Math.ceil(first.total / 20) - 1)), size: 20, model });
    }
  },
};

/**
 * The same load, counting how many of its calls repeat a question asked before on the same server
 * (the same model, page and order): at most that share of them can be answered from the server's
 * cache (search/cache.ts), fewer when an answer has left it.
 */
export function countingRepeats(workload: Workload): { workload: Workload; repeated(): number; countFromNow(): void } {
  const asked = new Set<string>();
  let calls = 0;
  let repeats = 0;
  return {
    workload: {
      ...workload,
      step: (call, rnd, client) => {
        const counting: Caller = (path, body) => {
          const question = `${path} ${JSON.stringify(body)}`;
          calls += 1;
          if (asked.has(question)) repeats += 1;
          else asked.add(question);
          return call(path, body);
        };
        return workload.step(counting, rnd, client);
      },
    },
    repeated: () => (calls === 0 ? 0 : repeats / calls),
    /** The share counts the calls from now on; the questions asked before still count as asked. */
    countFromNow: () => {
      calls = 0;
      repeats = 0;
    },
  };
}

/** The chain map's figures: all patents, or those of one segment or keyword. */
export const STATS_MODELS: readonly Model[] = [{}, { segment: "manufacturing" }, { q: "芯片" }, { ipc: "H01L" }];

export { SEARCH_PATH, STATS_PATH };
