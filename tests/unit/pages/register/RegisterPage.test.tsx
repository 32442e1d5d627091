import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setToaster } from "../../../../providers/notificationProvider";
import RegisterPage from "../../../../src/pages/login/RegisterPage";
import { fakeNotifier, restoreNetwork, stubNetwork } from "../../providers/network";
import { bodyOf, callsTo, expectOnLoginPage, ok, refused, renderPage } from "../pageHarness";

let toast: ReturnType<typeof fakeNotifier>;

beforeEach(() => {
  toast = fakeNotifier();
});

afterEach(() => {
  restoreNetwork();
  setToaster(null);
  vi.useRealTimers();
});

const showRegister = () => renderPage("/login/register", <RegisterPage />);
const field = (name: string) => screen.getByTestId(`register-${name}`);

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field("username"), "chip_maker");
  await user.type(field("password"), "Secret123");
  await user.type(field("confirm"), "Secret123");
  await user.type(field("mobile"), "13800138000");
  await user.type(field("sms-code"), "123456");
  await user.type(field("company"), "成都芯片科技有限公司");
}

describe("the register page", () => {
  it("names every required field when submitted empty", async () => {
    stubNetwork(() => ok({ exists: false }));
    showRegister();
    fireEvent.click(field("submit"));
    for (const text of ["请输入用户名", "请输入密码", "请再次输入密码", "请输入手机号", "请输入短信验证码", "请输入企业名称"]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
  });

  it("explains each malformed value with the contract's rule", async () => {
    stubNetwork(() => ok({ exists: false }));
    const user = userEvent.setup({ delay: null });
    showRegister();
    await user.type(field("username"), "1abc");
    await user.type(field("password"), "abcdefgh");
    await user.type(field("confirm"), "abcdefgx");
    await user.type(field("mobile"), "12345");
    await user.type(field("sms-code"), "12a");
    fireEvent.click(field("submit"));

    expect(await screen.findByText("用户名须以字母开头，由 4-20 位字母、数字或下划线组成")).toBeInTheDocument();
    expect(await screen.findByText("密码须为 8-64 位，且同时包含字母和数字")).toBeInTheDocument();
    expect(await screen.findByText("两次输入的密码不一致")).toBeInTheDocument();
    expect(await screen.findByText("请输入正确的手机号")).toBeInTheDocument();
    expect(await screen.findByText("验证码为 6 位数字")).toBeInTheDocument();
  });

  it("re-checks the confirmation when the password changes to match it", async () => {
    stubNetwork(() => ok({ exists: false }));
    const user = userEvent.setup({ delay: null });
    showRegister();
    await user.type(field("password"), "Secret12");
    await user.type(field("confirm"), "Secret123");
    expect(await screen.findByText("两次输入的密码不一致")).toBeInTheDocument();
    await user.type(field("password"), "3");
    await waitFor(() => expect(screen.queryByText("两次输入的密码不一致")).not.toBeInTheDocument());
  });

  it("asks the server on blur whether the username and the mobile number are taken", async () => {
    const seen = stubNetwork(() => ok({ exists: true }));
    const user = userEvent.setup({ delay: null });
    showRegister();
    await user.type(field("username"), "taken_name");
    await user.tab();
    expect(await screen.findByText("该用户名已被占用")).toBeInTheDocument();
    await user.type(field("mobile"), "13900139000");
    await user.tab();
    expect(await screen.findByText("该手机号已注册")).toBeInTheDocument();

    const checks = callsTo(seen, "/api/user/infoExists");
    expect(checks.map(bodyOf)).toEqual([
      { type: "username", value: "taken_name" },
      { type: "mobile", value: "13900139000" },
    ]);
    expect(checks.every((config) => !config.headers.has("Authorization"))).toBe(true);
  });

  it("does not ask about a malformed username, and lets a free one pass", async () => {
    const seen = stubNetwork(() => ok({ exists: false }));
    const user = userEvent.setup({ delay: null });
    showRegister();
    await user.type(field("username"), "9x");
    await user.tab();
    await user.clear(field("username"));
    await user.type(field("username"), "free_name");
    await user.tab();
    await waitFor(() => expect(callsTo(seen, "/api/user/infoExists")).toHaveLength(1));
    expect(screen.queryByText("该用户名已被占用")).not.toBeInTheDocument();
  });

  it("sends the code as multipart for registration, then counts down 60 s before another", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const seen = stubNetwork((config) =>
      config.url === "/api/notify/smscode" ? ok({ expiresIn: 300, resendAfter: 60 }) : ok({ exists: false }),
    );
    showRegister();
    fireEvent.change(field("mobile"), { target: { value: "13800138000" } });
    fireEvent.click(field("send-code"));

    await waitFor(() => expect(field("send-code")).toHaveTextContent("60 秒后重新获取"));
    expect(field("send-code")).toBeDisabled();
    const [sent] = callsTo(seen, "/api/notify/smscode");
    expect(sent.data).toBeInstanceOf(FormData);
    expect(Object.fromEntries(sent.data as FormData)).toEqual({ mobile: "13800138000", scene: "register" });
    expect(sent.headers.has("Authorization")).toBe(false);
    expect(toast.success).toHaveBeenCalledWith("验证码已发送，5 分钟内有效");

    act(() => vi.advanceTimersByTime(1000));
    expect(field("send-code")).toHaveTextContent("59 秒后重新获取");
    act(() => vi.advanceTimersByTime(59_000));
    expect(field("send-code")).toHaveTextContent("获取验证码");
    expect(field("send-code")).toBeEnabled();
  });

  it("sends no code to a malformed number", async () => {
    const seen = stubNetwork(() => ok({ exists: false }));
    showRegister();
    fireEvent.change(field("mobile"), { target: { value: "123" } });
    fireEvent.click(field("send-code"));
    expect(await screen.findByText("请输入正确的手机号")).toBeInTheDocument();
    expect(callsTo(seen, "/api/notify/smscode")).toHaveLength(0);
  });

  it("shows the server's reason when a code is asked for too soon, and does not count down", async () => {
    stubNetwork((config) =>
      config.url === "/api/notify/smscode" ? refused(429, 429, "发送过于频繁，请稍后再试") : ok({ exists: false }),
    );
    showRegister();
    fireEvent.change(field("mobile"), { target: { value: "13800138000" } });
    fireEvent.click(field("send-code"));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("发送过于频繁，请稍后再试"));
    expect(field("send-code")).toHaveTextContent("获取验证码");
    expect(field("send-code")).toBeEnabled();
  });

  it("registers with the entered values and goes to the login page", async () => {
    const seen = stubNetwork((config) =>
      config.url === "/api/user/register" ? ok({ id: 42 }, 1) : ok({ exists: false }),
    );
    const user = userEvent.setup({ delay: null });
    showRegister();
    await fillValidForm(user);
    await user.click(field("submit"));

    await expectOnLoginPage();
    const [call] = callsTo(seen, "/api/user/register");
    expect(bodyOf(call)).toEqual({
      username: "chip_maker",
      password: "Secret123",
      mobile: "13800138000",
      smsCode: "123456",
      companyName: "成都芯片科技有限公司",
    });
    expect(call.headers.has("Authorization")).toBe(false);
    expect(toast.success).toHaveBeenCalledWith("注册成功，请登录");
  });

  it("stays on the form and shows the reason when the server refuses", async () => {
    stubNetwork((config) =>
      config.url === "/api/user/register" ? refused(400, 400, "验证码错误或已过期") : ok({ exists: false }),
    );
    const user = userEvent.setup({ delay: null });
    showRegister();
    await fillValidForm(user);
    await user.click(field("submit"));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("验证码错误或已过期"));
    expect(field("username")).toHaveValue("chip_maker");
  });
});
