import { beforeEach, describe, expect, it, vi } from "vitest";
import { translate as translateAll } from "../../../i18n/translate";

type AppTranslate = typeof import("../../../i18n/appTranslate");

describe("the app's catalogs", () => {
  let app: AppTranslate;
  beforeEach(async () => {
    // A fresh copy, as a first visit has it (tests/unit/setup.ts loads English into the shared one).
    vi.resetModules();
    app = await import("../../../i18n/appTranslate");
  });

  it("come with Chinese and fetch English when asked", async () => {
    expect(app.catalogLoaded("zh-CN")).toBe(true);
    expect(app.catalogLoaded("en")).toBe(false);
    expect(app.translate("zh-CN", "shell.titles.home")).toBe("首页");
    // Until it is fetched, English shows the Chinese text rather than a key.
    expect(app.translate("en", "shell.titles.home")).toBe("首页");

    await app.loadCatalog("en");
    expect(app.catalogLoaded("en")).toBe(true);
    expect(app.translate("en", "shell.titles.home")).toBe("Home");
    expect(app.translate("en", "shell.header.greeting", { name: "Li" })).toBe("Hello, Li");
  });

  it("say what the shared catalogs say, without the server's own texts", async () => {
    await app.loadCatalog("en");
    for (const locale of ["zh-CN", "en"] as const) {
      expect(app.translate(locale, "auth.login.submit")).toBe(translateAll(locale, "auth.login.submit"));
      expect(app.translate(locale, "admin.nav.label")).toBe(translateAll(locale, "admin.nav.label"));
    }
    expect(app.translate("zh-CN", "server.errors.notFound")).toBe("server.errors.notFound");
    expect(translateAll("zh-CN", "server.errors.notFound")).toBe("接口不存在");
  });
});
