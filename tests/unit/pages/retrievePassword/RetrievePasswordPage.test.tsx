import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setToaster } from "../../../../providers/notificationProvider";
import RetrievePasswordPage from "../../../../src/pages/login/RetrievePasswordPage";
import { fakeNotifier, restoreNetwork, stubNetwork } from "../../providers/network";
import { bodyOf, callsTo, expectOnLoginPage, ok, renderPage } from "../pageHarness";

let toast: ReturnType<typeof fakeNotifier>;

beforeEach(() => {
  toast = fakeNotifier();
});

afterEach(() => {
  restoreNetwork();
  setToaster(null);
});

const showPage = () => renderPage("/login/retrievePassword", <RetrievePasswordPage />);
const field = (name: string) => screen.getByTestId(`retrieve-${name}`);

describe("the retrieve-password page", () => {
  it("names the missing fields", async () => {
    stubNetwork(() => ok());
    showPage();
    fireEvent.click(field("submit"));
    for (const text of ["请输入手机号", "请输入短信验证码", "请输入密码", "请再次输入密码"]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
  });

  it("asks for a code with the resetPassword scene", async () => {
    const seen = stubNetwork(() => ok({ expiresIn: 300, resendAfter: 60 }));
    showPage();
    fireEvent.change(field("mobile"), { target: { value: "13800138000" } });
    fireEvent.click(field("send-code"));
    await waitFor(() => expect(callsTo(seen, "/api/notify/smscode")).toHaveLength(1));
    expect(Object.fromEntries(seen[0].data as FormData)).toEqual({ mobile: "13800138000", scene: "resetPassword" });
    await waitFor(() => expect(field("send-code")).toBeDisabled());
  });

  it("refuses a weak or mismatched new password", async () => {
    stubNetwork(() => ok());
    const user = userEvent.setup({ delay: null });
    showPage();
    await user.type(field("password"), "12345678");
    await user.type(field("confirm"), "1234567");
    fireEvent.click(field("submit"));
    expect(await screen.findByText("密码须为 8-64 位，且同时包含字母和数字")).toBeInTheDocument();
    expect(await screen.findByText("两次输入的密码不一致")).toBeInTheDocument();
  });

  it("resets the password and goes to the login page", async () => {
    const seen = stubNetwork(() => ok(undefined, 1));
    const user = userEvent.setup({ delay: null });
    showPage();
    await user.type(field("mobile"), "13800138000");
    await user.type(field("sms-code"), "654321");
    await user.type(field("password"), "NewPass99");
    await user.type(field("confirm"), "NewPass99");
    await user.click(field("submit"));

    await expectOnLoginPage();
    const [call] = callsTo(seen, "/api/user/forgetPwd");
    expect(bodyOf(call)).toEqual({ mobile: "13800138000", smsCode: "654321", password: "NewPass99" });
    expect(call.headers.has("Authorization")).toBe(false);
    expect(toast.success).toHaveBeenCalledWith("密码已重置，请使用新密码登录");
  });

  it("treats an answer without status 1 as a refusal", async () => {
    stubNetwork(() => ({ data: { code: 200, message: "验证码错误", status: 0 } }));
    const user = userEvent.setup({ delay: null });
    showPage();
    await user.type(field("mobile"), "13800138000");
    await user.type(field("sms-code"), "000000");
    await user.type(field("password"), "NewPass99");
    await user.type(field("confirm"), "NewPass99");
    await user.click(field("submit"));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("验证码错误"));
    expect(screen.queryByTestId("login-page-mark")).not.toBeInTheDocument();
  });
});

