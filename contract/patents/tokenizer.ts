/**
 * The one tokenizer of patent text (issue 12), for the index and the query alike, on every
 * search engine: runs of CJK characters become their overlapping bigrams (芯片制造 -> 芯片 片制 制造;
 * a lone character stays itself), any other run of letters and digits becomes one word, folded
 * by NFKC and lower-cased. Everything else separates. SQLite's FTS5 index, PostgreSQL's tsvector
 * and an OpenSearch `cjk` analyzer all see these same pieces, so one query finds the same
 * patents on each.
 */

/**
 * Han ideographs (extension A, the compatibility block, and extensions B onwards, where names'
 * rare characters such as 𬌗 live), kana and hangul: scripts written without spaces.
 */
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\u{20000}-\u{3134f}]/u;
/**
 * A run of CJK characters, or a run of other letters and digits: CJK letters are letters too, so
 * the word run stops before them (CMP抛光液 is cmp, then 抛光 光液).
 */
const PIECE =
  /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\u{20000}-\u{3134f}]+|(?:(?![\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\u{20000}-\u{3134f}])[\p{L}\p{N}])+/gu;
/** Longer words are not search terms (and would exceed index key limits): they are left out. */
export const TOKEN_MAX_LENGTH = 64;

/** The tokens of a text in order; a token's position is its index plus one. */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const [piece] of text.normalize("NFKC").matchAll(PIECE)) {
    if (CJK.test(piece)) {
      const chars = Array.from(piece);
      if (chars.length === 1) tokens.push(piece);
      else for (let i = 0; i + 1 < chars.length; i++) tokens.push(chars[i] + chars[i + 1]);
    } else if (piece.length <= TOKEN_MAX_LENGTH) {
      tokens.push(piece.toLowerCase());
    }
  }
  return tokens;
}

/** A search text as the index reads it: each term (split at spaces) a phrase of its tokens, all required. */
export interface ParsedQuery {
  /** One phrase a term: its tokens must stand next to each other, in order. */
  phrases: string[][];
  /** Terms of a single CJK character: no bigram holds them, so the index cannot find them alone. */
  singleCharacters: string[];
}

export function parseQuery(text: string): ParsedQuery {
  const phrases: string[][] = [];
  const singleCharacters: string[] = [];
  for (const term of text.normalize("NFKC").split(/\s+/u)) {
    const tokens = tokenize(term);
    if (tokens.length === 0) continue;
    if (tokens.length === 1 && Array.from(tokens[0]).length === 1 && CJK.test(tokens[0])) singleCharacters.push(tokens[0]);
    else phrases.push(tokens);
  }
  return { phrases, singleCharacters };
}
