import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hasChromium } from "./support/browser";
import { signInAsAdmin } from "./support/session";
import { browserSuite } from "./support/suite";
import { minimalDocx, recordVisit } from "./support/visitRecord";

describe.skipIf(!hasChromium)("the service archive in Chromium", () => {
  const suite = browserSuite();
  let page: Page;
  let compId = 0;

  const go = (path: string) => page.goto(suite.server.baseUrl + path);
  const rows = () => page.getByTestId("record-table").locator("tbody tr.ant-table-row");
  /**
   * Searches and waits for the list's answer, so the rows read afterwards are the filtered ones.
   * `before` runs once the wait is set up: an Enter that confirms a date also submits the filters.
   */
  const search = async (before?: () => Promise<void>) => {
    const answered = page.waitForResponse((res) => res.url().endsWith("/api/archives/queryArchivesPage"));
    await before?.();
    await page.getByTestId("record-search").click();
    await answered;
  };

  it("records a visit with an attachment and finds it through each filter, then shows it read-only", async () => {
    page = await suite.freshPage();
    await signInAsAdmin(page, suite.server);
    compId = await page.evaluate(async () => {
      const { data } = JSON.parse(localStorage.getItem("accessTokenRecord")!);
      const res = await fetch("/api/company/search", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `bearer ${data.access_token}` },
        body: JSON.stringify({ keywords: "示例", current: 1, size: 1 }),
      });
      return (await res.json()).result.records[0].id as number;
    });

    await go(`/serviceFiles?id=${compId}`);
    await page.getByTestId("record-add").click();
    await recordVisit(page, {
      researchers: "王研究员",
      contactPerson: "赵经理",
      contactPersonPhone: "028-85123456",
      cooperativePartner: "电子科技大学",
      belongCustomer: "高新区重点企业",
      businessOpportunity: "专利布局咨询",
      mainBusiness: "功率半导体器件设计",
      serviceContent: "上门了解企业专利需求",
      serviceTime: "2026-11-20 12:00:00",
      attachment: { name: "走访纪要.docx", content: await minimalDocx() },
    });
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(1);

    await page.getByTestId("record-filter-researchers").fill("王研究");
    await search();
    await expect.poll(() => rows().count()).toBe(1);
    await page.getByTestId("record-filter-researchers").fill("李");
    await search();
    await expect.poll(() => rows().count()).toBe(0);
    await page.getByTestId("record-filter-researchers").fill("");
    await page.getByTestId("record-filter-contact").fill("赵");
    await search();
    await expect.poll(() => rows().count()).toBe(1);

    const pickEvaluation = async (label: string) => {
      await page.getByTestId("record-filter-evaluation").click();
      await page.locator(".ant-select-dropdown:visible").getByTitle(label).click();
      await search();
    };
    await pickEvaluation("优秀");
    await expect.poll(() => rows().count()).toBe(0);
    await pickEvaluation("一般");
    await expect.poll(() => rows().count()).toBe(1);

    const range = page.locator("[data-testid=record-filter-date] input, input[data-testid=record-filter-date]");
    const pickRange = async (from: string, to: string) => {
      await range.first().click();
      await range.first().fill(from);
      await range.last().click();
      await range.last().fill(to);
      await search(() => page.keyboard.press("Enter"));
    };
    await pickRange("2026-11-21", "2026-11-30");
    await expect.poll(() => rows().count()).toBe(0);
    await pickRange("2026-11-20", "2026-11-20");
    await expect.poll(() => rows().count()).toBe(1);

    await rows().first().getByText("查看").click();
    await expect.poll(() => new URL(page.url()).searchParams.get("disable")).toBe("true");
    await expect.poll(() => page.getByTestId("view-researchers").textContent()).toBe("王研究员");
    expect(await page.getByTestId("view-serviceContent").textContent()).toBe("上门了解企业专利需求");
    expect(await page.getByTestId("view-attachment").textContent()).toBe("走访纪要.docx");
    expect(await page.getByTestId("view-createDate").textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await page.getByTestId("view-updateBy").textContent()).toBe(await page.getByTestId("view-createBy").textContent());
    expect(await page.getByTestId("form-save").count()).toBe(0);
    expect(await page.locator("[data-testid=service-record-view] input, [data-testid=service-record-view] textarea").count()).toBe(0);
  });

  it("saves answers with their history, asks about unsaved changes both ways, and exports the archive", async () => {
    await go(`/serviceFiles?id=${compId}`);
    await page.getByTestId("archive-tab-ip").click();
    await page.getByTestId("question-edit").click();
    const answers = page.locator("textarea[data-testid^=answer-]");
    const count = await answers.count();
    for (let i = 0; i < count; i++) await answers.nth(i).fill(`第${i + 1}题的回答`);
    await page.getByTestId("answer-ip01").fill("设有知识产权部，两名专职人员");
    await page.getByTestId("question-save").click();
    await expect.poll(() => page.getByTestId("history-link-ip01").count(), { timeout: 15_000 }).toBe(1);
    await page.getByTestId("history-link-ip01").click();
    await expect.poll(() => page.getByTestId("history-dialog").innerText()).toContain("设有知识产权部，两名专职人员");
    await page.locator(".ant-modal-footer:visible button").last().click();

    // Don't save: the typed text is dropped.
    await page.getByTestId("question-edit").click();
    await page.getByTestId("answer-ip02").fill("未保存的回答");
    await page.getByTestId("archive-tab-basic").click();
    await page.getByTestId("unsaved-discard").click();
    await expect.poll(() => page.getByTestId("answer-ip02").inputValue()).toBe("第2题的回答");

    // Save: the typed text is kept and becomes the answer's latest history entry.
    await page.getByTestId("question-edit").click();
    await page.getByTestId("answer-ip02").fill("已有发明专利12件");
    await page.getByTestId("archive-tab-basic").click();
    await page.getByTestId("unsaved-save").click();
    await page.getByTestId("history-link-ip02").click();
    await expect.poll(() => page.getByTestId("history-dialog").innerText(), { timeout: 15_000 }).toContain("已有发明专利12件");
    await page.locator(".ant-modal-footer:visible button").last().click();

    const download = page.waitForEvent("download");
    await page.getByTestId("export-all").click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^敲门服务档案-.+-\d{8}\.docx$/);
  });
});
