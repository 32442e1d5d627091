import { tokenize } from "../../../../contract/patents/tokenizer";

/*
 * The full-text index's documents and queries, from the one tokenizer (contract/patents/tokenizer.ts),
 * written for each engine. Neither engine analyses the text itself: SQLite's FTS5 gets the tokens
 * joined by spaces (its unicode61 tokenizer only splits them again), PostgreSQL a tsvector literal
 * with the tokens' positions (its parser under the C locale would not see Chinese at all). A query
 * term is a phrase of its tokens, all terms required, so both find the same patents.
 */

/** PostgreSQL keeps positions up to this (larger ones collapse onto it): both engines index no further. */
const POSITION_MAX = 16_383;
/** PostgreSQL keeps this many positions of one lexeme. */
const POSITIONS_PER_TOKEN = 256;

export interface IndexedText {
  title: string[];
  abstract: string[];
}

/**
 * The tokens indexed for a patent, title and abstract apart so that no phrase spans them. The
 * abstract's positions follow the title's after a gap of one, so on PostgreSQL too a phrase (`<->`,
 * adjacent positions) never joins the title's last token to the abstract's first.
 */
export function indexedText(title: string, abstract: string | null): IndexedText {
  const titleTokens = tokenize(title).slice(0, POSITION_MAX);
  const room = Math.max(0, POSITION_MAX - titleTokens.length - 1);
  return { title: titleTokens, abstract: tokenize(abstract ?? "").slice(0, room) };
}

/** A token quoted for a tsvector or tsquery literal. */
const quoted = (token: string) => `'${token.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;

/** The tsvector literal of a patent's tokens: `'芯片':1 '片制':2,9 …`. */
export function tsvectorLiteral(text: IndexedText): string {
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

/** The FTS5 row of a patent's tokens (contentless: only the tokens are kept). */
export function fts5Document(text: IndexedText): { title: string; abstract: string } {
  return { title: text.title.join(" "), abstract: text.abstract.join(" ") };
}

/** The tsquery literal of a query's phrases: `'芯片' <-> '片制' & 'wafer'`. */
export function tsqueryLiteral(phrases: readonly (readonly string[])[]): string {
  return phrases.map((phrase) => (phrase.length === 1 ? quoted(phrase[0]) : `(${phrase.map(quoted).join(" <-> ")})`)).join(" & ");
}

/** The FTS5 MATCH expression of a query's phrases: `"芯片 片制" AND "wafer"`. */
export function fts5Match(phrases: readonly (readonly string[])[]): string {
  return phrases.map((phrase) => `"${phrase.join(" ").replaceAll('"', '""')}"`).join(" AND ");
}
