import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LONG_TEXT_MAX } from "../../../../contract/limits";
import { diffAnswers, sideOf, type DiffPart } from "../../../../resources/serviceRecords/answerDiff";

/** Texts with a small alphabet (so they share a lot), Chinese, Latin words, spaces, line breaks and astral characters. */
const text = (maxLength: number) =>
  fc
    .array(fc.constantFrom("专", "利", "数", "量", "的", "研", "发", "a", "b", "word", "12", " ", "\n", "，", "😀"), { maxLength })
    .map((pieces) => pieces.join(""));

/** Neither kind follows itself, and a change's deletion comes before its insertion. */
function wellFormed(parts: readonly DiffPart[]): boolean {
  return parts.every(
    (part, index) =>
      part.text !== "" &&
      (index === 0 || parts[index - 1].type !== part.type) &&
      !(part.type === "delete" && parts[index - 1]?.type === "insert"),
  );
}

describe("the answer diff", () => {
  it("spells `after` from its kept and inserted parts, `before` from its kept and deleted ones", () => {
    fc.assert(
      fc.property(text(60), text(60), (before, after) => {
        const parts = diffAnswers(before, after);
        expect(sideOf(parts, "after")).toBe(after);
        expect(sideOf(parts, "before")).toBe(before);
        expect(wellFormed(parts)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("keeps both sides also for arbitrary Unicode", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 80 }), fc.string({ unit: "binary", maxLength: 80 }), (before, after) => {
        const parts = diffAnswers(before, after);
        expect(sideOf(parts, "after")).toBe(after);
        expect(sideOf(parts, "before")).toBe(before);
      }),
      { numRuns: 300 },
    );
  });

  it("marks Chinese by characters and English by words", () => {
    expect(diffAnswers("已有发明专利10件", "已有发明专利12件")).toEqual([
      { type: "equal", text: "已有发明专利" },
      { type: "delete", text: "10" },
      { type: "insert", text: "12" },
      { type: "equal", text: "件" },
    ]);
    expect(diffAnswers("设有知识产权部", "设有知识产权部，两名专职人员")).toEqual([
      { type: "equal", text: "设有知识产权部" },
      { type: "insert", text: "，两名专职人员" },
    ]);
    expect(diffAnswers("two patent engineers", "three patent engineers")).toEqual([
      { type: "delete", text: "two" },
      { type: "insert", text: "three" },
      { type: "equal", text: " patent engineers" },
    ]);
    expect(diffAnswers("研发投入高", "研发投入较高，人员多")).toEqual([
      { type: "equal", text: "研发投入" },
      { type: "insert", text: "较" },
      { type: "equal", text: "高" },
      { type: "insert", text: "，人员多" },
    ]);
  });

  it("shows a rewrite as one replacement, not around a stray shared character", () => {
    expect(diffAnswers("已有发明专利10件", "已有发明专利12件，另有实用新型3项")).toEqual([
      { type: "equal", text: "已有发明专利" },
      { type: "delete", text: "10" },
      { type: "insert", text: "12" },
      { type: "equal", text: "件" },
      { type: "insert", text: "，另有实用新型3项" },
    ]);
    expect(diffAnswers("第2题的回答", "已有发明专利2件")).toEqual([
      { type: "delete", text: "第2题的回答" },
      { type: "insert", text: "已有发明专利2件" },
    ]);
  });

  it("handles empty and equal texts", () => {
    expect(diffAnswers("", "")).toEqual([]);
    expect(diffAnswers("", "新回答")).toEqual([{ type: "insert", text: "新回答" }]);
    expect(diffAnswers("旧回答", "")).toEqual([{ type: "delete", text: "旧回答" }]);
    expect(diffAnswers("不变", "不变")).toEqual([{ type: "equal", text: "不变" }]);
  });

  it("diffs two answers of the longest allowed length in full, quickly", () => {
    const random = (length: number, seed: number) => {
      let state = seed;
      return Array.from({ length }, () => {
        state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
        return "专利研发人员投入数量件年"[state % 12];
      }).join("");
    };
    const before = random(LONG_TEXT_MAX, 1);
    const after = random(LONG_TEXT_MAX, 2);
    const started = performance.now();
    const parts = diffAnswers(before, after);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(sideOf(parts, "before")).toBe(before);
    expect(sideOf(parts, "after")).toBe(after);
    // A real alignment, not the whole-text fallback: something is kept.
    expect(parts.some((part) => part.type === "equal")).toBe(true);
  });

  it("falls back to trimming the common ends and replacing the middle for very long texts", () => {
    const common = "共同开头".repeat(500);
    const before = `${common}${"甲乙".repeat(10_000)}结尾`;
    const after = `${common}${"乙甲".repeat(10_000)}结尾`;
    const started = performance.now();
    const parts = diffAnswers(before, after);
    expect(performance.now() - started).toBeLessThan(500);
    expect(parts).toEqual([
      { type: "equal", text: common },
      { type: "delete", text: "甲乙".repeat(10_000) },
      { type: "insert", text: "乙甲".repeat(10_000) },
      { type: "equal", text: "结尾" },
    ]);
  });
});
