import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import { setToaster } from "../../../../providers/notificationProvider";
import { fakeNotifier, restoreNetwork, stubNetwork, type Answer } from "../../providers/network";
import { bodyOf, callsTo, ok, refused, signIn } from "../pageHarness";
import { page, li, roles, zhang } from "./fixtures";
import { LOCATION_MARK, grant, pick, popconfirmOk, renderUserManage } from "./harness";

let toast: ReturnType<typeof fakeNotifier>;

beforeEach(() => {
  toast = fakeNotifier();
  signIn();
  grant(MenuCode.ADMIN_USERS_EDIT, MenuCode.ADMIN_CERTIFICATIONS, MenuCode.ADMIN_SESSIONS);
});

afterEach(() => {
  restoreNetwork();
  setToaster(null);
});

/** The user-administration server: the list, roles and companies, and `writes` for the rest. */
function server(writes: Record<string, Answer> = {}) {
  return stubNetwork((config: InternalAxiosRequestConfig) => {
    const url = config.url ?? "";
    if (url in writes) return writes[url];
    if (url === "/api/user/listData") return page([zhang, li]);
    if (url === "/api/role/allData") return ok(roles);
    if (url === "/api/patnavi/company/org") return page([{ id: 3, name: "成都芯片科技有限公司", creditCode: null }]);
    if (url === "/api/user/infoExists") return ok({ exists: false });
    return refused(404, 404, `unexpected ${url}`);
  });
}

const typist = () => userEvent.setup({ delay: null });

/** A row's button once the table has stopped loading: antd blurs a loading table and lets no click through. */
async function rowButton(testId: string): Promise<HTMLElement> {
  const button = await screen.findByTestId(testId);
  await waitFor(() => expect(button.closest(".ant-spin-blur")).toBeNull());
  return button;
}
/** antd spaces a two-character Chinese button label: 取 消. */
const CANCEL = /^取\s?消$/;

describe("the users tab", () => {
  it("lists users, and a search puts name, mobile, role and status in the request model and the URL", async () => {
    const seen = server();
    const user = typist();
    renderUserManage();
    const table = await screen.findByTestId("user-manage-table");
    expect(await within(table).findByText("zhangsan")).toBeInTheDocument();
    expect(within(table).getByTestId("user-status-lisi")).toHaveTextContent("停用");

    await user.type(screen.getByTestId("user-filter-name"), "张");
    await user.type(screen.getByTestId("user-filter-mobile"), "138");
    await pick("user-filter-role", "协会工作人员");
    await pick("user-filter-status", "停用");
    await user.click(screen.getByTestId("user-filter-search"));

    await waitFor(() =>
      expect(bodyOf(callsTo(seen, "/api/user/listData").at(-1)!)).toEqual({
        current: 1,
        size: 10,
        model: { name: "张", mobile: "138", roleCode: "staff", status: "disabled" },
      }),
    );
    const search = () => decodeURIComponent(screen.getByTestId(LOCATION_MARK).textContent ?? "");
    await waitFor(() => expect(search()).toContain("[value]=disabled"));
    for (const value of ["[field]=name", "[value]=张", "[value]=138", "[value]=staff", "currentPage=1"]) {
      expect(search()).toContain(value);
    }
  });

  it("takes its filters from the URL", async () => {
    const seen = server();
    renderUserManage("?filters[0][field]=name&filters[0][operator]=contains&filters[0][value]=李");
    await waitFor(() => expect(callsTo(seen, "/api/user/listData").length).toBeGreaterThan(0));
    expect(bodyOf(callsTo(seen, "/api/user/listData")[0])).toMatchObject({ model: { name: "李" } });
    expect(await screen.findByTestId("user-filter-name")).toHaveValue("李");
  });

  it("creates a user and shows the initial password once", async () => {
    const seen = server({ "/api/user/edit": ok({ id: 20, initialPassword: "Xy7kP9q2mN" }, 1) });
    const user = typist();
    renderUserManage();
    await user.click(await screen.findByTestId("user-manage-create"));
    await user.type(await screen.findByTestId("user-form-username"), "wangwu");
    await user.type(screen.getByTestId("user-form-name"), "王五");
    await user.type(screen.getByTestId("user-form-mobile"), "13800138009");
    await pick("user-form-roles", "会员企业");
    await user.click(screen.getByTestId("user-form-submit"));

    expect(await screen.findByTestId("initial-password")).toHaveTextContent("Xy7kP9q2mN");
    expect(bodyOf(callsTo(seen, "/api/user/edit")[0])).toEqual({
      username: "wangwu",
      name: "王五",
      mobile: "13800138009",
      roleCodes: ["member"],
      companyId: null,
    });
    expect(callsTo(seen, "/api/user/infoExists").map(bodyOf)).toContainEqual({ type: "username", value: "wangwu" });

    await user.click(screen.getByTestId("initial-password-close"));
    await waitFor(() => expect(screen.queryByTestId("initial-password")).not.toBeInTheDocument());
    expect(document.body.textContent).not.toContain("Xy7kP9q2mN");
    expect(JSON.stringify({ ...localStorage })).not.toContain("Xy7kP9q2mN");
  });

  it("opens 新建用户 empty again after a user was created, and after an edit", async () => {
    server({ "/api/user/edit": ok({ id: 20, initialPassword: "Xy7kP9q2mN" }, 1) });
    const user = typist();
    renderUserManage();
    await user.click(await screen.findByTestId("user-manage-create"));
    await user.type(await screen.findByTestId("user-form-username"), "wangwu");
    await user.type(screen.getByTestId("user-form-name"), "王五");
    await user.type(screen.getByTestId("user-form-mobile"), "13800138009");
    await pick("user-form-roles", "会员企业");
    await user.click(screen.getByTestId("user-form-submit"));
    await user.click(await screen.findByTestId("initial-password-close"));

    const roleTags = () => screen.getByTestId("user-form-roles").querySelectorAll(".ant-select-selection-item");
    await user.click(screen.getByTestId("user-manage-create"));
    expect(await screen.findByTestId("user-form-username")).toHaveValue("");
    expect(screen.getByTestId("user-form-name")).toHaveValue("");
    expect(screen.getByTestId("user-form-mobile")).toHaveValue("");
    expect(roleTags()).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: CANCEL }));

    await user.click(await rowButton("user-edit-zhangsan"));
    expect(await screen.findByTestId("user-form-name")).toHaveValue("张三");
    await user.click(screen.getByRole("button", { name: CANCEL }));
    await user.click(screen.getByTestId("user-manage-create"));
    expect(await screen.findByTestId("user-form-name")).toHaveValue("");
    expect(roleTags()).toHaveLength(0);
  });

  it("closes 新建用户 with 取消 and forgets what was typed", async () => {
    const seen = server();
    const user = typist();
    renderUserManage();
    await user.click(await screen.findByTestId("user-manage-create"));
    await user.type(await screen.findByTestId("user-form-name"), "王五");
    await user.click(screen.getByRole("button", { name: CANCEL }));
    await waitFor(() => expect(screen.queryByTestId("user-form-name")).not.toBeInTheDocument());
    await user.click(screen.getByTestId("user-manage-create"));
    expect(await screen.findByTestId("user-form-name")).toHaveValue("");
    expect(callsTo(seen, "/api/user/edit")).toHaveLength(0);
  });

  it("refuses a taken username before saving", async () => {
    const seen = server({ "/api/user/infoExists": ok({ exists: true }) });
    const user = typist();
    renderUserManage();
    await user.click(await screen.findByTestId("user-manage-create"));
    await user.type(await screen.findByTestId("user-form-username"), "zhangsan");
    await user.click(screen.getByTestId("user-form-submit"));
    expect(await screen.findByText("该用户名已被使用")).toBeInTheDocument();
    expect(callsTo(seen, "/api/user/edit")).toHaveLength(0);
  });

  it("edits a user: the id, the roles as roleCodes, and a cleared mobile as null", async () => {
    const seen = server({ "/api/user/edit": ok(zhang, 1) });
    const user = typist();
    renderUserManage();
    await user.click(await rowButton("user-edit-zhangsan"));
    expect(await screen.findByTestId("user-form-name")).toHaveValue("张三");
    expect(screen.queryByTestId("user-form-username")).not.toBeInTheDocument();
    await user.clear(screen.getByTestId("user-form-mobile"));
    await pick("user-form-roles", "管理员");
    await user.click(screen.getByTestId("user-form-submit"));

    await waitFor(() => expect(callsTo(seen, "/api/user/edit")).toHaveLength(1));
    expect(bodyOf(callsTo(seen, "/api/user/edit")[0])).toEqual({
      id: 11,
      name: "张三",
      mobile: null,
      roleCodes: ["staff", "admin"],
      companyId: 3,
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("保存成功"));
  });

  it("disables after a confirmation, and enables", async () => {
    const seen = server({ "/api/user/disabled": ok(null, 1), "/api/user/enabled": ok(null, 1) });
    const user = typist();
    renderUserManage();
    await user.click(await rowButton("user-disable-zhangsan"));
    expect(callsTo(seen, "/api/user/disabled")).toHaveLength(0);
    expect(await screen.findByText(/其所有在线会话将立即结束/)).toBeInTheDocument();
    await user.click(await popconfirmOk());
    await waitFor(() => expect(callsTo(seen, "/api/user/disabled")).toHaveLength(1));
    expect(bodyOf(callsTo(seen, "/api/user/disabled")[0])).toEqual({ id: 11 });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("用户已停用"));

    await user.click(await rowButton("user-enable-lisi"));
    await user.click(await popconfirmOk());
    await waitFor(() => expect(bodyOf(callsTo(seen, "/api/user/enabled")[0])).toEqual({ id: 12 }));
  });

  it("shows the server's refusal to disable the last administrator", async () => {
    server({ "/api/user/disabled": refused(400, 400, "不能停用最后一个启用的管理员") });
    const user = typist();
    renderUserManage();
    await user.click(await rowButton("user-disable-zhangsan"));
    await user.click(await popconfirmOk());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("不能停用最后一个启用的管理员"));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("deletes after a confirmation, through GET /api/user/del/:id", async () => {
    const seen = server({ "/api/user/del/11": ok(null, 1) });
    const user = typist();
    renderUserManage();
    await user.click(await rowButton("user-delete-zhangsan"));
    expect(callsTo(seen, "/api/user/del/11")).toHaveLength(0);
    await user.click(await popconfirmOk());
    await waitFor(() => expect(callsTo(seen, "/api/user/del/11")).toHaveLength(1));
    expect(callsTo(seen, "/api/user/del/11")[0].method).toBe("get");
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("用户已删除"));
  });

  it("resets a password and shows the new one once", async () => {
    const seen = server({ "/api/user/resetPwd": ok({ password: "Rs3tPw9d" }, 1) });
    const user = typist();
    renderUserManage();
    await user.click(await screen.findByTestId("user-reset-zhangsan"));
    await user.click(await popconfirmOk());
    expect(await screen.findByTestId("initial-password")).toHaveTextContent("Rs3tPw9d");
    expect(bodyOf(callsTo(seen, "/api/user/resetPwd")[0])).toEqual({ id: 11 });
    expect(screen.getByText("密码已重置")).toBeInTheDocument();
  });

  it("shows the no-permission state when the list is refused", async () => {
    server({ "/api/user/listData": refused(403, 403, "没有权限") });
    renderUserManage();
    expect(await screen.findByTestId("no-permission")).toBeInTheDocument();
    expect(screen.queryByTestId("user-manage-table")).not.toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe("the tabs", () => {
  it("shows only the tabs whose menu codes the user holds", async () => {
    grant(MenuCode.ADMIN_SESSIONS);
    server({ "/api/session/list": page([]) });
    renderUserManage();
    expect(await screen.findByRole("tab", { name: "在线会话" })).toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "用户" })).not.toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "企业认证审核" })).not.toBeInTheDocument();
    expect(screen.queryByTestId("user-manage-create")).not.toBeInTheDocument();
  });

  it("without any of the codes: the no-permission state and no call", async () => {
    grant(MenuCode.USER_CENTER);
    const seen = server();
    renderUserManage();
    expect(await screen.findByTestId("no-permission")).toBeInTheDocument();
    expect(screen.queryByRole("tab")).not.toBeInTheDocument();
    expect(callsTo(seen, "/api/user/listData")).toHaveLength(0);
  });
});
