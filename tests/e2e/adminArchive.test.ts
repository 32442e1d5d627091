import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hasChromium } from "./support/browser";
import { signInAsAdmin } from "./support/session";
import { browserSuite } from "./support/suite";

const HEADER = "企业名称,统一社会信用代码,所在区域,产业链环节,地址,联系人,联系电话";
const IMPORTED = "锦江导入半导体（示例）有限公司";
const QUESTION = "企业是否购买了知识产权保险？";

/** An import sheet as a file the upload control takes. */
const sheet = (...rows: string[]) => ({
  name: "企业名单.csv",
  mimeType: "text/csv",
  buffer: Buffer.from([HEADER, ...rows].join("\n"), "utf8"),
});

describe.skipIf(!hasChromium)("the archive's administration in Chromium", () => {
  const suite = browserSuite();
  let page: Page;

  const go = (path: string) => page.goto(suite.server.baseUrl + path);
  const companyRows = () => page.getByTestId("company-table").locator("tbody tr.ant-table-row");
  const findCompany = async (keywords: string) => {
    await page.getByTestId("company-keywords").fill(keywords);
    const answered = page.waitForResponse((res) => res.url().endsWith("/api/company/search"));
    await page.getByTestId("company-search").click();
    await answered;
  };
  const importSheet = async (file: ReturnType<typeof sheet>) => {
    const chooser = page.waitForEvent("filechooser");
    await page.getByTestId("company-import-pick").click();
    await (await chooser).setFiles(file);
    await page.getByTestId("company-import-submit").click();
  };

  it("imports companies all or nothing, edits one, adds a question, and the archive asks it", async () => {
    page = await suite.freshPage();
    await signInAsAdmin(page, suite.server);
    await go("/serviceFiles");

    // A sheet with one bad row imports nothing and names the row.
    await page.getByTestId("company-import").click();
    await importSheet(sheet(`${IMPORTED},,成都高新区,设计,,张工,13800138000`, ",,成都高新区,制造,,,"));
    await expect.poll(() => page.getByTestId("company-import-error-3").count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId("company-import-error-3").innerText()).toContain("第 3 行");
    await importSheet(sheet(`${IMPORTED},,成都高新区,设计,,张工,13800138000`));
    await expect.poll(() => page.getByText("已导入 1 家企业").count(), { timeout: 15_000 }).toBeGreaterThan(0);

    await findCompany("锦江导入");
    await expect.poll(() => companyRows().count(), { timeout: 15_000 }).toBe(1);
    await companyRows().first().locator("[data-testid^=company-edit-]").click();
    const person = page.getByTestId("company-form-contactPerson");
    await expect.poll(() => person.inputValue(), { timeout: 15_000 }).toBe("张工");
    await person.fill("李工");
    await page.getByTestId("company-form-submit").click();
    await expect.poll(() => page.getByText("保存成功").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await companyRows().first().locator("[data-testid^=company-edit-]").click();
    await expect.poll(() => page.getByTestId("company-form-contactPerson").inputValue(), { timeout: 15_000 }).toBe("李工");
    await page.keyboard.press("Escape");

    await go("/userCenter/userManage?tab=dimensions");
    await page.getByTestId("dimension-item-ip").click();
    await page.getByTestId("question-add").click();
    await page.getByTestId("question-form-question").fill(QUESTION);
    await page.getByTestId("question-form-submit").click();
    await expect.poll(() => page.getByTestId("question-table").innerText(), { timeout: 15_000 }).toContain(QUESTION);

    await go("/serviceFiles");
    await findCompany(IMPORTED);
    await companyRows().first().locator("[data-testid^=company-open-]").click();
    await page.getByTestId("archive-tab-ip").click();
    await expect.poll(() => page.getByText(QUESTION).count(), { timeout: 15_000 }).toBe(1);
  });
});
