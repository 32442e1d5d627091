import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setToaster } from "../../../providers/notificationProvider";
import { startPkceRound } from "../../../providers/session/pkce";
import { TOKEN_PATH } from "../../../providers/session/tokenGrant";
import { StorageKey } from "../../../providers/storageKeys";
import { closeCertificationDialog } from "../../../src/session/sessionDialogs";
import AuthorizationCallbackPage from "../../../src/pages/authCallback/AuthorizationCallbackPage";
import { fakeNotifier, restoreNetwork, stubNetwork } from "../providers/network";
import { fakeLocation } from "./fakeLocation";
import { renderAt } from "./renderApp";
import { afterSignInAnswer, envelope, ssoConfig, tokenAnswer } from "./signInData";

const CALLBACK = "/authorization-callback";
let toast: ReturnType<typeof fakeNotifier>;

function goodReturn(jump: { status: number; data: unknown } = { status: 200, data: envelope({ jumpUrl: "https://patnavi.example/a4" }) }) {
  return stubNetwork((config) => {
    if (config.url === "/api/open/sso") return { data: envelope(ssoConfig) };
    if (config.url === ssoConfig.tokenUrl) return { data: { access_token: "idp-at", id_token: "idp-id" } };
    if (config.url === TOKEN_PATH) return { data: tokenAnswer("our-at") };
    if (config.url === "/oauth/check_token") return { data: { data: { status: "valid" } } };
    if (config.url?.includes("getPatnaviRedirectUrl")) return jump;
    return afterSignInAnswer(config.url)!;
  });
}

beforeEach(() => {
  toast = fakeNotifier();
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(() => {
  restoreNetwork();
  setToaster(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  closeCertificationDialog();
});

describe("the authorization-callback page", () => {
  it("shows the mapped error message and goes to '/' exactly 500 ms later", async () => {
    vi.useFakeTimers();
    const { container } = renderAt(`${CALLBACK}?error=access_denied`, CALLBACK, <AuthorizationCallbackPage />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(toast.error).toHaveBeenCalledWith("用户或授权服务拒绝授权");
    expect(container.querySelector("[data-testid='where']")).toHaveTextContent(CALLBACK);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(499);
    });
    expect(screen.getByTestId("where")).toHaveTextContent(`${CALLBACK}?error=access_denied`);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByTestId("where").textContent).toBe("/");
  });

  it("shows 'Not authorized' for an unknown error and renders nothing of its own", async () => {
    vi.useFakeTimers();
    renderAt(`${CALLBACK}?error=temporarily_unavailable`, CALLBACK, <AuthorizationCallbackPage />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(toast.error).toHaveBeenCalledWith("未授权");
    expect(screen.getByTestId("where").textContent).toBe("/");
  });

  it("signs in from a code and goes to the history path", async () => {
    localStorage.setItem(StorageKey.HISTORY_PATH, "/serviceFiles?id=3");
    const { state } = startPkceRound();
    goodReturn();
    renderAt(`${CALLBACK}?code=c1&state=${state}`, CALLBACK, <AuthorizationCallbackPage />);
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/serviceFiles?id=3"));
    expect(localStorage.getItem(StorageKey.USER_INFO)).not.toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("leaves for the platform link page with homeType '2' and removes homeType", async () => {
    const location = fakeLocation(CALLBACK);
    localStorage.setItem(StorageKey.HOME_TYPE, "2");
    const { state } = startPkceRound();
    goodReturn();
    renderAt(`${CALLBACK}?code=c1&state=${state}`, CALLBACK, <AuthorizationCallbackPage />);
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith("https://patnavi.example/a4"));
    expect(localStorage.getItem(StorageKey.HOME_TYPE)).toBeNull();
  });

  it("opens the certification dialog when the patent list refuses with 40301 during review", async () => {
    localStorage.setItem(StorageKey.HOME_TYPE, "1");
    const { state } = startPkceRound();
    goodReturn({ status: 403, data: { code: 40301, message: "企业认证审核中", result: { state: "reviewing" } } });
    renderAt(`${CALLBACK}?code=c1&state=${state}`, CALLBACK, <AuthorizationCallbackPage />);
    expect(await screen.findByTestId("certification-text")).toHaveTextContent("企业认证正在审核中");
    // The router's navigation is a transition; the dialog's store update lands first.
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/"));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("shows any other hand-off refusal as its message", async () => {
    localStorage.setItem(StorageKey.HOME_TYPE, "1");
    const { state } = startPkceRound();
    goodReturn({ status: 500, data: { code: 500, message: "专利导航服务不可用" } });
    renderAt(`${CALLBACK}?code=c1&state=${state}`, CALLBACK, <AuthorizationCallbackPage />);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("专利导航服务不可用"));
    expect(screen.queryByTestId("certification-text")).toBeNull();
  });
});
