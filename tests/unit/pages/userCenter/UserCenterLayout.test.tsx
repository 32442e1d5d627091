import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MenuCode, ROLES, RoleCode } from "../../../../contract/menus";
import UserCenterLayout from "../../../../src/pages/userCenter/UserCenterLayout";
import { renderPage, signIn } from "../pageHarness";

const menusOf = (role: string) => ROLES.find((r) => r.code === role)?.menus ?? [];

/** The entries of the personal center's side menu, as the user reads them. */
function sideMenuEntries(): string[] {
  return within(screen.getByRole("menu"))
    .getAllByRole("menuitem")
    .map((item) => item.textContent ?? "");
}

describe("the personal center's side menu (SPEC 6)", () => {
  it.each([
    [RoleCode.MEMBER, ["账户信息", "修改密码", "企业认证", "专利画像"]],
    [RoleCode.STAFF, ["账户信息", "修改密码"]],
    [RoleCode.ADMIN, ["账户信息", "修改密码", "企业认证", "用户管理", "专利画像"]],
  ])("offers a %s only the pages whose menu code the role holds", async (role, entries) => {
    signIn("王芯", menusOf(role));
    renderPage("/userCenter/basicInfo", <UserCenterLayout />);
    await waitFor(() => expect(sideMenuEntries()).toEqual(entries));
  });

  it("offers user management to a role holding only one of its tabs' codes", async () => {
    signIn("王芯", [MenuCode.USER_CENTER, MenuCode.ADMIN_SESSIONS]);
    renderPage("/userCenter/basicInfo", <UserCenterLayout />);
    await waitFor(() => expect(sideMenuEntries()).toEqual(["账户信息", "修改密码", "用户管理"]));
  });
});
