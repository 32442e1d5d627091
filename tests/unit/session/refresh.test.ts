import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../providers/apiError";
import { http, setSessionHandlers } from "../../../providers/http";
import { setToaster } from "../../../providers/notificationProvider";
import { installSessionHandlers } from "../../../providers/session/installSessionHandlers";
import { setSessionNavigator } from "../../../providers/session/navigation";
import { refreshAccessToken } from "../../../providers/session/refresh";
import { TOKEN_PATH } from "../../../providers/session/tokenGrant";
import { StorageKey } from "../../../providers/storageKeys";
import { getAccessToken, setAccessToken, type AccessTokenRecord } from "../../../providers/tokenStore";
import { fakeNotifier, restoreNetwork } from "../providers/network";
import { envelope, tokenAnswer } from "./signInData";

const expired: AccessTokenRecord = {
  access_token: "at-old",
  token_type: "bearer",
  expires_in: Date.now() - 1000,
  refresh_token: "rt-old",
  is_refresh: false,
};

/**
 * An adapter whose token endpoint answers after a pause, so that every request of a burst is
 * already waiting when the refresh comes back; other calls echo the Authorization they carried.
 */
function slowTokenNetwork(tokenReply: () => { status: number; data: unknown }) {
  const seen: InternalAxiosRequestConfig[] = [];
  http.defaults.adapter = async (config) => {
    seen.push(config);
    if (config.url === TOKEN_PATH) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const { status, data } = tokenReply();
      const response = { data, status, statusText: "", headers: {}, config, request: {} } as AxiosResponse;
      if (status >= 400) throw new AxiosError(`status ${status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
      return response;
    }
    const authorization = config.headers.get("Authorization");
    return { data: envelope({ authorization }), status: 200, statusText: "OK", headers: {}, config, request: {} };
  };
  return seen;
}

let toast: ReturnType<typeof fakeNotifier>;
const navigate = vi.fn();

beforeEach(() => {
  toast = fakeNotifier();
  setSessionNavigator(navigate);
  installSessionHandlers();
});

afterEach(() => {
  restoreNetwork();
  setToaster(null);
  setSessionHandlers({});
  setSessionNavigator(null);
  navigate.mockReset();
});

describe("single-flight refresh (SPEC 4)", () => {
  it("makes exactly one refresh call for 10 concurrent requests with an expired token; all 10 succeed with the new token", async () => {
    setAccessToken(expired);
    const seen = slowTokenNetwork(() => ({ status: 200, data: tokenAnswer("at-new") }));

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => http.get<{ result: { authorization: string } }>(`/api/item/${i}`)),
    );

    const refreshCalls = seen.filter((c) => c.url === TOKEN_PATH);
    expect(refreshCalls).toHaveLength(1);
    expect(answers).toHaveLength(10);
    for (const answer of answers) expect(answer.result.authorization).toBe("bearer at-new");
    expect(getAccessToken()).toMatchObject({ access_token: "at-new", refresh_token: "refresh-of-at-new", is_refresh: true });
    expect(toast.warning).not.toHaveBeenCalled();
  });

  it("sends the refresh grant without a token, in a form body and nothing in the address, and stores expires_in as an absolute time", async () => {
    setAccessToken(expired);
    const seen = slowTokenNetwork(() => ({ status: 200, data: tokenAnswer("at-new", 1800) }));
    const before = Date.now();
    await http.get("/api/x");

    const refresh = seen.find((c) => c.url === TOKEN_PATH)!;
    const grant = { grant_type: "refresh_token", refresh_token: "rt-old", client_id: "web", client_secret: "web-secret" };
    expect(refresh.headers.get("Authorization")).toBeFalsy();
    expect(refresh.params).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(refresh.data as string))).toEqual(grant);
    const { expires_in } = getAccessToken()!;
    expect(expires_in).toBeGreaterThanOrEqual(before + 1_800_000);
    expect(expires_in).toBeLessThanOrEqual(Date.now() + 1_800_000);
  });

  it("does not refresh while the token is still valid, nor without a refresh token", async () => {
    setAccessToken({ ...expired, expires_in: Date.now() + 60_000 });
    const seen = slowTokenNetwork(() => ({ status: 200, data: tokenAnswer("at-new") }));
    await http.get("/api/x");
    setAccessToken({ ...expired, refresh_token: undefined });
    await http.get("/api/y");
    expect(seen.map((c) => c.url)).toEqual(["/api/x", "/api/y"]);
  });

  it("after a failed refresh shows 登录已过期, clears tokens and user info, goes to /login/index and rejects every waiting request", async () => {
    setAccessToken(expired);
    localStorage.setItem(StorageKey.USER_INFO, JSON.stringify({ id: 7, name: "王芯" }));
    localStorage.setItem(StorageKey.AUTH, JSON.stringify([{ menuCode: "patnavi" }]));
    const seen = slowTokenNetwork(() => ({
      status: 400,
      data: { error: "invalid_grant", error_description: "refresh token invalid", code: 41201, message: "刷新令牌无效" },
    }));

    const results = await Promise.allSettled(Array.from({ length: 3 }, () => http.get("/api/x")));

    expect(seen.filter((c) => c.url === TOKEN_PATH)).toHaveLength(1);
    expect(seen.filter((c) => c.url === "/api/x")).toHaveLength(0);
    for (const result of results) {
      expect(result.status).toBe("rejected");
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
    }
    expect(toast.warning).toHaveBeenCalledTimes(1);
    expect(toast.warning).toHaveBeenCalledWith("登录已过期");
    expect(toast.error).not.toHaveBeenCalled();
    expect(getAccessToken()).toBeNull();
    expect(localStorage.getItem(StorageKey.USER_INFO)).toBeNull();
    expect(localStorage.getItem(StorageKey.AUTH)).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith("/login/index");
  });

  it("treats an answer without an access token as a failed refresh", async () => {
    setAccessToken(expired);
    slowTokenNetwork(() => ({ status: 200, data: { code: 200, message: "success" } }));
    await expect(http.get("/api/x")).rejects.toBeInstanceOf(ApiError);
    expect(toast.warning).toHaveBeenCalledWith("登录已过期");
    expect(navigate).toHaveBeenCalledWith("/login/index");
  });

  it("shows no warning when no token was stored any more", async () => {
    const seen = slowTokenNetwork(() => ({ status: 200, data: tokenAnswer("at-new") }));
    await expect(refreshAccessToken()).rejects.toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(0);
    expect(toast.warning).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith("/login/index");
  });

  it("takes turns with other tabs through a Web Lock and uses the token another tab has just refreshed", async () => {
    const request = vi.fn((_name: string, work: () => Promise<unknown>) => {
      // The other tab held the lock and stored its new record meanwhile.
      setAccessToken({ ...expired, access_token: "at-other-tab", expires_in: Date.now() + 60_000 });
      return work();
    });
    vi.stubGlobal("navigator", { ...navigator, locks: { request } });
    setAccessToken(expired);
    const seen = slowTokenNetwork(() => ({ status: 200, data: tokenAnswer("at-new") }));

    const answer = await http.get<{ result: { authorization: string } }>("/api/x");

    expect(request).toHaveBeenCalledWith("semi-ip:token-refresh", expect.any(Function));
    expect(seen.map((c) => c.url)).toEqual(["/api/x"]);
    expect(answer.result.authorization).toBe("bearer at-other-tab");
    vi.unstubAllGlobals();
  });

  it("falls back to a full page load when the app has registered no navigation", async () => {
    setSessionNavigator(null);
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    setAccessToken(expired);
    slowTokenNetwork(() => ({ status: 400, data: { error: "invalid_grant", code: 41201, message: "x" } }));
    await expect(http.get("/api/x")).rejects.toBeInstanceOf(ApiError);
    expect(assign).toHaveBeenCalledWith("/login/index");
    vi.unstubAllGlobals();
  });
});
