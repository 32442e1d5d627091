import { screen } from "@testing-library/react";
import type { InternalAxiosRequestConfig } from "axios";
import { afterEach, describe, expect, it } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import type { PatentSearchResult } from "../../../../contract/schemas/patents";
import PatentSearchPage from "../../../../resources/patents/PatentSearchPage";
import { renderInRefine, storeSession } from "../../access/refineHarness";
import { restoreNetwork, stubNetwork, type Answer } from "../../providers/network";

const facets: PatentSearchResult["facets"] = {
  patentType: [{ key: "invention", count: 1500 }, { key: "utility", count: 500 }],
  legalStatus: [{ key: "valid", count: 2000 }],
  applyYear: [],
  ipcClass: [],
  applicant: [],
  segment: [],
  district: [],
};

function answering(result: Omit<PatentSearchResult, "records">) {
  return (config: InternalAxiosRequestConfig): Answer =>
    config.url === "/api/patents/search"
      ? { data: { code: 200, message: "success", result: { ...result, records: [] } } }
      : { status: 404, data: { code: 404, message: "not found" } };
}

afterEach(() => restoreNetwork());

describe("the patent search's facets", () => {
  it("say when they count a sample of the latest matches", async () => {
    storeSession([MenuCode.PATENT_SEARCH]);
    stubNetwork(answering({ total: 10_000, totalCapped: true, facets, facetsSample: 2000 }));
    renderInRefine("/patents?q=芯片", <PatentSearchPage />);
    expect(await screen.findByTestId("patent-facets-sample")).toHaveTextContent("按最新的 2,000 件计数");
    expect(screen.getByTestId("patent-facet-patentType-invention")).toHaveTextContent("1,500");
  });

  it("say nothing more when they count every match", async () => {
    storeSession([MenuCode.PATENT_SEARCH]);
    stubNetwork(answering({ total: 2, totalCapped: false, facets, facetsSample: null }));
    renderInRefine("/patents?q=芯片", <PatentSearchPage />);
    expect(await screen.findByTestId("patent-facet-patentType-invention")).toBeInTheDocument();
    expect(screen.queryByTestId("patent-facets-sample")).toBeNull();
  });
});
