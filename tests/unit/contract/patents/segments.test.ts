import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normaliseIpc, segmentsOf } from "../../../../contract/patents/segments";

describe("normaliseIpc", () => {
  it("writes codes one way", () => {
    expect(normaliseIpc("H01L 21/02")).toBe("H01L21/02");
    expect(normaliseIpc("h01l21/02")).toBe("H01L21/02");
    expect(normaliseIpc("H01L0021/02")).toBe("H01L21/02");
    expect(normaliseIpc("H01L 21/02 (2006.01)")).toBe("H01L21/02");
    expect(normaliseIpc("Ｈ０１Ｌ２１／０２")).toBe("H01L21/02");
    expect(normaliseIpc("G11C")).toBe("G11C");
    expect(normaliseIpc("G06F30")).toBe("G06F30");
    expect(normaliseIpc("G06F 30/3")).toBe("G06F30/03");
    expect(normaliseIpc("芯片")).toBeNull();
    expect(normaliseIpc("")).toBeNull();
  });

  it("is idempotent", () => {
    const code = fc
      .tuple(fc.constantFrom("A", "B", "C", "G", "H"), fc.integer({ min: 1, max: 99 }), fc.constantFrom("B", "C", "F", "L"), fc.integer({ min: 1, max: 9999 }), fc.stringMatching(/^\d{1,6}$/))
      .map(([section, cls, sub, group, subgroup]) => `${section}${String(cls).padStart(2, "0")}${sub} ${group}/${subgroup}`);
    fc.assert(
      fc.property(code, (raw) => {
        const once = normaliseIpc(raw);
        expect(once).not.toBeNull();
        expect(normaliseIpc(once!)).toBe(once);
      }),
    );
  });
});

describe("segmentsOf", () => {
  it("places codes by subclass, main group and subgroup", () => {
    expect(segmentsOf(["G06F30/392"])).toEqual(["design"]);
    expect(segmentsOf(["G06F3/01"])).toEqual([]);
    expect(segmentsOf(["G11C16/04"])).toEqual(["design"]);
    expect(segmentsOf(["H10B12/00"])).toEqual(["manufacturing"]);
    expect(segmentsOf(["H01L23/31"])).toEqual(["packagingTest"]);
    expect(segmentsOf(["H01J37/3244"])).toEqual(["equipment"]);
    expect(segmentsOf(["H01J37/02"])).toEqual([]);
    expect(segmentsOf(["C30B29/06"])).toEqual(["materials"]);
    expect(segmentsOf(["C30B29/10"])).toEqual([]);
  });

  it("compares subgroups as IPC orders them, not as strings or integers", () => {
    // Manufacturing is H01L21/02-H01L21/477: /18 and /3065 lie inside, /50 (packaging) and /67 (equipment) outside.
    expect(segmentsOf(["H01L21/02"])).toEqual(["manufacturing"]);
    expect(segmentsOf(["H01L21/027"])).toEqual(["manufacturing"]);
    expect(segmentsOf(["H01L21/18"])).toEqual(["manufacturing"]);
    expect(segmentsOf(["H01L21/3065"])).toEqual(["manufacturing"]);
    expect(segmentsOf(["H01L21/477"])).toEqual(["manufacturing"]);
    expect(segmentsOf(["H01L21/4763"])).toEqual(["manufacturing"]);
    expect(segmentsOf(["H01L21/00"])).toEqual([]);
    expect(segmentsOf(["H01L21/48"])).toEqual([]);
    expect(segmentsOf(["H01L21/50"])).toEqual(["packagingTest"]);
    expect(segmentsOf(["H01L21/56"])).toEqual(["packagingTest"]);
    expect(segmentsOf(["H01L21/565"])).toEqual(["packagingTest"]);
    expect(segmentsOf(["H01L21/58"])).toEqual([]);
    expect(segmentsOf(["H01L21/67"])).toEqual(["equipment"]);
    expect(segmentsOf(["H01L21/677"])).toEqual(["equipment"]);
    expect(segmentsOf(["G01R31/26"])).toEqual(["packagingTest"]);
    expect(segmentsOf(["G01R31/2886"])).toEqual(["packagingTest"]);
    expect(segmentsOf(["G01R31/3193"])).toEqual(["packagingTest"]);
    expect(segmentsOf(["G01R31/28"])).toEqual(["packagingTest"]);
    expect(segmentsOf(["G01R31/36"])).toEqual([]);
    expect(segmentsOf(["G01R31/025"])).toEqual([]);
  });

  it("gives a patent every segment its codes reach, in the chain's order, and reads codes written any way", () => {
    expect(segmentsOf(["G03F 7/004", "H01L 23/31", "G06N3/04"])).toEqual(["manufacturing", "packagingTest", "materials"]);
    expect(segmentsOf(["not a code", ""])).toEqual([]);
  });
});
