import { screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import { I18nContext } from "../../../../src/i18n/I18nContext";
import { translator } from "../../../../i18n/translate";
import { restoreNetwork, stubNetwork } from "../../providers/network";
import { ok, refused, signIn } from "../pageHarness";
import { page, roles, zhang } from "./fixtures";
import { grant, pick, renderUserManage } from "./harness";

function English({ children }: { children: ReactNode }) {
  return <I18nContext.Provider value={{ locale: "en", t: translator("en"), setLocale: () => undefined }}>{children}</I18nContext.Provider>;
}

beforeEach(() => {
  signIn();
  grant(MenuCode.ADMIN_USERS_EDIT);
  const custom = { code: "auditor", name: "审计员", builtin: false, menuCodes: [] };
  stubNetwork((config) => {
    if (config.url === "/api/user/listData") return page([{ ...zhang, roles: [...zhang.roles, { code: custom.code, name: custom.name }] }]);
    if (config.url === "/api/role/allData") return ok([...roles, custom]);
    return refused(404, 404, `unexpected ${config.url}`);
  });
});

afterEach(() => restoreNetwork());

describe("role names in English", () => {
  it("names the built-in roles by their code in the table and the role filter; another role as the server names it", async () => {
    renderUserManage("", { wrapper: English });
    const table = await screen.findByTestId("user-manage-table");
    expect(await within(table).findByText("Association staff")).toBeInTheDocument();
    expect(within(table).getByText("审计员")).toBeInTheDocument();
    expect(within(table).queryByText("协会工作人员")).not.toBeInTheDocument();

    await pick("user-filter-role", "Member enterprise");
    for (const name of ["Administrator", "Association staff", "审计员"]) {
      expect(screen.getAllByTitle(name).length).toBeGreaterThan(0);
    }
  });
});
