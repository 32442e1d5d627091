import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { screen, render, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authProvider } from "../../../../providers/authProvider";
import { dataProvider } from "../../../../resources";
import { notificationProvider, setToaster } from "../../../../providers/notificationProvider";
import { TOKEN_PATH } from "../../../../providers/session/tokenGrant";
import { StorageKey } from "../../../../providers/storageKeys";
import { getAccessToken } from "../../../../providers/tokenStore";
import LoginPage from "../../../../src/pages/login/LoginPage";
import { fakeNotifier, restoreNetwork, stubNetwork, type Answer } from "../../providers/network";
import { fakeLocation } from "../../session/fakeLocation";
import { afterSignInAnswer, envelope, ssoConfig, tokenAnswer } from "../../session/signInData";

const PASSWORD = "Chip#Secret2025";

function WhereAmI() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

function renderLogin() {
  return render(
    <MemoryRouter initialEntries={["/login/index"]}>
      <Refine routerProvider={routerProvider} dataProvider={dataProvider} authProvider={authProvider} notificationProvider={notificationProvider} options={{ disableTelemetry: true }}>
        <WhereAmI />
        <Routes>
          <Route path="/login/index" element={<LoginPage />} />
          <Route path="*" element={null} />
        </Routes>
      </Refine>
    </MemoryRouter>,
  );
}

/** Each captcha call answers a new picture: vid-1, vid-2, ... */
function loginNetwork(tokenReply: () => Answer) {
  let captchas = 0;
  const seen = stubNetwork((config) => {
    if (config.url === "/uaa/identity/captcha") {
      captchas += 1;
      return { data: envelope({ vid: `vid-${captchas}`, image: `data:image/svg+xml;base64,Y2FwdGNoYS0${captchas}` }) };
    }
    if (config.url === TOKEN_PATH) return tokenReply();
    if (config.url === "/api/open/sso") return { data: envelope(ssoConfig) };
    return afterSignInAnswer(config.url) ?? { status: 404, data: { code: 404, message: "none" } };
  });
  return { seen, captchaCalls: () => seen.filter((c) => c.url === "/uaa/identity/captcha").length };
}

const captchaImage = () => screen.getByTestId("login-captcha-image") as HTMLImageElement;

async function fillAndSubmit(user = userEvent.setup({ delay: null })) {
  await user.type(screen.getByTestId("login-username"), "wangxin");
  await user.type(screen.getByTestId("login-password"), PASSWORD);
  await user.type(screen.getByTestId("login-captcha"), "ab12");
  await user.click(screen.getByTestId("login-submit"));
}

function expectNoPasswordInBrowserStorage() {
  const everything = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
  expect(everything).not.toContain(PASSWORD);
}

let toast: ReturnType<typeof fakeNotifier>;

beforeEach(() => {
  toast = fakeNotifier();
});

afterEach(() => {
  restoreNetwork();
  setToaster(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the login page (/login/index)", () => {
  it("shows username, password, the captcha picture and the single sign-on button", async () => {
    loginNetwork(() => ({ data: tokenAnswer("at") }));
    renderLogin();
    expect(screen.getByTestId("login-username")).toBeInTheDocument();
    expect(screen.getByTestId("login-password")).toHaveAttribute("type", "password");
    expect(screen.getByTestId("login-captcha")).toBeInTheDocument();
    expect(screen.getByTestId("login-submit")).toHaveTextContent(/登\s?录/);
    expect(screen.getByTestId("login-sso")).toHaveTextContent("统一身份认证登录");
    await waitFor(() => expect(captchaImage()).toHaveAttribute("src", "data:image/svg+xml;base64,Y2FwdGNoYS01"));
  });

  it("loads a new captcha picture when the picture is clicked", async () => {
    const network = loginNetwork(() => ({ data: tokenAnswer("at") }));
    renderLogin();
    await waitFor(() => expect(captchaImage().src).toContain("Y2FwdGNoYS01"));
    await userEvent.click(captchaImage());
    await waitFor(() => expect(captchaImage().src).toContain("Y2FwdGNoYS02"));
    expect(network.captchaCalls()).toBe(2);
    expect(network.seen[0].headers.get("Authorization")).toBeFalsy();
  });

  it("names every empty field and sends nothing", async () => {
    const network = loginNetwork(() => ({ data: tokenAnswer("at") }));
    renderLogin();
    await userEvent.click(screen.getByTestId("login-submit"));
    expect(await screen.findByText("请输入用户名")).toBeInTheDocument();
    expect(screen.getByText("请输入密码")).toBeInTheDocument();
    expect(screen.getByText("请输入验证码")).toBeInTheDocument();
    expect(network.seen.map((c) => c.url)).not.toContain(TOKEN_PATH);
  });

  it("on a refused sign-in shows the server's message, loads a new captcha and clears the code", async () => {
    const network = loginNetwork(() => ({
      status: 400,
      data: { error: "invalid_grant", error_description: "bad captcha", code: 400, message: "验证码错误" },
    }));
    renderLogin();
    await waitFor(() => expect(captchaImage().src).toContain("Y2FwdGNoYS01"));
    await fillAndSubmit();

    expect(await screen.findByTestId("login-error")).toHaveTextContent("验证码错误");
    await waitFor(() => expect(captchaImage().src).toContain("Y2FwdGNoYS02"));
    expect(network.captchaCalls()).toBe(2);
    expect(screen.getByTestId("login-captcha")).toHaveValue("");
    const tokenCall = network.seen.find((c) => c.url === TOKEN_PATH)!;
    expect(Object.fromEntries(new URLSearchParams(tokenCall.data as string))).toMatchObject({ username: "wangxin", vid: "vid-1", vcode: "ab12", grant_type: "password" });
    expect(getAccessToken()).toBeNull();
    expect(screen.getByTestId("where").textContent).toBe("/login/index");
    expect(toast.error).not.toHaveBeenCalled();
    expectNoPasswordInBrowserStorage();
  });

  it("shows the lock message of a locked account (HTTP 423)", async () => {
    loginNetwork(() => ({ status: 423, data: { error: "account_locked", code: 423, message: "账号已锁定，请10分钟后再试" } }));
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByTestId("login-error")).toHaveTextContent("账号已锁定，请10分钟后再试");
  });

  it("signs in, stores the session without the password and goes back to the history path", async () => {
    localStorage.setItem(StorageKey.HISTORY_PATH, "/serviceFiles?id=3");
    loginNetwork(() => ({ data: tokenAnswer("at-1") }));
    renderLogin();
    await waitFor(() => expect(captchaImage().src).toContain("Y2FwdGNoYS01"));
    await fillAndSubmit();

    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/serviceFiles?id=3"));
    expect(getAccessToken()?.access_token).toBe("at-1");
    expect(JSON.parse(localStorage.getItem(StorageKey.USER_INFO)!)).toMatchObject({ id: 7, name: "王芯" });
    expectNoPasswordInBrowserStorage();
  });

  it("sends the whole window to the provider's authorize page from the single sign-on button", async () => {
    const location = fakeLocation("/login/index");
    loginNetwork(() => ({ data: tokenAnswer("at") }));
    renderLogin();
    await userEvent.click(screen.getByTestId("login-sso"));
    await waitFor(() => expect(location.assign).toHaveBeenCalledTimes(1));
    const target = new URL(location.assign.mock.calls[0][0]);
    expect(target.origin + target.pathname).toBe(ssoConfig.authorizeUrl);
    expect(target.searchParams.get("code_challenge_method")).toBe("S256");
    expect(target.searchParams.get("redirect_uri")).toBe(ssoConfig.redirectUri);
  });

  it("says so when single sign-on is unavailable", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    stubNetwork((config) =>
      config.url === "/uaa/identity/captcha"
        ? { data: envelope({ vid: "v", image: "data:image/png;base64,AA==" }) }
        : { status: 503, data: { code: 503, message: "down" } },
    );
    renderLogin();
    await userEvent.click(screen.getByTestId("login-sso"));
    expect(await screen.findByTestId("login-error")).toHaveTextContent("单点登录暂不可用");
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("offers a retry when the captcha cannot be loaded", async () => {
    let fail = true;
    stubNetwork(() =>
      fail ? { status: 500, data: { code: 500, message: "x" } } : { data: envelope({ vid: "v2", image: "data:image/png;base64,QkI=" }) },
    );
    renderLogin();
    expect(await screen.findByText("验证码加载失败，点击重试")).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
    fail = false;
    await userEvent.click(screen.getByTestId("login-captcha-image"));
    await waitFor(() => expect(captchaImage()).toHaveAttribute("src", "data:image/png;base64,QkI="));
  });
});
