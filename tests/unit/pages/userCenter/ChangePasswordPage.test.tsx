import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setToaster } from "../../../../providers/notificationProvider";
import { storage } from "../../../../providers/storage";
import { StorageKey } from "../../../../providers/storageKeys";
import ChangePasswordPage from "../../../../src/pages/userCenter/ChangePasswordPage";
import { fakeNotifier, restoreNetwork, stubNetwork } from "../../providers/network";
import { bodyOf, callsTo, ok, refused, renderPage, signIn } from "../pageHarness";

let toast: ReturnType<typeof fakeNotifier>;

beforeEach(() => {
  toast = fakeNotifier();
  signIn();
});

afterEach(() => {
  restoreNetwork();
  setToaster(null);
});

const showPage = () => renderPage("/userCenter/changePassword", <ChangePasswordPage />);
const field = (name: string) => screen.getByTestId(`change-${name}`);

describe("the change-password page", () => {
  it("requires the current password, a strong new one and a matching confirmation", async () => {
    const seen = stubNetwork(() => ok(undefined, 1));
    const user = userEvent.setup({ delay: null });
    showPage();
    fireEvent.click(field("submit"));
    expect(await screen.findByText("请输入原密码")).toBeInTheDocument();
    expect(await screen.findByText("请输入密码")).toBeInTheDocument();

    await user.type(field("password"), "onlyletters");
    await user.type(field("confirm"), "different1");
    expect(await screen.findByText("密码须为 8-64 位，且同时包含字母和数字")).toBeInTheDocument();
    expect(await screen.findByText("两次输入的密码不一致")).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  it("refuses a new password equal to the current one", async () => {
    stubNetwork(() => ok(undefined, 1));
    const user = userEvent.setup({ delay: null });
    showPage();
    await user.type(field("old-password"), "Secret123");
    await user.type(field("password"), "Secret123");
    expect(await screen.findByText("新密码不能与原密码相同")).toBeInTheDocument();
  });

  it("changes the password with the signed-in token and says other sessions ended", async () => {
    const seen = stubNetwork(() => ok(undefined, 1));
    const user = userEvent.setup({ delay: null });
    showPage();
    await user.type(field("old-password"), "Secret123");
    await user.type(field("password"), "Better456");
    await user.type(field("confirm"), "Better456");
    await user.click(field("submit"));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("密码修改成功，其他设备上的登录已失效"));
    const [call] = callsTo(seen, "/patnavi/ucenter/rest/user/passwd");
    expect(bodyOf(call)).toEqual({ oldPassword: "Secret123", newPassword: "Better456" });
    expect(call.headers.get("Authorization")).toBe("bearer at-1");
    await waitFor(() => expect(field("old-password")).toHaveValue(""));
  });

  it("shows the server's reason for a wrong current password", async () => {
    stubNetwork(() => refused(400, 400, "原密码不正确"));
    const user = userEvent.setup({ delay: null });
    showPage();
    await user.type(field("old-password"), "Wrong1234");
    await user.type(field("password"), "Better456");
    await user.type(field("confirm"), "Better456");
    await user.click(field("submit"));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("原密码不正确"));
    expect(field("old-password")).toHaveValue("Wrong1234");
  });

  it("says why it is shown to a user who must replace an administrator-set password, until it is changed", async () => {
    storage.set(StorageKey.INFO, { id: 7, username: "wangxin", mustChangePassword: true });
    stubNetwork(() => ok(undefined, 1));
    const user = userEvent.setup({ delay: null });
    showPage();
    expect(screen.getByRole("alert")).toHaveTextContent("管理员为您设置了初始密码，请先修改密码后再使用平台");

    await user.type(field("old-password"), "Initial123");
    await user.type(field("password"), "Better456");
    await user.type(field("confirm"), "Better456");
    await user.click(field("submit"));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(storage.get<{ mustChangePassword: boolean }>(StorageKey.INFO)?.mustChangePassword).toBe(false);
  });

  it("shows no such notice to a user changing a password of their own choice", () => {
    storage.set(StorageKey.INFO, { id: 7, username: "wangxin", mustChangePassword: false });
    showPage();
    expect(screen.getByTestId("change-submit")).toBeInTheDocument();
    expect(screen.queryByText("管理员为您设置了初始密码，请先修改密码后再使用平台")).toBeNull();
  });
});
