/**
 * What changed between two versions of an answer, for the history dialog: a list of parts, each kept,
 * inserted or deleted. The kept and inserted parts, in order, spell the new text; the kept and deleted
 * ones the old text.
 *
 * Texts are compared by tokens: a run of Latin letters or digits is one token (so English changes
 * show by word), every other character (a Chinese character, a punctuation mark, a space) is a token of
 * its own (Chinese has no spaces between words). The common start and end are set aside, the middle
 * goes through a longest-common-subsequence table, and tiny kept pieces stranded between larger
 * changes are folded into them, so a rewrite reads as one replacement rather than confetti.
 *
 * Bounded: the table holds one cell per pair of middle tokens; above DIFF_MAX_CELLS (answers are at
 * most LONG_TEXT_MAX characters, which stays under it) the middle is shown as replaced as a whole.
 */

export type DiffPart = { type: "equal" | "insert" | "delete"; text: string };

/** Cells of the largest comparison table: 1,000 × 1,000 tokens and a little more (2 bytes a cell). */
export const DIFF_MAX_CELLS = 1_100_000;

const TOKEN = /[\p{Script=Latin}\p{Nd}_]+|./gsu;

const tokensOf = (text: string): string[] => text.match(TOKEN) ?? [];

/** Appends a part, merging it with the last one when they are of the same kind. */
function push(parts: DiffPart[], type: DiffPart["type"], text: string): void {
  if (text === "") return;
  const last = parts[parts.length - 1];
  if (last && last.type === type) last.text += text;
  else parts.push({ type, text });
}

/** The longest common subsequence's edit script of two token lists, as parts. */
function lcsParts(a: readonly string[], b: readonly string[]): DiffPart[] {
  const n = a.length;
  const m = b.length;
  const width = m + 1;
  // lengths[i * width + j]: the LCS of a[i..] and b[j..]. Fits 16 bits: it is at most
  // min(n, m) ≤ √DIFF_MAX_CELLS.
  const lengths = new Uint16Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    const row = i * width;
    const below = row + width;
    for (let j = m - 1; j >= 0; j--) {
      lengths[row + j] = a[i] === b[j] ? lengths[below + j + 1] + 1 : Math.max(lengths[below + j], lengths[row + j + 1]);
    }
  }
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      push(parts, "equal", a[i]);
      i++;
      j++;
    } else if (lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]) {
      push(parts, "delete", a[i]);
      i++;
    } else {
      push(parts, "insert", b[j]);
      j++;
    }
  }
  for (; i < n; i++) push(parts, "delete", a[i]);
  for (; j < m; j++) push(parts, "insert", b[j]);
  return parts;
}

/**
 * Each changed stretch as its deletion then its insertion, neighbours of a kind merged, empty parts
 * dropped: the one form `tidy` and the renderer rely on.
 */
function normalize(parts: readonly DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  let deleted = "";
  let inserted = "";
  const flush = () => {
    push(out, "delete", deleted);
    push(out, "insert", inserted);
    deleted = "";
    inserted = "";
  };
  for (const part of parts) {
    if (part.type === "delete") deleted += part.text;
    else if (part.type === "insert") inserted += part.text;
    else {
      flush();
      push(out, "equal", part.text);
    }
  }
  flush();
  return out;
}

const lengthOf = (text: string) => [...text].length;

/**
 * Folds a kept piece into the changes around it when the change on either hand (its larger side) is
 * at least three times as long (diff-match-patch's semantic clean-up, simplified and stricter, since
 * one kept Chinese character is often meaningful): "第2题的回答" → "已有发明专利2件" keeps no lone
 * "2", while "10件" → "12件，另有3项" keeps its "件". Repeats until nothing folds; each round removes a
 * kept piece, so it ends.
 */
function tidy(parts: DiffPart[]): DiffPart[] {
  let current = normalize(parts);
  for (;;) {
    let folded = false;
    const changeAround = (from: number, step: 1 | -1) => {
      let deleted = 0;
      let inserted = 0;
      for (let k = from; k >= 0 && k < current.length && current[k].type !== "equal"; k += step) {
        if (current[k].type === "delete") deleted += lengthOf(current[k].text);
        else inserted += lengthOf(current[k].text);
      }
      return Math.max(deleted, inserted);
    };
    for (let k = 1; k < current.length - 1; k++) {
      const part = current[k];
      if (part.type !== "equal") continue;
      const before = changeAround(k - 1, -1);
      const after = changeAround(k + 1, 1);
      const size = lengthOf(part.text);
      if (size * 3 <= before && size * 3 <= after) {
        current = normalize([...current.slice(0, k), { type: "delete", text: part.text }, { type: "insert", text: part.text }, ...current.slice(k + 1)]);
        folded = true;
        break;
      }
    }
    if (!folded) return current;
  }
}

/** How `before` became `after`, in parts (see the file's comment). */
export function diffAnswers(before: string, after: string): DiffPart[] {
  if (before === after) return before === "" ? [] : [{ type: "equal", text: before }];
  const a = tokensOf(before);
  const b = tokensOf(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const middleA = a.slice(start, endA);
  const middleB = b.slice(start, endB);
  const middle: DiffPart[] =
    (middleA.length + 1) * (middleB.length + 1) <= DIFF_MAX_CELLS
      ? lcsParts(middleA, middleB)
      : [
          { type: "delete", text: middleA.join("") },
          { type: "insert", text: middleB.join("") },
        ];
  return tidy([
    { type: "equal", text: a.slice(0, start).join("") },
    ...middle,
    { type: "equal", text: a.slice(endA).join("") },
  ]);
}

/** The text the parts spell on one side: `before` (kept and deleted) or `after` (kept and inserted). */
export function sideOf(parts: readonly DiffPart[], side: "before" | "after"): string {
  const skipped = side === "before" ? "insert" : "delete";
  return parts
    .filter((part) => part.type !== skipped)
    .map((part) => part.text)
    .join("");
}
