import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { syntheticCompanies, writeExport } from "../../bench/patents/generate";
import { apiAs, createStaffMember, createUserWithRole } from "./support/api";
import { hasChromium } from "./support/browser";
import { signInAsAdmin, signInThroughPage } from "./support/session";
import { browserSuite } from "./support/suite";

const PASSWORD = "Patents-e2e-2026";
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(500)]);
/** The synthetic applicant the member's company is: in the city, with a credit code the exports carry. */
const COMPANY = syntheticCompanies(1).find((company) => company.local && company.creditCode !== null)!;

describe.skipIf(!hasChromium)("patents: import, search and profiles, in Chromium", () => {
  const suite = browserSuite();
  const dir = mkdtempSync(join(tmpdir(), "patents-e2e-"));
  const xlsx = join(dir, "patsnap.xlsx");
  const csv = join(dir, "incopat-gb18030.csv");
  const custom = join(dir, "custom.csv");
  let page: Page;
  let compId: number;

  const rows = () => page.getByTestId("patent-table").locator("tbody tr.ant-table-row");
  const search = () => decodeURIComponent(new URL(page.url()).search);

  beforeAll(async () => {
    await writeExport(xlsx, { shape: "patsnap-xlsx", rows: 300, seed: 1 });
    await writeExport(csv, { shape: "incopat-csv", rows: 100, seed: 2, encoding: "gb18030" });
    // A home-made sheet whose title column the alias table does not know, and a row without a number.
    writeFileSync(custom, "公开（公告）号,发明名称（自拟）,备注\r\nCN119000001A,一种晶圆键合方法,甲\r\n,一种封装结构,乙\r\n");
  });

  async function importThroughPage(path: string): Promise<string> {
    await page.getByTestId("patent-import-file").locator("xpath=ancestor::span[contains(@class,'ant-upload')]//input[@type='file']").setInputFiles(path);
    await expect.poll(() => page.getByTestId("patent-import-format").count(), { timeout: 30_000 }).toBe(1);
    const format = await page.getByTestId("patent-import-format").innerText();
    await page.getByTestId("patent-import-start").click();
    await expect.poll(() => page.getByTestId("patent-import-job").getAttribute("data-state"), { timeout: 60_000 }).toBe("done");
    return format;
  }

  it("imports a Patsnap .xlsx and a GB18030 .csv as the administrator", async () => {
    page = await suite.freshPage();
    await signInAsAdmin(page, suite.server);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/");
    await page.getByTestId("main-nav").getByText("专利检索").click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/patents");
    await page.getByTestId("patent-import-open").click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/patents/import");

    expect(await importThroughPage(xlsx)).toContain("xlsx");
    expect(await page.getByTestId("patent-import-counts").innerText()).toContain("新增 300 件");

    await page.getByTestId("patent-import-again").click();
    const format = await importThroughPage(csv);
    expect(format).toContain("csv");
    expect(format).toContain("gb18030");
    expect(await page.getByTestId("patent-import-counts").innerText()).toMatch(/新增 \d+ 件，更新 \d+ 件/u);

    // An unknown title column opens the mapping; mapped and saved as a preset, the import reports the bad row.
    await page.getByTestId("patent-import-again").click();
    await page.getByTestId("patent-import-file").locator("xpath=ancestor::span[contains(@class,'ant-upload')]//input[@type='file']").setInputFiles(custom);
    await page.getByTestId("patent-import-mapping").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("patent-import-start").isDisabled()).toBe(true);
    await page.getByTestId("patent-import-field-发明名称（自拟）").click();
    await page.keyboard.type("标题");
    await page.keyboard.press("Enter");
    await page.getByTestId("patent-import-preset-name").fill("自拟表格");
    await page.getByTestId("patent-import-save-preset").click();
    await expect.poll(() => page.getByText("已保存方案“自拟表格”").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByTestId("patent-import-start").click();
    await expect.poll(() => page.getByTestId("patent-import-job").getAttribute("data-state"), { timeout: 60_000 }).toBe("done");
    expect(await page.getByTestId("patent-import-counts").innerText()).toContain("新增 1 件");
    const errors = await page.getByTestId("patent-import-errors").locator("tbody tr.ant-table-row").allInnerTexts();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("3");
    expect(errors[0]).toContain("缺少公开（公告）号");
  });

  it("lets a certified member search with a two-character term and narrow it by a facet", async () => {
    await createUserWithRole(suite.server, "member", "xinyuan", "芯源会员", PASSWORD);
    const member = await apiAs(suite.server, "xinyuan", PASSWORD);
    const license = await member.upload<{ id: string }>("/api/files/upload", "营业执照.png", PNG);
    await member.post("/api/certification/submit", {
      companyName: COMPANY.name,
      creditCode: COMPANY.creditCode,
      contactPerson: "王五",
      contactPhone: "028-85123456",
      licenseFileId: license.id,
    });
    const admin = await apiAs(suite.server, "admin", suite.server.adminPassword);
    const applications = await admin.post<{ records: { id: number; companyName: string }[] }>("/api/certification/list", { current: 1, size: 10 });
    await admin.post("/api/certification/approve", { id: applications.records.find((a) => a.companyName === COMPANY.name)!.id });
    const found = await admin.post<{ records: { id: number; name: string }[] }>("/api/company/search", { keywords: COMPANY.name });
    compId = found.records.find((c) => c.name === COMPANY.name)!.id;

    page = await suite.freshPage();
    await signInThroughPage(page, suite.server, "xinyuan", PASSWORD);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/");
    await page.goto(`${suite.server.baseUrl}/patents`);
    await page.getByTestId("patent-filter-q").fill("芯片");
    // The list's first answer (no keyword) may still be shown when the address changes: its facets are the keyword's once this one is.
    const answered = page.waitForResponse((res) => res.url().endsWith("/api/patents/search") && (res.request().postData() ?? "").includes("芯片"));
    await page.getByTestId("patent-filter-submit").click();
    const { result } = (await (await answered).json()) as { result: { facets: { segment: { key: string; count: number }[] } } };
    await expect.poll(() => search(), { timeout: 15_000 }).toContain("[value]=芯片");
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBeGreaterThan(0);

    // The first segment facet narrows the search to it: the address and the form both hold it.
    const [{ key: segment, count }] = result.facets.segment;
    const facet = page.getByTestId(`patent-facet-segment-${segment}`);
    await expect.poll(() => facet.getAttribute("aria-label"), { timeout: 15_000 }).toContain(`（${count} 件）`);
    await facet.click();
    await expect.poll(() => search(), { timeout: 15_000 }).toContain(`[value]=${segment}`);
    expect(search()).toContain("[value]=芯片");
    await expect.poll(() => page.getByTestId("patent-table").locator(".ant-pagination-total-text").innerText(), { timeout: 15_000 }).toContain(`共 ${count} 条`);

    // A row opens every field of the patent.
    await page.locator("[data-testid^=patent-open-]").first().click();
    await expect.poll(() => page.getByTestId("patent-detail-publicationNumber").count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId("patent-full-text").count()).toBe(1);
    await page.keyboard.press("Escape");

    // The chain map of the same search; an applicant there drills down to the list narrowed to it.
    await page.getByTestId("patent-chain-open").click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/patents/chain");
    expect(search()).toContain("[value]=芯片");
    const applicant = page.getByTestId("patent-chain-applicants").locator("tbody button").first();
    await applicant.waitFor({ timeout: 15_000 });
    const name = await applicant.innerText();
    await applicant.click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/patents");
    expect(search()).toContain(`[value]=${name}`);
    expect(search()).toContain("[value]=芯片");
    await expect.poll(() => page.getByTestId("patent-filter-applicant").inputValue(), { timeout: 15_000 }).toBe(name);
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBeGreaterThan(0);

    // The member's own company's profile in the personal center.
    await page.goto(`${suite.server.baseUrl}/userCenter/patentProfile`);
    await expect.poll(async () => Number((await page.getByTestId("patent-profile-total").textContent()) ?? 0), { timeout: 15_000 }).toBeGreaterThan(0);
  });

  it("tells a member of a later import's patents that match a search they watch", async () => {
    page = await suite.freshPage();
    await signInThroughPage(page, suite.server, "xinyuan", PASSWORD);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/");
    await page.goto(`${suite.server.baseUrl}/patents`);
    await page.getByTestId("patent-filter-q").fill("晶圆键合");
    await page.getByTestId("patent-filter-submit").click();
    await expect.poll(() => search(), { timeout: 15_000 }).toContain("[value]=晶圆键合");
    await page.getByTestId("patent-watch-save").click();
    await expect.poll(() => page.getByTestId("patent-watch-name").inputValue(), { timeout: 15_000 }).toBe("晶圆键合");
    await page.getByTestId("patent-watch-save-ok").click();
    await expect.poll(() => page.getByText("已添加关注：晶圆键合").count(), { timeout: 15_000 }).toBeGreaterThan(0);

    // An import after the watch brings one matching patent and one that is not.
    const admin = await apiAs(suite.server, "admin", suite.server.adminPassword);
    const later = "公开（公告）号,标题,申请（专利权）人\r\nCN119900001A,一种晶圆键合对准装置,无锡芯源微电子有限公司\r\nCN119900002A,一种引线框架,无锡芯源微电子有限公司\r\n";
    const { jobId } = await admin.upload<{ jobId: number }>("/api/patents/import", "later.csv", Buffer.from(later));
    await expect.poll(async () => (await admin.get<{ state: string }>(`/api/patents/import/${jobId}`)).state, { timeout: 60_000 }).toBe("done");

    await page.reload();
    const bell = page.getByTestId("notification-bell");
    await expect.poll(() => bell.getAttribute("aria-label"), { timeout: 15_000 }).toBe("通知，1 条未读");
    await bell.click();
    await page.getByText("关注“晶圆键合”有新专利：CN119900001A 一种晶圆键合对准装置").click();
    await expect.poll(() => search(), { timeout: 15_000 }).toContain("patent=");
    await expect.poll(() => page.getByTestId("patent-detail-publicationNumber").textContent(), { timeout: 15_000 }).toBe("CN119900001A");
    await page.keyboard.press("Escape");

    await page.getByTestId("patent-watches-open").click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/patents/watches");
    await expect.poll(() => page.getByTestId("patent-watches").innerText(), { timeout: 15_000 }).toContain("关键词：晶圆键合");
  });

  it("shows a staff member the 专利画像 of a company they serve", async () => {
    await createStaffMember(suite.server, "zhouwei", "周伟", PASSWORD);
    const admin = await apiAs(suite.server, "admin", suite.server.adminPassword);
    const users = await admin.post<{ records: { id: number; username: string }[] }>("/api/user/listData", { current: 1, size: 100 });
    await admin.post("/api/company/owners", { compId, ownerIds: [users.records.find((u) => u.username === "zhouwei")!.id] });

    page = await suite.freshPage();
    await signInThroughPage(page, suite.server, "zhouwei", PASSWORD);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/");
    await page.goto(`${suite.server.baseUrl}/serviceFiles?id=${compId}`);
    await page.getByTestId("archive-tab-patents").click();
    await expect.poll(async () => Number((await page.getByTestId("patent-profile-total").textContent()) ?? 0), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId("patent-profile-type").innerText()).toContain("发明");
    expect(await page.getByTestId("patent-profile-latest").locator("tbody tr.ant-table-row").count()).toBeGreaterThan(0);
  });
});
