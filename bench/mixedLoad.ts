import { request, type Agent } from "node:http";
import { ARCHIVE_PAGE_SIZE } from "../contract/limits";
import { random } from "./archive/dataset";
import { keepAliveAgent, percentile } from "./archive/load";

/**
 * Staff at work on the service archive, as the administrator: reading a company's visit records
 * and questionnaire, adding visit records, saving answers. Every call is kept with its time and
 * status, and every write the server acknowledged with what it wrote, so a bench can check
 * afterwards that the database holds all of them.
 */

export interface MixedLoadOptions {
  baseUrl: string;
  token: string;
  /** One company per client: a client's answers are its own, written one after another. */
  companies: readonly number[];
  /** Question numbers the answers go to. */
  questions: readonly { serviceNo: string; questionNo: string }[];
  clients: number;
  durationMs: number;
  seed: number;
}

export type CallKind = "read" | "record" | "answer";

export interface Call {
  kind: CallKind;
  /** When it was sent, in ms from the start of the run. */
  sentAt: number;
  ms: number;
  /** HTTP status; 0: no answer at all (connection refused or reset). */
  status: number;
}

export interface SavedAnswer {
  compId: number;
  questionNo: string;
  answer: string;
}

export interface MixedLoadResult {
  calls: Call[];
  seconds: number;
  /** Ids of the visit records whose save was answered code 200. */
  acknowledgedRecords: number[];
  /** Per company and question: the last answer acknowledged, and any tried after it (whose fate the client does not know). */
  answers: Map<string, { acknowledged: string | null; triedAfter: string[] }>;
  firstFailure: string | null;
}

export const answerKey = (compId: number, questionNo: string) => `${compId}/${questionNo}`;

interface Answer {
  status: number;
  body: { code?: number; message?: string; result?: unknown } | null;
}

/** One JSON call over a kept-alive connection; a connection failure is status 0. */
function call(url: string, agent: Agent, token: string, body?: unknown): Promise<Answer> {
  return new Promise((done) => {
    const headers = { "content-type": "application/json", authorization: `bearer ${token}` };
    const req = request(url, { method: body === undefined ? "GET" : "POST", agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        let parsed: Answer["body"] = null;
        try {
          parsed = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Answer["body"];
        } catch {
          // not JSON: the status says enough
        }
        done({ status: res.statusCode ?? 0, body: parsed });
      });
      res.on("error", () => done({ status: 0, body: null }));
    });
    req.on("error", () => done({ status: 0, body: null }));
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** `clients` loops for the duration: 60 % reads, 20 % visit records added, 20 % answers saved. */
export async function runMixedLoad(options: MixedLoadOptions, agent: Agent): Promise<MixedLoadResult> {
  const { baseUrl, token } = options;
  const calls: Call[] = [];
  const acknowledgedRecords: number[] = [];
  const answers = new Map<string, { acknowledged: string | null; triedAfter: string[] }>();
  let firstFailure: string | null = null;
  const started = performance.now();
  const deadline = started + options.durationMs;

  const timed = async (kind: CallKind, path: string, body?: unknown): Promise<Answer> => {
    const sent = performance.now();
    const answer = await call(`${baseUrl}${path}`, agent, token, body);
    calls.push({ kind, sentAt: sent - started, ms: performance.now() - sent, status: answer.status });
    if (answer.status !== 200 || answer.body?.code !== 200) firstFailure ??= `${kind} ${path}: ${answer.status} ${answer.body?.message ?? ""}`;
    return answer;
  };

  const client = async (n: number) => {
    const rnd = random(options.seed * 1000 + n);
    const compId = options.companies[n % options.companies.length];
    let written = 0;
    while (performance.now() < deadline) {
      const roll = rnd();
      if (roll < 0.45) {
        await timed("read", "/api/archives/queryArchivesPage", { current: 1, size: ARCHIVE_PAGE_SIZE, model: { compId } });
      } else if (roll < 0.6) {
        const { serviceNo } = options.questions[Math.floor(rnd() * options.questions.length)];
        await timed("read", "/api/archives/queryServiceQuestion", { compId, serviceType: serviceNo });
      } else if (roll < 0.8) {
        const answer = await timed("record", "/api/archives/releaseArchives", {
          compId,
          researchers: "压测员",
          contactPerson: "王经理",
          contactPersonPhone: "13800138000",
          contactPersonPosition: "总经理",
          cooperativePartner: "电子科技大学",
          belongCustomer: "重点客户",
          businessOpportunity: "专利布局咨询",
          mainBusiness: "功率半导体器件设计",
          serviceContent: `<p>压测走访 ${n}-${++written}</p>`,
          serviceTime: "2026-03-10 12:00:00",
        });
        const id = (answer.body?.result as { id?: number } | undefined)?.id;
        if (answer.status === 200 && answer.body?.code === 200 && typeof id === "number") acknowledgedRecords.push(id);
      } else {
        const { questionNo } = options.questions[Math.floor(rnd() * options.questions.length)];
        const text = `压测回答 ${n}-${++written}`;
        const key = answerKey(compId, questionNo);
        const entry = answers.get(key) ?? { acknowledged: null, triedAfter: [] };
        answers.set(key, entry);
        entry.triedAfter.push(text);
        const answer = await timed("answer", "/api/archives/serviceAnswer", [{ compId, questionNo, currentAnswer: text }]);
        if (answer.status === 200 && answer.body?.code === 200) {
          entry.acknowledged = text;
          entry.triedAfter = [];
        }
      }
    }
  };

  await Promise.all(Array.from({ length: options.clients }, (_, n) => client(n)));
  return { calls, seconds: (performance.now() - started) / 1000, acknowledgedRecords, answers, firstFailure };
}

/** Companies for the clients and the questions to answer, made through the API as the administrator. */
export async function prepareArchive(baseUrl: string, token: string, companies: number): Promise<Pick<MixedLoadOptions, "companies" | "questions">> {
  const agent = keepAliveAgent(8);
  try {
    const ids: number[] = [];
    for (let i = 0; i < companies; i++) {
      const saved = await call(`${baseUrl}/api/company/save`, agent, token, { name: `压测企业${String(i + 1).padStart(4, "0")}` });
      const id = (saved.body?.result as { id?: number } | undefined)?.id;
      if (saved.status !== 200 || typeof id !== "number") throw new Error(`company not created: ${saved.status} ${saved.body?.message ?? ""}`);
      ids.push(id);
    }
    const dimensions = await call(`${baseUrl}/api/archives/queryDimension`, agent, token);
    const questions: { serviceNo: string; questionNo: string }[] = [];
    for (const { serviceNo } of (dimensions.body?.result as { serviceNo: string }[] | undefined) ?? []) {
      const listed = await call(`${baseUrl}/api/archives/queryServiceQuestion`, agent, token, { compId: ids[0], serviceType: serviceNo });
      for (const { questionNo } of (listed.body?.result as { questionNo: string }[] | undefined) ?? []) questions.push({ serviceNo, questionNo });
    }
    if (questions.length === 0) throw new Error("no questionnaire questions to answer");
    return { companies: ids, questions };
  } finally {
    agent.destroy();
  }
}

/** p50, p99 and max of the calls' times, in ms. */
export function latencies(calls: readonly Call[]): { p50: number; p99: number; max: number } {
  const sorted = Float64Array.from(calls, (c) => c.ms).sort();
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
}
