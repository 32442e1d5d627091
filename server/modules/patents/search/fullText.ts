import { tokenize } from "../../../../contract/patents/tokenizer";
import type { Dialect } from "../../../db/database";

/*
 * The full-text index's documents and queries, from the one tokenizer (contract/patents/tokenizer.ts),
 * written for each engine. Neither engine analyses the text itself: SQLite's FTS5 gets the tokens
 * joined by spaces (its unicode61 tokenizer only splits them again), PostgreSQL a tsvector literal
 * with the tokens' positions (its parser under the C locale would not see Chinese at all). A query
 * term is a phrase of its tokens, all terms required, so both find the same patents.
 *
 * Beside the text, a document holds its patent's tags: one token per facet value (values.ts), so
 * that a filter is a term the index intersects with the keywords instead of a check of each match.
 * A tag starts with a private-use character, which the tokenizer never keeps in a query's tokens
 * (it is neither a letter nor a digit) and FTS5's unicode61 keeps inside a token (category Co):
 * no text can match a tag, no tag can match a text.
 */

const TAG_MARK = "\ue000";

/** The token of a facet value's code. */
export const tagOf = (code: number) => `${TAG_MARK}${code.toString(36)}`;

/** PostgreSQL keeps positions up to this (larger ones collapse onto it): both engines index no further. */
const POSITION_MAX = 16_383;
/** PostgreSQL keeps this many positions of one lexeme. */
const POSITIONS_PER_TOKEN = 256;

/** The tokens indexed for a patent, title and abstract apart so that no phrase spans them. */
export interface IndexedTokens {
  title: string[];
  abstract: string[];
}

function indexedTokens(title: string, abstract: string | null): IndexedTokens {
  const titleTokens = tokenize(title).slice(0, POSITION_MAX);
  const room = Math.max(0, POSITION_MAX - titleTokens.length - 1);
  return { title: titleTokens, abstract: tokenize(abstract ?? "").slice(0, room) };
}

/**
 * A patent's text as its full-text document holds it, its tags aside: for PostgreSQL the tsvector
 * literal's lexemes with their positions, for SQLite FTS5's title and abstract columns. Made once a
 * patent; an import makes it in its reader's thread (read/worker.ts), beside the row, where
 * tokenizing a file's text costs the writing thread nothing.
 */
export type DocumentText = { lexemes: string } | { title: string; abstract: string };

export function documentText(dialect: Dialect, title: string, abstract: string | null): DocumentText {
  const tokens = indexedTokens(title, abstract);
  return dialect === "postgres" ? { lexemes: tsvectorLexemes(tokens) } : { title: tokens.title.join(" "), abstract: tokens.abstract.join(" ") };
}

/** A token quoted for a tsvector or tsquery literal (an import quotes some 20 million: most need no escape). */
const NEEDS_ESCAPE = /['\\]/u;
const quoted = (token: string) => (NEEDS_ESCAPE.test(token) ? `'${token.replaceAll("\\", "\\\\").replaceAll("'", "''")}'` : `'${token}'`);

/**
 * The lexemes of a tsvector literal with their positions (`'芯片':1 '片制':2,9 …`). The abstract's
 * positions follow the title's after a gap of one, so a phrase (`<->`, adjacent positions) never
 * joins the title's last token to the abstract's first.
 */
export function tsvectorLexemes(text: IndexedTokens): string {
  const positions = new Map<string, number[]>();
  const add = (token: string, position: number) => {
    const list = positions.get(token);
    if (!list) positions.set(token, [position]);
    else if (list.length < POSITIONS_PER_TOKEN) list.push(position);
  };
  text.title.forEach((token, index) => add(token, index + 1));
  const offset = text.title.length + 2;
  text.abstract.forEach((token, index) => add(token, offset + index));
  return [...positions].map(([token, list]) => `${quoted(token)}:${list.join(",")}`).join(" ");
}

/** The tsvector literal of a patent: its lexemes, then its tags without positions (no phrase holds one). */
export function tsvectorLiteral(lexemes: string, codes: readonly number[]): string {
  return [...(lexemes === "" ? [] : [lexemes]), ...codes.map((code) => quoted(tagOf(code)))].join(" ");
}

/** The largest yyyymmdd a key holds, and the largest id. */
const LAST_DAY = 99_991_231n;
const ID_MAX = 0xffff_ffffn;

/**
 * The FTS5 rowid of a patent: in the list's default order (the latest publication first, then
 * the highest id), ascending. FTS5 walks its matches in rowid order, so a page of a broad query is
 * the first rows of the walk, not a sort of its matches; and it walks them ascending at two thirds
 * of what a descending walk costs (which reads each page of its lists forward first). So the date
 * (yyyymmdd, 0 when unknown) and the id are both counted down: LAST_DAY less the date in the high
 * bits, ID_MAX less the id in the low 32. A bigint: the key passes 2^53.
 */
export const fullTextKey = (publicationDate: string | null, id: number): bigint =>
  keyOfParts(LAST_DAY - BigInt(publicationDate ? publicationDate.replaceAll("-", "") : 0), id);
/** A key from its high part (LAST_DAY less the date) and the id. */
export const keyOfParts = (days: bigint | number, id: number): bigint => (BigInt(days) << 32n) | (ID_MAX - BigInt(id));
/** The patent id of an FTS5 rowid, in SQL. */
export const FULL_TEXT_ID = "(4294967295 - (t.rowid & 4294967295))";
/** The high part of an FTS5 rowid (the date counted down), in SQL. */
export const FULL_TEXT_DAYS = "(t.rowid >> 32)";

/** The FTS5 row of a patent's tokens (contentless: only the tokens are kept), its tags in a column of their own. */
export function fts5Document(text: { title: string; abstract: string }, codes: readonly number[]): { title: string; abstract: string; tags: string } {
  return { title: text.title, abstract: text.abstract, tags: codes.map(tagOf).join(" ") };
}

/**
 * What the full-text index is asked: every phrase, and from each group of tags one (a filter
 * naming several values, such as the applicants whose names contain a text, or the months of a
 * range). A query has a phrase or a group; a group has a tag.
 */
export interface TextQuery {
  phrases: readonly (readonly string[])[];
  tagGroups: readonly (readonly number[])[];
}

/** The tsquery literal of a query: `('芯片' <-> '片制') & 'wafer' & ('\ue0001a' | '\ue0002b')`. */
export function tsqueryLiteral(query: TextQuery): string {
  const phrases = query.phrases.map((phrase) => (phrase.length === 1 ? quoted(phrase[0]) : `(${phrase.map(quoted).join(" <-> ")})`));
  const groups = query.tagGroups.map((group) => (group.length === 1 ? quoted(tagOf(group[0])) : `(${group.map((code) => quoted(tagOf(code))).join(" | ")})`));
  return [...phrases, ...groups].join(" & ");
}

/** The FTS5 MATCH expression of a query: `"芯片 片制" AND "wafer" AND ("\ue0001a" OR "\ue0002b")`. */
export function fts5Match(query: TextQuery): string {
  const phrase = (tokens: readonly string[]) => `"${tokens.join(" ").replaceAll('"', '""')}"`;
  const groups = query.tagGroups.map((group) => (group.length === 1 ? phrase([tagOf(group[0])]) : `(${group.map((code) => phrase([tagOf(code)])).join(" OR ")})`));
  return [...query.phrases.map(phrase), ...groups].join(" AND ");
}
