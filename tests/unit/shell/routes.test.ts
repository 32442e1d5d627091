import { describe, expect, it } from "vitest";
import { Paths } from "../../../contract/paths";
import { ROUTES, routeTitle, showsFooter, showsHeader } from "../../../src/routes";
import { translate } from "../../../i18n/translate";

describe("the route table", () => {
  it("holds every route of SPEC 2 with a title in both languages", () => {
    const paths = ROUTES.map((r) => r.path);
    for (const p of Object.values(Paths).filter((p) => p !== Paths.LOGIN && p !== Paths.USER_CENTER)) {
      expect(paths).toContain(p);
    }
    for (const r of ROUTES) {
      expect(translate("zh-CN", r.title)).not.toBe(r.title);
      expect(translate("en", r.title)).not.toBe(r.title);
    }
  });

  it("uses the SPEC's English titles", () => {
    const en = (p: string) => translate("en", routeTitle(p)!);
    expect(en("/")).toBe("Home");
    expect(en("/login/index")).toBe("Login");
    expect(en("/login/register")).toBe("Register new account");
    expect(en("/login/retrievePassword")).toBe("Reset password");
    expect(en("/userCenter/basicInfo")).toBe("Account info");
    expect(en("/userCenter/changePassword")).toBe("Change password");
    expect(en("/userCenter/userManage")).toBe("User management");
  });

  it("hides the footer on the login pages and the callback, the header only on the callback", () => {
    for (const p of ["/login/index", "/login/register", "/login/retrievePassword", "/authorization-callback"]) {
      expect(showsFooter(p)).toBe(false);
    }
    for (const p of ["/", "/logs", "/user", "/serviceFiles", "/userCenter/basicInfo"]) {
      expect(showsFooter(p)).toBe(true);
      expect(showsHeader(p)).toBe(true);
    }
    expect(showsHeader("/authorization-callback")).toBe(false);
    expect(showsHeader("/login/index")).toBe(true);
  });
});
