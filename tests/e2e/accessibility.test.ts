import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SEEDED_ADMIN_NAME } from "../../contract/users";
import { SEED_DIMENSIONS } from "../../server/db/migrations/0007_questionnaires";
import { DEMO_COMPANIES } from "../../server/modules/companies/demo";
import { apiAs, createUserWithRole } from "./support/api";
import { chineseTexts, seriousViolations, type Violation } from "./support/axe";
import { hasChromium } from "./support/browser";
import { signInThroughPage } from "./support/session";
import { browserSuite } from "./support/suite";
import { recordVisit } from "./support/visitRecord";

type Role = "visitor" | "admin" | "member";
type Language = "zh-CN" | "en";

const MEMBER = { username: "lixia", name: "李霞", password: "Member-e2e-2026" };
const COMPANY = "芯蓉封装测试（示例）有限公司";
/**
 * Chinese that is data, not interface: seeded companies and their people, the questionnaire an
 * administrator edits, the users' names as stored (the seeded administrator's too: only the
 * greeting translates it), the users the test makes.
 */
const DATA_TEXTS = [
  ...DEMO_COMPANIES.flatMap((c) => [c.name, c.contactPerson ?? "", c.address ?? "", c.district ?? ""]),
  ...SEED_DIMENSIONS.flatMap((d) => [d.serviceName, ...d.questions.map(([question]) => question)]),
  SEEDED_ADMIN_NAME,
  MEMBER.name,
  "王芳",
  "郑芳",
];

interface Screen {
  name: string;
  role: Role;
  /** The address, given the archive's company and visit record ids. */
  path: (ids: { company: number; record: number }) => string;
  /** Opens a dialog after the page is ready; the check then covers the page with the dialog open. */
  open?: (page: Page) => Promise<void>;
}

/**
 * Every route of src/routes.ts, as the role that sees it; the user-management tabs one by one. The
 * authorization callback is left out: it draws nothing and leaves for another page at once.
 */
const SCREENS: readonly Screen[] = [
  { name: "home", role: "visitor", path: () => "/" },
  { name: "sign-in", role: "visitor", path: () => "/login/index" },
  { name: "register", role: "visitor", path: () => "/login/register" },
  { name: "retrieve password", role: "visitor", path: () => "/login/retrievePassword" },
  { name: "not found", role: "visitor", path: () => "/no-such-page" },
  { name: "home signed in", role: "member", path: () => "/" },
  { name: "certification", role: "member", path: () => "/userCenter/accreditedInstitution" },
  { name: "account info", role: "admin", path: () => "/userCenter/basicInfo" },
  { name: "change password", role: "admin", path: () => "/userCenter/changePassword" },
  { name: "user management: users", role: "admin", path: () => "/userCenter/userManage?tab=users" },
  {
    name: "user management: add user dialog",
    role: "admin",
    path: () => "/userCenter/userManage?tab=users",
    open: async (page) => {
      await page.getByTestId("user-manage-create").click();
      await page.locator(".ant-modal-content").waitFor();
    },
  },
  { name: "user management: certifications", role: "admin", path: () => "/userCenter/userManage?tab=certifications" },
  { name: "user management: sessions", role: "admin", path: () => "/userCenter/userManage?tab=sessions" },
  { name: "user management: questionnaires", role: "admin", path: () => "/userCenter/userManage?tab=dimensions" },
  { name: "company finder", role: "admin", path: () => "/serviceFiles" },
  {
    name: "company finder: add company dialog",
    role: "admin",
    path: () => "/serviceFiles",
    open: async (page) => {
      await page.getByTestId("company-add").click();
      await page.locator(".ant-modal-content").waitFor();
    },
  },
  { name: "company archive", role: "admin", path: ({ company }) => `/serviceFiles?id=${company}` },
  { name: "new visit record", role: "admin", path: ({ company }) => `/serviceFilesDetails?compId=${company}` },
  {
    name: "company archive: timeline",
    role: "admin",
    path: ({ company }) => `/serviceFiles?id=${company}`,
    open: async (page) => {
      await page.getByTestId("archive-tab-timeline").click();
      await page.getByTestId("timeline-table").waitFor();
    },
  },
  { name: "visit record view", role: "admin", path: ({ company, record }) => `/serviceFilesDetails?compId=${company}&id=${record}&disable=true` },
  {
    name: "visit record view: void dialog",
    role: "admin",
    path: ({ company, record }) => `/serviceFilesDetails?compId=${company}&id=${record}&disable=true`,
    open: async (page) => {
      await page.getByTestId("record-void").click();
      await page.locator(".ant-modal-content").waitFor();
    },
  },
  { name: "user list", role: "admin", path: () => "/user" },
  { name: "operation log", role: "admin", path: () => "/logs" },
  { name: "visit records", role: "admin", path: () => "/visits" },
  { name: "service statistics", role: "admin", path: () => "/statistics" },
  { name: "my follow-ups", role: "admin", path: () => "/followups" },
  { name: "patent search", role: "admin", path: () => "/patents" },
  {
    name: "patent search: a one-character query's hint",
    role: "admin",
    path: () => "/patents?filters[0][field]=q&filters[0][operator]=eq&filters[0][value]=芯",
  },
  { name: "patent import", role: "admin", path: () => "/patents/import" },
  { name: "patent chain map", role: "admin", path: () => "/patents/chain" },
  { name: "patent watches", role: "admin", path: () => "/patents/watches" },
  {
    name: "company archive: patent profile",
    role: "admin",
    path: ({ company }) => `/serviceFiles?id=${company}`,
    open: async (page) => {
      await page.getByTestId("archive-tab-patents").click();
      await page.getByTestId("patent-profile").waitFor();
    },
  },
  { name: "my patent profile", role: "member", path: () => "/userCenter/patentProfile" },
];

/** The page has drawn its content: no spinner, skeleton or pending request left. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await expect
    .poll(() => page.locator(".ant-spin-spinning, .ant-skeleton, .ant-table-placeholder .ant-spin").count(), { timeout: 30_000 })
    .toBe(0);
  await page.waitForLoadState("networkidle");
}

describe.skipIf(!hasChromium)("every screen accessible and in the reader's language, in Chromium", () => {
  const suite = browserSuite();

  /** One signed-in page per role, kept across the screens of a language. */
  async function pageAs(role: Role, language: Language): Promise<Page> {
    const page = await suite.freshPage();
    await page.addInitScript((locale) => localStorage.setItem("locale", locale), language);
    if (role === "visitor") return page;
    const [username, password] = role === "admin" ? ["admin", suite.server.adminPassword] : [MEMBER.username, MEMBER.password];
    await signInThroughPage(page, suite.server, username, password);
    await expect.poll(() => page.getByTestId("header-user").count(), { timeout: 15_000 }).toBe(1);
    return page;
  }

  /** A company and one visit record of it, made as a user makes them. */
  async function archiveIds(): Promise<{ company: number; record: number }> {
    const admin = await apiAs(suite.server, "admin", suite.server.adminPassword);
    const found = await admin.post<{ records: { id: number; name: string }[] }>("/api/company/search", { keywords: COMPANY });
    const company = found.records.find((c) => c.name === COMPANY)!.id;
    const page = await pageAs("admin", "zh-CN");
    await page.goto(`${suite.server.baseUrl}/serviceFilesDetails?compId=${company}`);
    await recordVisit(page, {
      researchers: "王芳",
      contactPerson: "郑芳",
      contactPersonPhone: "13608006006",
      cooperativePartner: "Chengdu IC Association",
      belongCustomer: "Key packaging company",
      businessOpportunity: "Packaging patent navigation",
      mainBusiness: "Chiplet packaging",
      serviceContent: "Visited the packaging line",
      serviceTime: "2026-11-21 12:00:00",
    });
    const view = page.locator("[data-testid^=record-view-]").first();
    await view.waitFor({ timeout: 15_000 });
    const record = Number((await view.getAttribute("data-testid"))!.replace("record-view-", ""));
    return { company, record };
  }

  // Made once, by the first test that signs in (expect.poll, which signing in uses, runs only in tests).
  let prepared: Promise<{ company: number; record: number }> | undefined;
  const prepare = () =>
    (prepared ??= createUserWithRole(suite.server, "member", MEMBER.username, MEMBER.name, MEMBER.password).then(archiveIds));

  for (const language of ["zh-CN", "en"] as const) {
    for (const role of ["visitor", "member", "admin"] as const) {
      const also = language === "en" ? ", no Chinese outside data" : "";
      // The administrator's fifteen screens take over a minute when the machine is busy.
      it(`${language}, ${role}: no critical or serious axe violation, one h1, <html lang>${also}, on each screen`, { timeout: 300_000 }, async () => {
        const ids = await prepare();
        const problems: Record<string, { axe?: Violation[]; h1?: number; lang?: string; chinese?: string[] }> = {};
        const page = await pageAs(role, language);
        for (const screen of SCREENS.filter((s) => s.role === role)) {
          await page.goto(suite.server.baseUrl + screen.path(ids));
          await settled(page);
          if (screen.open) {
            await screen.open(page);
            await settled(page);
          }
          const found: (typeof problems)[string] = {};
          const violations = await seriousViolations(page);
          if (violations.length > 0) found.axe = violations;
          const h1 = await page.locator("h1:visible").count();
          if (h1 !== 1) found.h1 = h1;
          const lang = await page.evaluate(() => document.documentElement.lang);
          if (lang !== language) found.lang = lang;
          if (language === "en") {
            const chinese = await chineseTexts(page, DATA_TEXTS);
            if (chinese.length > 0) found.chinese = chinese;
          }
          if (Object.keys(found).length > 0) problems[`${screen.name} (${screen.path(ids)})`] = found;
        }
        expect(problems).toEqual({});
      });
    }
  }

  it("keeps the header on one line at 1440 px in both languages", async () => {
    for (const language of ["zh-CN", "en"] as const) {
      const page = await pageAs("admin", language);
      await page.goto(suite.server.baseUrl + "/logs");
      await settled(page);
      const header = page.getByTestId("app-header");
      // An inline element has one box per line it takes.
      const lines = await header
        .locator(".app-header__title, .app-header__actions a")
        .evaluateAll((els) => els.map((el) => `${el.textContent?.trim()}: ${el.getClientRects().length}`));
      // Title, back home, language, follow-up badge, notification bell, user menu.
      expect(lines.length).toBe(6);
      expect(lines.filter((l) => !l.endsWith(": 1")), language).toEqual([]);
      const tops = await header
        .locator(".app-header__title, .app-header__actions a")
        .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top + el.getBoundingClientRect().height / 2)));
      // Title and actions share one middle line of the header.
      expect(Math.max(...tops) - Math.min(...tops), language).toBeLessThanOrEqual(4);
    }
  });

  it("opens a dialog without zooming or fading when the reader asks for reduced motion", async () => {
    const page = await pageAs("admin", "zh-CN");
    /** The CSS animations that start while the add-user dialog opens, under the given setting. */
    const animationsOnOpening = async (reducedMotion: "reduce" | "no-preference") => {
      await page.emulateMedia({ reducedMotion });
      await page.goto(suite.server.baseUrl + "/userCenter/userManage?tab=users");
      await settled(page);
      await page.evaluate(() => {
        const started: string[] = [];
        (window as unknown as { started: string[] }).started = started;
        document.addEventListener("animationstart", (event) => started.push(event.animationName), true);
      });
      await page.getByTestId("user-manage-create").click();
      await page.locator(".ant-modal-content").waitFor();
      // The dialog loads when first opened and mounts a moment after the click: its opening motion
      // starts a few frames after it appears (rc-motion steps once a frame), so let five pass first.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            let frames = 0;
            const tick = () => (++frames >= 5 ? resolve() : requestAnimationFrame(tick));
            requestAnimationFrame(tick);
          }),
      );
      await settled(page);
      const started = await page.evaluate(() => (window as unknown as { started: string[] }).started);
      return started.filter((name) => /Zoom|Fade|Slide|Move(Up|Down)/.test(name));
    };
    expect(await animationsOnOpening("no-preference")).not.toEqual([]);
    expect(await animationsOnOpening("reduce")).toEqual([]);
  });
});
