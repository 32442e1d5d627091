import { describe, expect, it } from "vitest";
import { documentText, fts5Document, tagOf, tsqueryLiteral, tsvectorLexemes, tsvectorLiteral } from "../../../../server/modules/patents/search/fullText";

describe("the tsvector and tsquery literals", () => {
  it("quote every token, doubling a quote and a backslash, with the title's positions, a gap, the abstract's, then the tags", () => {
    expect(tsvectorLiteral(tsvectorLexemes({ title: ["芯片", "it's", "芯片"], abstract: ["a\\b"] }), [35])).toBe(`'芯片':1,3 'it''s':2 'a\\\\b':5 '${tagOf(35)}'`);
    // A text with no token of its own (nothing but marks) is its tags alone.
    expect(tsvectorLiteral(tsvectorLexemes({ title: [], abstract: [] }), [35])).toBe(`'${tagOf(35)}'`);
    expect(tsqueryLiteral({ phrases: [["芯片", "片制"], ["o'neil"]], tagGroups: [] })).toBe(`('芯片' <-> '片制') & 'o''neil'`);
  });
});

describe("a patent's document text", () => {
  it("is the same tokens for either engine: positions on PostgreSQL, the columns on SQLite", () => {
    expect(documentText("postgres", "芯片封装", "A wafer")).toEqual({ lexemes: "'芯片':1 '片封':2 '封装':3 'a':5 'wafer':6" });
    expect(fts5Document(documentText("sqlite", "芯片封装", "A wafer") as { title: string; abstract: string }, [35])).toEqual({ title: "芯片 片封 封装", abstract: "a wafer", tags: tagOf(35) });
  });
});
