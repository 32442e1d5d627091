/**
 * The city's semiconductor industry chain by patent classification (issue 12 item 4): each segment
 * is a set of IPC/CPC subclasses, main groups, subgroups and subgroup ranges, so every patent gets
 * the segments its codes fall in, the same on every database and in the app.
 */
import { COMPANY_SEGMENTS, type CompanySegment } from "../companies";

/**
 * Written as the issue gives them: a subclass (G11C), a main group (G06F30), a subgroup with what
 * lies under it (H01J37/32), or a range of subgroups within one main group (H01L21/02-H01L21/477,
 * short form H01L21/50-56), both ends included with what lies under the upper one.
 */
export const SEGMENT_CLASSES: Record<CompanySegment, readonly string[]> = {
  design: ["G06F30", "G11C", "H03K"],
  manufacturing: ["H01L21/02-H01L21/477", "G03F1", "G03F7", "H10B", "H10D"],
  packagingTest: ["H01L21/50-56", "H01L23", "H01L25", "G01R31/26-G01R31/3193"],
  equipment: ["H01L21/67", "C23C14", "C23C16", "H01J37/32", "B24B37", "C30B15"],
  materials: ["C30B29/06", "G03F7/004", "C09G1/02", "C09K13"],
};

/** A classification code in parts: subclass (H01L), main group (21), subgroup digits ("02"); the latter two may be absent. */
interface ClassCode {
  subclass: string;
  group: number | null;
  subgroup: string | null;
}

const CODE = /^([A-H]\d{2}[A-Z])(?:(\d{1,4})(?:\/(\d{1,6}))?)?$/u;

/**
 * A classification code as the platform writes it: "H01L 21/02", "h01l21/02", "H01L0021/02",
 * "H01L 21/02 (2006.01)" all become "H01L21/02". Null for text that is no IPC/CPC code.
 */
export function normaliseIpc(raw: string): string | null {
  const text = raw
    .normalize("NFKC")
    .replace(/\(\d{4}\.\d{2}\)/gu, "")
    .replace(/\s+/gu, "")
    .toUpperCase();
  const match = CODE.exec(text);
  if (!match) return null;
  const [, subclass, group, subgroup] = match;
  if (group === undefined) return subclass;
  return `${subclass}${Number(group)}${subgroup === undefined ? "" : `/${subgroup.length === 1 ? `0${subgroup}` : subgroup}`}`;
}

function parse(code: string): ClassCode | null {
  const match = CODE.exec(code);
  if (!match) return null;
  return { subclass: match[1], group: match[2] === undefined ? null : Number(match[2]), subgroup: match[3] ?? null };
}

/**
 * Subgroups order as decimal fractions, not as integers: H01L21/477 comes before H01L21/50, and
 * H01L21/0271 lies between /02 and /03. So digits compare after padding the shorter with zeros.
 */
function compareSubgroups(a: string, b: string): number {
  const width = Math.max(a.length, b.length);
  const left = a.padEnd(width, "0");
  const right = b.padEnd(width, "0");
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Whether subgroup `code` is `head` or lies under it (its digits continue head's: /3205 under /32). */
const under = (code: string, head: string) => code.startsWith(head) || compareSubgroups(code, head) === 0;

type Matcher = (code: ClassCode) => boolean;

function matcherOf(definition: string): Matcher {
  const [from, to] = definition.split("-");
  const start = parse(from);
  if (!start) throw new Error(`Bad segment class ${definition}`);
  if (to === undefined) {
    return (code) =>
      code.subclass === start.subclass &&
      (start.group === null || code.group === start.group) &&
      (start.subgroup === null || (code.subgroup !== null && under(code.subgroup, start.subgroup)));
  }
  const end = /^\d+$/u.test(to) ? to : parse(to)?.subgroup;
  if (start.subgroup === null || !end) throw new Error(`Bad segment range ${definition}`);
  const first = start.subgroup;
  return (code) =>
    code.subclass === start.subclass &&
    code.group === start.group &&
    code.subgroup !== null &&
    compareSubgroups(code.subgroup, first) >= 0 &&
    (compareSubgroups(code.subgroup, end) <= 0 || under(code.subgroup, end));
}

const MATCHERS: readonly (readonly [CompanySegment, readonly Matcher[]])[] = COMPANY_SEGMENTS.map((segment) => [segment, SEGMENT_CLASSES[segment].map(matcherOf)]);

/** The segments any of these codes (IPC or CPC, written any way normaliseIpc reads) falls in, in COMPANY_SEGMENTS order. */
export function segmentsOf(codes: readonly string[]): CompanySegment[] {
  const parsed = codes.flatMap((raw) => {
    const code = normaliseIpc(raw);
    const parts = code === null ? null : parse(code);
    return parts ? [parts] : [];
  });
  return MATCHERS.filter(([, matchers]) => parsed.some((code) => matchers.some((matches) => matches(code)))).map(([segment]) => segment);
}
