import { describe, expect, it } from "vitest";
import { tagOf, tsqueryLiteral, tsvectorLiteral } from "../../../../server/modules/patents/search/fullText";

describe("the tsvector and tsquery literals", () => {
  it("quote every token, doubling a quote and a backslash, with the title's positions, a gap, the abstract's, then the tags", () => {
    expect(tsvectorLiteral({ title: ["芯片", "it's", "芯片"], abstract: ["a\\b"], codes: [35] })).toBe(`'芯片':1,3 'it''s':2 'a\\\\b':5 '${tagOf(35)}'`);
    expect(tsqueryLiteral({ phrases: [["芯片", "片制"], ["o'neil"]], tagGroups: [] })).toBe(`('芯片' <-> '片制') & 'o''neil'`);
  });
});
