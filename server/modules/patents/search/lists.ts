/*
 * Lists of matches held in memory, which a search's summary and its default pages are read from
 * instead of asking the database to intersect its index again (sql.ts, `walkOf`). A keyword's
 * matches are one list in the index's order; each facet value it is filtered by is a set of ids,
 * a bit per patent, so intersecting a keyword with a type, a status or a range of years costs a
 * test of a machine word a match rather than a merge of two of the index's postings (5-15 ms at a
 * million patents, for a facet shared by half of them). Both are read once per generation of the
 * patents and kept (GenerationKeep) within LISTS_BUDGET.
 */

/** The memory a process keeps lists, sets and the latest patents' codes in, in bytes. */
export const LISTS_BUDGET = 96 * 1024 * 1024;
/** A query matching more patents than this is not held as a list: the database walks it. */
export const LIST_MAX = 2_000_000;

/**
 * The matches of a query in the order of the engine's index: their ids, and on SQLite `days`, the
 * high part of their FTS5 keys (fullTextKey: the publication date counted down; keyOfParts makes a
 * key of the two), ascending by key; on PostgreSQL the ids descending, `days` null.
 */
export interface MatchList {
  ids: Int32Array;
  days: Int32Array | null;
}

/** The decimal numbers of a text separated by spaces (the database joins a list into one text: 30 times cheaper than a row each). */
function numbersOf(text: string): Int32Array {
  let count = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 32) count++;
  const numbers = new Int32Array(count + 1);
  let at = 0;
  let value = 0;
  let digits = false;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 32;
    if (c !== 32) {
      value = value * 10 + (c - 48);
      digits = true;
    } else if (digits) {
      numbers[at++] = value;
      value = 0;
      digits = false;
    }
  }
  return numbers.subarray(0, at);
}

/** A list from the database's text of its entries in any order: on SQLite `days id` pairs, on PostgreSQL ids. */
export function listOfText(text: string, paired: boolean): MatchList {
  const numbers = numbersOf(text);
  if (!paired) {
    const ids = numbers;
    for (let i = 1; i < ids.length; i++) if (ids[i - 1] < ids[i]) return { ids: ids.sort().reverse(), days: null };
    return { ids, days: null };
  }
  const length = numbers.length >> 1;
  const ids = new Int32Array(length);
  const days = new Int32Array(length);
  let sorted = true;
  for (let i = 0; i < length; i++) {
    days[i] = numbers[2 * i];
    ids[i] = numbers[2 * i + 1];
    // The key's order: the days ascending, then the id descending.
    if (i > 0 && (days[i - 1] > days[i] || (days[i - 1] === days[i] && ids[i - 1] < ids[i]))) sorted = false;
  }
  if (sorted) return { ids, days };
  const order = Array.from({ length }, (_, i) => i).sort((a, b) => days[a] - days[b] || ids[b] - ids[a]);
  return { ids: Int32Array.from(order, (i) => ids[i]), days: Int32Array.from(order, (i) => days[i]) };
}

/**
 * Every patent's place in the list's default order (the latest publication first, ties by the
 * highest id), read once a generation on PostgreSQL: its lists are in the order of its own index
 * (the latest imported first), and a page in the default order is read from a copy of the list
 * put in this order (inDefaultOrder).
 */
export interface PlacesInOrder {
  /** Each id's place plus one (0: not among them), by id. */
  placeOf: Int32Array;
  /** The id at each place. */
  idAt: Int32Array;
}

/** The places from the database's text of every patent's id, in the default order. */
export function placesOfText(text: string): PlacesInOrder {
  const idAt = numbersOf(text);
  let largest = 0;
  for (const id of idAt) if (id > largest) largest = id;
  const placeOf = new Int32Array(largest + 1);
  for (let place = 0; place < idAt.length; place++) placeOf[idAt[place]] = place + 1;
  return { placeOf, idAt };
}

export const placesBytes = (places: PlacesInOrder) => places.placeOf.byteLength + places.idAt.byteLength;

/**
 * A list's ids in the default order: their places marked a bit each, then read in order, in time
 * linear in the patents' number (600,000 of a million in 10-50 ms, where sorting their places as a
 * typed array took 80-200 ms). An id
 * without a place (written after the places were read, before the generation they were kept for
 * ended) goes last, the highest first.
 */
export function inDefaultOrder(list: MatchList, { placeOf, idAt }: PlacesInOrder): MatchList {
  const marks = new Uint32Array((idAt.length >>> 5) + 1);
  const unplaced: number[] = [];
  for (const id of list.ids) {
    const place = id < placeOf.length ? placeOf[id] - 1 : -1;
    if (place < 0) unplaced.push(id);
    else marks[place >>> 5] |= 1 << (place & 31);
  }
  const ids = new Int32Array(list.ids.length);
  let count = 0;
  for (let word = 0; word < marks.length; word++) {
    for (let bits = marks[word]; bits !== 0; bits &= bits - 1) ids[count++] = idAt[(word << 5) + 31 - Math.clz32(bits & -bits)];
  }
  ids.set(unplaced.sort((a, b) => b - a), count);
  return { ids, days: null };
}

export const listBytes = (list: MatchList | null) => (list ? list.ids.byteLength + (list.days?.byteLength ?? 0) : 64);

/** The ids of a text of ids as a set: a bit per id up to the largest. */
export function setOfText(text: string): Uint32Array {
  const ids = numbersOf(text);
  let largest = 0;
  for (const id of ids) if (id > largest) largest = id;
  const bits = new Uint32Array((largest >>> 5) + 1);
  for (const id of ids) bits[id >>> 5] |= 1 << (id & 31);
  return bits;
}

/** The ids every set holds, ascending (the smallest set's ids tested against the others). */
export function idsInAll(sets: readonly Uint32Array[]): number[] {
  if (sets.length === 0) return [];
  const [smallest, ...others] = [...sets].sort((a, b) => a.length - b.length);
  const ids: number[] = [];
  for (let word = 0; word < smallest.length; word++) {
    let bits = smallest[word];
    for (const set of others) bits &= set[word];
    for (; bits !== 0; bits &= bits - 1) ids.push(word * 32 + (31 - Math.clz32(bits & -bits)));
  }
  return ids;
}

/** The positions in `list` of the entries every set holds, in the list's order, at most `limit` of them. */
export function positionsIn(list: MatchList, sets: readonly Uint32Array[], limit: number): Int32Array {
  const { ids } = list;
  const found = new Int32Array(Math.min(limit, ids.length));
  let count = 0;
  if (sets.length === 0) {
    for (; count < found.length; count++) found[count] = count;
    return found;
  }
  for (let i = 0; i < ids.length && count < limit; i++) {
    const id = ids[i];
    const word = id >>> 5;
    const bit = 1 << (id & 31);
    let every = true;
    for (const set of sets) {
      if (word >= set.length || (set[word] & bit) === 0) {
        every = false;
        break;
      }
    }
    if (every) found[count++] = i;
  }
  return found.subarray(0, count);
}

/**
 * The facet codes of the latest patents in the index's order, in memory: a summary's sample, the
 * latest matches of its query, is most often among them, and reading each sampled patent's codes
 * from the database took some 3-5 ms a summary (a row here, a row there).
 */
export interface LatestCodes {
  /** The row of each patent id plus one (0: not among them), by id. */
  rowOf: Int32Array;
  /** Row r's codes, as indexes into `distinct`, are codes[offsets[r]] up to codes[offsets[r + 1]]. */
  offsets: Int32Array;
  codes: Int32Array;
  distinct: Float64Array;
}

/**
 * The latest patents' codes read from the database's texts of them, a part at a time (`add`):
 * `id code code …` a patent, patents separated by commas; only the codes `keep` accepts. Each part
 * is parsed in one pass into typed arrays, no string made of it, and can be dropped at once: some
 * 7 MB of text a part, where holding every part and growing arrays of numbers took 100 MB more at
 * the peak for 600,000 patents.
 */
export function latestCodesReader(keep: (code: number) => boolean): { add(text: string): void; done(): LatestCodes } {
  const parts: { ids: Int32Array; ends: Int32Array; codes: Int32Array }[] = [];
  const index = new Map<number, number>();
  return {
    add(text) {
      // At most a patent a comma and a code a separator.
      let separators = 1;
      for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 44) separators++;
      const ids = new Int32Array(separators);
      const ends = new Int32Array(separators);
      const codes = new Int32Array(separators);
      let patents = 0;
      let coded = 0;
      let value = 0;
      let digits = false;
      let first = true;
      for (let i = 0; i <= text.length; i++) {
        const c = i < text.length ? text.charCodeAt(i) : 44;
        if (c !== 32 && c !== 44) {
          value = value * 10 + (c - 48);
          digits = true;
          continue;
        }
        if (digits) {
          if (first) ids[patents] = value;
          else if (keep(value)) {
            let local = index.get(value);
            if (local === undefined) index.set(value, (local = index.size));
            codes[coded++] = local;
          }
          first = false;
        }
        value = 0;
        digits = false;
        if (c === 44 && !first) {
          ends[patents++] = coded;
          first = true;
        }
      }
      parts.push({ ids: ids.slice(0, patents), ends: ends.slice(0, patents), codes: codes.slice(0, coded) });
    },
    done() {
      let largest = 0;
      let patents = 0;
      let coded = 0;
      for (const part of parts) {
        for (const id of part.ids) if (id > largest) largest = id;
        patents += part.ids.length;
        coded += part.codes.length;
      }
      const rowOf = new Int32Array(largest + 1);
      const offsets = new Int32Array(patents + 1);
      const codes = new Int32Array(coded);
      let row = 0;
      let base = 0;
      for (const part of parts) {
        for (let at = 0; at < part.ids.length; at++, row++) {
          rowOf[part.ids[at]] = row + 1;
          offsets[row + 1] = base + part.ends[at];
        }
        codes.set(part.codes, base);
        base += part.codes.length;
      }
      return { rowOf, offsets, codes, distinct: Float64Array.from(index.keys()) };
    },
  };
}

export const latestCodesBytes = (latest: LatestCodes) => latest.rowOf.byteLength + latest.offsets.byteLength + latest.codes.byteLength + latest.distinct.byteLength;

/** Counts the codes of `ids` that `latest` holds into `counts`; answers the ids it does not hold. */
export function countLatestCodes(latest: LatestCodes, ids: Iterable<number>, counts: Map<number, number>): number[] {
  const tally = new Int32Array(latest.distinct.length);
  const missing: number[] = [];
  for (const id of ids) {
    const row = id < latest.rowOf.length ? latest.rowOf[id] - 1 : -1;
    if (row < 0) {
      missing.push(id);
      continue;
    }
    for (let at = latest.offsets[row]; at < latest.offsets[row + 1]; at++) tally[latest.codes[at]] += 1;
  }
  for (let local = 0; local < tally.length; local++) if (tally[local] !== 0) counts.set(latest.distinct[local], (counts.get(latest.distinct[local]) ?? 0) + tally[local]);
  return missing;
}
