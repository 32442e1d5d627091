import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TOKEN_MAX_LENGTH, parseQuery, tokenize } from "../../../../contract/patents/tokenizer";

const HAN = fc.constantFrom(..."芯片晶圆封装光刻刻蚀键合制造存储器半导体衬底沉积抛光液硅");
const hanRun = fc.array(HAN, { minLength: 1, maxLength: 12 }).map((chars) => chars.join(""));

describe("tokenize", () => {
  it("makes overlapping bigrams of CJK and folded words of the rest", () => {
    expect(tokenize("芯片制造")).toEqual(["芯片", "片制", "制造"]);
    expect(tokenize("芯")).toEqual(["芯"]);
    expect(tokenize("ＣＭＰ抛光液 FinFET-7nm")).toEqual(["cmp", "抛光", "光液", "finfet", "7nm"]);
    expect(tokenize("陈𬌗")).toEqual(["陈𬌗"]);
    expect(tokenize("a".repeat(TOKEN_MAX_LENGTH + 1))).toEqual([]);
    expect(tokenize("，。 ()")).toEqual([]);
  });

  it("gives a CJK run of n characters n-1 bigrams, each two characters of it in order", () => {
    fc.assert(
      fc.property(hanRun, (run) => {
        const tokens = tokenize(run);
        const chars = Array.from(run);
        expect(tokens).toHaveLength(Math.max(1, chars.length - 1));
        if (chars.length > 1) tokens.forEach((token, at) => expect(token).toBe(chars[at] + chars[at + 1]));
      }),
    );
  });

  it("has no separators or upper case in its tokens, and finds the same in its own output's NFKC form", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        const tokens = tokenize(text);
        for (const token of tokens) {
          expect(token).not.toMatch(/[\s\p{P}]/u);
          expect(token).toBe(token.toLowerCase());
        }
        expect(tokenize(text.normalize("NFKC"))).toEqual(tokens);
      }),
    );
  });

  it("lets a query term of two or more CJK characters find the text that holds it, as the index sees it", () => {
    fc.assert(
      fc.property(hanRun, hanRun, hanRun, (before, term, after) => {
        fc.pre(Array.from(term).length >= 2);
        const text = tokenize(`${before} ${before}${term}${after}`);
        const [phrase] = parseQuery(term).phrases;
        const found = text.some((_, at) => phrase.every((token, offset) => text[at + offset] === token));
        expect(found).toBe(true);
      }),
    );
  });
});

describe("parseQuery", () => {
  it("makes each term a phrase and sets single CJK characters aside", () => {
    expect(parseQuery("芯片 封装结构 光")).toEqual({ phrases: [["芯片"], ["封装", "装结", "结构"]], singleCharacters: ["光"] });
    expect(parseQuery("  CMP  ")).toEqual({ phrases: [["cmp"]], singleCharacters: [] });
    expect(parseQuery("")).toEqual({ phrases: [], singleCharacters: [] });
  });
});
