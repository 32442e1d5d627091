import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { StorageKey } from "../../../providers/storageKeys";
import { fakeLocation } from "./fakeLocation";
import { envelope, ssoConfig as sso } from "./signInData";


// Each test gets fresh modules: after sending the window away the handler stays quiet for the page's life.
async function load() {
  vi.resetModules();
  // As src/main.tsx starts the app: the stored language's texts first.
  const { loadCatalog } = await import("../../../i18n/appTranslate");
  const { storedLocale } = await import("../../../providers/storedLocale");
  await loadCatalog(storedLocale());
  const network = await import("../providers/network");
  const { http } = await import("../../../providers/http");
  const { installSessionHandlers } = await import("../../../providers/session/installSessionHandlers");
  const { setSessionNavigator } = await import("../../../providers/session/navigation");
  const { setAccessToken } = await import("../../../providers/tokenStore");
  installSessionHandlers();
  const navigate = vi.fn();
  setSessionNavigator(navigate);
  const toast = network.fakeNotifier();
  return { ...network, http, navigate, toast, setAccessToken };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  localStorage.setItem(StorageKey.USER_INFO, JSON.stringify({ id: 7, name: "王芯" }));
  localStorage.setItem(StorageKey.AUTH, JSON.stringify([{ menuCode: "patnavi" }]));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("session-invalid answers (SPEC 8)", () => {
  it.each([40101, 41201, 41202])("after code %i clears the session and sends the whole window to the authorize page", async (code) => {
    const location = fakeLocation("/serviceFiles");
    const { http, stubNetwork, toast, setAccessToken, navigate } = await load();
    setAccessToken({ access_token: "at", token_type: "bearer", expires_in: Date.now() + 60_000, refresh_token: "rt" });
    const seen = stubNetwork((config) =>
      config.url === "/api/open/sso" ? { data: envelope(sso) } : { status: 401, data: { code, message: "会话已失效" } },
    );

    await expect(http.post("/api/archives/queryArchivesPage", {})).rejects.toMatchObject({ code });
    await vi.waitFor(() => expect(location.assign).toHaveBeenCalled());

    expect(localStorage.getItem(StorageKey.ACCESS_TOKEN_RECORD)).toBeNull();
    expect(localStorage.getItem(StorageKey.USER_INFO)).toBeNull();
    expect(localStorage.getItem(StorageKey.AUTH)).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
    expect(seen.find((c) => c.url === "/api/open/sso")?.headers.get("Authorization")).toBeFalsy();
    expect(location.assign).toHaveBeenCalledTimes(1);
    const target = new URL(location.assign.mock.calls[0][0]);
    expect(target.pathname).toBe("/idp/auth");
    expect(target.searchParams.get("code_challenge_method")).toBe("S256");
    expect(target.searchParams.get("scope")).toBe("openid profile phone offline_access");
    expect(navigate).not.toHaveBeenCalled();
  });

  it("acts once for a burst of session-invalid answers", async () => {
    const location = fakeLocation("/");
    const { http, stubNetwork } = await load();
    const seen = stubNetwork((config) =>
      config.url === "/api/open/sso" ? { data: envelope(sso) } : { status: 401, data: { code: 40101, message: "x" } },
    );
    await Promise.allSettled([http.get("/api/a"), http.get("/api/b"), http.get("/api/c")]);
    await vi.waitFor(() => expect(location.assign).toHaveBeenCalled());
    await flush();
    expect(seen.filter((c) => c.url === "/api/open/sso")).toHaveLength(1);
    expect(location.assign).toHaveBeenCalledTimes(1);
  });

  it("goes to /login/index when the authorize page cannot be reached, even if the sso call itself says 40101", async () => {
    const location = fakeLocation("/");
    const { http, stubNetwork, navigate } = await load();
    const seen = stubNetwork(() => ({ status: 401, data: { code: 40101, message: "x" } }));
    await expect(http.get("/api/a")).rejects.toMatchObject({ code: 40101 });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(seen.map((c) => c.url)).toEqual(["/api/a", "/api/open/sso"]);
    expect(location.assign).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith("/login/index");
  });

  it("goes to /login/index rather than back to the provider from the callback page", async () => {
    const location = fakeLocation("/authorization-callback");
    const { http, stubNetwork, navigate } = await load();
    const seen = stubNetwork(() => ({ status: 401, data: { code: 40101, message: "x" } }));
    await expect(http.post("/uaa/accounts/getUserInfo")).rejects.toMatchObject({ code: 40101 });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(seen.map((c) => c.url)).toEqual(["/uaa/accounts/getUserInfo"]);
    expect(location.assign).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith("/login/index");
  });
});

describe("session-invalid answers for a user who signed in with a password", () => {
  beforeEach(() => localStorage.setItem(StorageKey.SIGN_IN_METHOD, "password"));

  it.each([40101, 41201, 41202])("after code %i say the session ended and go to /login/index, not to the provider", async (code) => {
    const location = fakeLocation("/serviceFiles");
    const { http, stubNetwork, toast, setAccessToken, navigate } = await load();
    setAccessToken({ access_token: "at", token_type: "bearer", expires_in: Date.now() + 60_000, refresh_token: "rt" });
    const seen = stubNetwork(() => ({ status: 401, data: { code, message: "会话已失效" } }));

    await Promise.allSettled([http.get("/api/a"), http.get("/api/b"), http.get("/api/c")]);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith("/login/index"));
    await flush();

    expect(toast.warning).toHaveBeenCalledTimes(1);
    expect(toast.warning).toHaveBeenCalledWith("会话已结束，请重新登录");
    expect(toast.error).not.toHaveBeenCalled();
    expect(localStorage.getItem(StorageKey.ACCESS_TOKEN_RECORD)).toBeNull();
    expect(localStorage.getItem(StorageKey.USER_INFO)).toBeNull();
    expect(seen.map((c) => c.url)).not.toContain("/api/open/sso");
    expect(location.assign).not.toHaveBeenCalled();
  });

  it("says it in English in English mode", async () => {
    fakeLocation("/serviceFiles");
    localStorage.setItem(StorageKey.LOCALE, "en");
    const { http, stubNetwork, toast, setAccessToken } = await load();
    setAccessToken({ access_token: "at", token_type: "bearer", expires_in: Date.now() + 60_000 });
    stubNetwork(() => ({ status: 401, data: { code: 41202, message: "x" } }));
    await expect(http.get("/api/a")).rejects.toMatchObject({ code: 41202 });
    await vi.waitFor(() => expect(toast.warning).toHaveBeenCalledWith("Your session has ended. Please sign in again."));
  });

  it("still sends a user whose last sign-in was single sign-on to the provider", async () => {
    localStorage.setItem(StorageKey.SIGN_IN_METHOD, "sso");
    const location = fakeLocation("/serviceFiles");
    const { http, stubNetwork, toast, setAccessToken, navigate } = await load();
    setAccessToken({ access_token: "at", token_type: "bearer", expires_in: Date.now() + 60_000 });
    stubNetwork((config) => (config.url === "/api/open/sso" ? { data: envelope(sso) } : { status: 401, data: { code: 41201, message: "x" } }));
    await expect(http.get("/api/a")).rejects.toMatchObject({ code: 41201 });
    await vi.waitFor(() => expect(location.assign).toHaveBeenCalledTimes(1));
    expect(new URL(location.assign.mock.calls[0][0]).pathname).toBe("/idp/auth");
    expect(toast.warning).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe("a generated password that must be changed first (40302)", () => {
  const refusal = { status: 403, data: { code: 40302, message: "请先修改初始密码" } };

  it("warns once instead of an error toast and takes the user to the password change", async () => {
    fakeLocation("/serviceFiles");
    localStorage.setItem(StorageKey.INFO, JSON.stringify({ id: 7, username: "wangxin", mustChangePassword: false }));
    const { http, stubNetwork, toast, navigate } = await load();
    stubNetwork(() => refusal);
    await expect(http.post("/api/archives/queryArchivesPage", {})).rejects.toMatchObject({ code: 40302 });
    expect(toast.error).not.toHaveBeenCalled();
    expect(toast.warning).toHaveBeenCalledWith("请先修改初始密码");
    expect(navigate).toHaveBeenCalledWith("/userCenter/changePassword");
    expect(localStorage.getItem(StorageKey.USER_INFO)).not.toBeNull();
    // The password page reads it to say why the user is there.
    expect(JSON.parse(localStorage.getItem(StorageKey.INFO)!)).toMatchObject({ mustChangePassword: true });
  });

  it("stays put on the password change page itself", async () => {
    fakeLocation("/userCenter/changePassword");
    const { http, stubNetwork, toast, navigate } = await load();
    stubNetwork(() => refusal);
    await expect(http.post("/api/user/changePersonInfo", {})).rejects.toMatchObject({ code: 40302 });
    expect(toast.warning).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});
