import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { keyOfParts } from "../../../../server/modules/patents/search/fullText";
import { countLatestCodes, idsInAll, inDefaultOrder, latestCodesReader, listOfText, placesOfText, positionsIn, setOfText } from "../../../../server/modules/patents/search/lists";

describe("lists of matches in memory", () => {
  it("orders a list the database gave in any order: FTS5 keys ascending on SQLite, ids descending on PostgreSQL", () => {
    // days 5 id 7, days 3 id 9, days 5 id 8: by key, days up, then the id down.
    const sqlite = listOfText("5 7 3 9 5 8", true);
    expect([...sqlite.ids]).toEqual([9, 8, 7]);
    const keys = [...sqlite.ids.keys()].map((at) => keyOfParts(sqlite.days?.[at] ?? 0, sqlite.ids[at]));
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : 1)));
    expect([...listOfText("4 12 7", false).ids]).toEqual([12, 7, 4]);
    expect([...listOfText("", false).ids]).toEqual([]);
  });

  it("puts a PostgreSQL list in the default order by every patent's place in it, ids it has no place for last", () => {
    // The default order of the patents read: 7, 12, 3, 4, 9.
    const places = placesOfText("7 12 3 4 9");
    expect([...inDefaultOrder(listOfText("4 12 7", false), places).ids]).toEqual([7, 12, 4]);
    // 15 and 20 were written after the places were read.
    expect([...inDefaultOrder(listOfText("15 4 20 7", false), places).ids]).toEqual([7, 4, 20, 15]);
    expect([...inDefaultOrder(listOfText("", false), places).ids]).toEqual([]);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 3000 }), { maxLength: 500 }), fc.array(fc.boolean(), { minLength: 500, maxLength: 500 }), (order, kept) => {
        const listed = order.filter((_, at) => kept[at]);
        expect([...inDefaultOrder(listOfText(listed.join(" "), false), placesOfText(order.join(" "))).ids]).toEqual(listed);
      }),
    );
  });

  it("finds the entries every set holds, in the list's order, up to a limit", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 5000 }), { maxLength: 300 }),
        fc.array(fc.uniqueArray(fc.integer({ min: 1, max: 6000 }), { maxLength: 400 }), { maxLength: 3 }),
        fc.integer({ min: 0, max: 400 }),
        (ids, sets, limit) => {
          const list = listOfText(ids.join(" "), false);
          const expected = [...list.ids.keys()].filter((at) => sets.every((set) => set.includes(list.ids[at]))).slice(0, limit);
          expect([...positionsIn(list, sets.map((set) => setOfText(set.join(" "))), limit)]).toEqual(expected);
        },
      ),
    );
  });

  it("finds the ids every set holds, ascending, whatever the sets' sizes", () => {
    const ids = fc.uniqueArray(fc.integer({ min: 1, max: 5000 }), { maxLength: 300 });
    fc.assert(
      fc.property(fc.array(ids, { minLength: 1, maxLength: 4 }), (lists) => {
        const expected = lists[0].filter((id) => lists.every((list) => list.includes(id))).sort((a, b) => a - b);
        expect(idsInAll(lists.map((list) => setOfText(list.join(" "))))).toEqual(expected);
      }),
    );
    // Ids in the top bit of a word, past another set's end.
    expect(idsInAll([setOfText("31 63 95"), setOfText("63 95 4000")])).toEqual([63, 95]);
    expect(idsInAll([setOfText("31 63"), setOfText("31")])).toEqual([31]);
    expect(idsInAll([])).toEqual([]);
  });

  it("counts the codes of the latest patents it holds, and names the ids it does not", () => {
    const reader = latestCodesReader((code) => code !== 48);
    for (const part of ["3 16 33 48,1 16 49", "", "2 17 33"]) reader.add(part);
    const latest = reader.done();
    const counts = new Map<number, number>([[33, 10]]);
    expect(countLatestCodes(latest, [1, 3, 4, 2], counts)).toEqual([4]);
    expect(counts).toEqual(
      new Map([
        [33, 12],
        [16, 2],
        [49, 1],
        [17, 1],
      ]),
    );
  });
});
