import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { isComplete, needsMapping, startingMapping } from "../../../../resources/patents/columnMapping";
import { filtersFromValues, filtersWithFacet, setFilters, valuesFromFilters, withFacet } from "../../../../resources/patents/patentFilters";
import { modelFromFilters } from "../../../../providers/listRequest";

describe("the patent search's filters", () => {
  it("sends the form as the search call's model, trimmed, the dates as applyDateBegin/End, empty fields left out", () => {
    const filters = filtersFromValues({
      q: " 芯片 封装 ",
      applicant: "",
      ipc: "H01L21",
      patentType: "invention",
      applyDates: [dayjs("2020-01-01"), dayjs("2020-12-31")],
    });
    expect(modelFromFilters(filters)).toEqual({ q: "芯片 封装", ipc: "H01L21", patentType: "invention", applyDateBegin: "2020-01-01", applyDateEnd: "2020-12-31" });
  });

  it("sends an open-ended date range", () => {
    expect(modelFromFilters(filtersFromValues({ applyDates: [dayjs("2021-05-01"), null] }))).toEqual({ applyDateBegin: "2021-05-01" });
  });

  it("reads the address's filters back into the form, dropping codes the value sets do not hold", () => {
    const values = valuesFromFilters([
      { field: "q", operator: "eq", value: "晶圆" },
      { field: "segment", operator: "eq", value: "design" },
      { field: "legalStatus", operator: "eq", value: "bogus" },
      { field: "applyDate", operator: "between", value: ["2019-01-01", ""] },
    ]);
    expect(values).toMatchObject({ q: "晶圆", segment: "design", legalStatus: undefined });
    expect(values.applyDates?.[0]?.format("YYYY-MM-DD")).toBe("2019-01-01");
    expect(values.applyDates?.[1]).toBeNull();
  });

  it("turns each facet entry into its filter", () => {
    expect(withFacet({ q: "芯片" }, "segment", "equipment")).toEqual({ q: "芯片", segment: "equipment" });
    expect(withFacet({}, "ipcClass", "H01L")).toEqual({ ipc: "H01L" });
    expect(withFacet({}, "applicant", "华晶半导体有限公司")).toEqual({ applicant: "华晶半导体有限公司" });
    expect(withFacet({}, "district", "新吴区")).toEqual({ district: "新吴区" });
    expect(withFacet({}, "legalStatus", "valid")).toEqual({ legalStatus: "valid" });
    const year = withFacet({}, "applyYear", "2022").applyDates?.map((day) => day?.format("YYYY-MM-DD"));
    expect(year).toEqual(["2022-01-01", "2022-12-31"]);
  });

  it("narrows the address's filters for a drill-down, keeping the others and leaving out empty ones", () => {
    const narrowed = filtersWithFacet([{ field: "q", operator: "eq", value: "芯片" }], "applyYear", "2021");
    expect(narrowed).toEqual(setFilters(narrowed));
    expect(modelFromFilters(narrowed)).toEqual({ q: "芯片", applyDateBegin: "2021-01-01", applyDateEnd: "2021-12-31" });
    expect(narrowed.every((filter) => filter.value !== undefined)).toBe(true);
  });
});

describe("the import's column mapping", () => {
  const inspection = {
    format: "csv" as const,
    encoding: "gb18030" as const,
    headers: ["公开号", "专利名称", "备注"],
    mapping: { 公开号: "publicationNumber", 专利名称: null, 备注: null },
    unmapped: ["专利名称", "备注"],
    complete: false,
    total: 3,
  };

  it("opens when a header is unknown or a required field has no column", () => {
    expect(needsMapping(inspection)).toBe(true);
    expect(needsMapping({ ...inspection, unmapped: [], complete: true })).toBe(false);
    expect(needsMapping({ ...inspection, unmapped: [], complete: false })).toBe(true);
  });

  it("starts from the server's mapping, every header present, and is complete once the title has a column", () => {
    const mapping = startingMapping(inspection);
    expect(mapping).toEqual({ 公开号: "publicationNumber", 专利名称: null, 备注: null });
    expect(isComplete(mapping)).toBe(false);
    expect(isComplete({ ...mapping, 专利名称: "title" })).toBe(true);
  });
});
