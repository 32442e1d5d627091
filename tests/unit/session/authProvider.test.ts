import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../providers/apiError";
import { authProvider } from "../../../providers/authProvider";
import { setToaster } from "../../../providers/notificationProvider";
import { isLoggedIn } from "../../../providers/session/isLoggedIn";
import { TOKEN_PATH } from "../../../providers/session/tokenGrant";
import { endSession, establishSession } from "../../../providers/session/userSession";
import { sessionStore } from "../../../providers/storage";
import { SessionKey, StorageKey } from "../../../providers/storageKeys";
import { getAccessToken, setAccessToken } from "../../../providers/tokenStore";
import { fakeNotifier, restoreNetwork, stubNetwork } from "../providers/network";
import { afterSignInAnswer, menus, profile, ssoConfig, tokenAnswer } from "./signInData";

const credentials = { username: "wangxin", password: "Secret#2025", vid: "v-1", vcode: "ab12" };
const record = { access_token: "at", token_type: "bearer", expires_in: Date.now() + 60_000, refresh_token: "rt", is_refresh: false };
const sessionChanged = vi.fn();

beforeEach(() => {
  fakeNotifier();
  window.addEventListener("app:session-changed", sessionChanged);
});

afterEach(() => {
  restoreNetwork();
  setToaster(null);
  window.removeEventListener("app:session-changed", sessionChanged);
  sessionChanged.mockReset();
});

describe("password sign-in through authProvider.login", () => {
  it("sends the SPEC 3 login parameters in a form body and none in the address, stores the tokens, user info, auth and menu, and goes back", async () => {
    localStorage.setItem(StorageKey.HISTORY_PATH, "/serviceFiles?id=3");
    const seen = stubNetwork((config) =>
      config.url === TOKEN_PATH ? { data: tokenAnswer("at-1") } : afterSignInAnswer(config.url)!,
    );

    await expect(authProvider.login(credentials)).resolves.toEqual({ success: true, redirectTo: "/serviceFiles?id=3" });

    const login = {
      grant_type: "password",
      username: "wangxin",
      password: "Secret#2025",
      vid: "v-1",
      vcode: "ab12",
      auth_code: "",
      client_id: "web",
      client_secret: "web-secret",
    };
    expect(seen[0].params).toBeUndefined();
    expect(seen[0].headers.get("Content-Type")).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(seen[0].data as string))).toEqual(login);
    expect(seen[0].headers.get("Authorization")).toBeFalsy();
    expect(seen.find((c) => c.url === "/uaa/accounts/getUserInfo")?.headers.get("Authorization")).toBe("bearer at-1");
    expect(getAccessToken()).toMatchObject({ access_token: "at-1", refresh_token: "refresh-of-at-1", is_refresh: false });
    expect(JSON.parse(localStorage.getItem(StorageKey.USER_INFO)!)).toEqual({ id: 7, name: "王芯", avatar: null });
    expect(JSON.parse(localStorage.getItem(StorageKey.AUTH)!)).toEqual([{ menuCode: "patnavi" }, { menuCode: "userCenter" }]);
    expect(JSON.parse(localStorage.getItem(StorageKey.MENU)!)).toEqual(menus);
    expect(localStorage.getItem(StorageKey.SIGN_IN_METHOD)).toBe("password");
    expect(sessionChanged).toHaveBeenCalledTimes(1);
    expect(isLoggedIn()).toBe(true);
    expect(JSON.stringify({ ...localStorage })).not.toContain("Secret#2025");
  });

  it("goes home without a history path, and to the password change when the server asks for one", async () => {
    stubNetwork((config) => (config.url === TOKEN_PATH ? { data: tokenAnswer("at") } : afterSignInAnswer(config.url)!));
    await expect(authProvider.login(credentials)).resolves.toMatchObject({ redirectTo: "/" });
    stubNetwork((config) =>
      config.url === TOKEN_PATH
        ? { data: tokenAnswer("at") }
        : afterSignInAnswer(config.url, { ...profile, mustChangePassword: true })!,
    );
    await expect(authProvider.login(credentials)).resolves.toMatchObject({ redirectTo: "/userCenter/changePassword" });
  });

  it("answers a refused sign-in with the server's message and stores nothing", async () => {
    const toast = fakeNotifier();
    stubNetwork(() => ({
      status: 400,
      data: { error: "invalid_grant", error_description: "bad credentials", code: 400, message: "用户名或密码错误" },
    }));
    const result = await authProvider.login(credentials);
    expect(result.success).toBe(false);
    expect(result.error).toBeInstanceOf(ApiError);
    expect(result.error?.message).toBe("用户名或密码错误");
    expect(toast.error).not.toHaveBeenCalled();
    expect(getAccessToken()).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it("ends the half-made session when the user info cannot be read", async () => {
    stubNetwork((config) =>
      config.url === TOKEN_PATH ? { data: tokenAnswer("at") } : { status: 500, data: { code: 500, message: "服务异常" } },
    );
    await expect(authProvider.login(credentials)).resolves.toMatchObject({ success: false });
    expect(getAccessToken()).toBeNull();
    expect(localStorage.getItem(StorageKey.USER_INFO)).toBeNull();
  });
});

describe("logout (SPEC 4)", () => {
  const signedIn = async () => {
    stubNetwork((config) => afterSignInAnswer(config.url)!);
    await establishSession(record, "password");
    sessionStore.set(SessionKey.GRADE, "vip");
    localStorage.setItem(StorageKey.LEGACY_ROLES, JSON.stringify(["member"]));
  };

  it("calls the logout endpoint and on code 200 clears user info, menu, roles, grade and tokens, then goes to the login page", async () => {
    await signedIn();
    const seen = stubNetwork(() => ({ data: { code: 200, message: "success" } }));
    await expect(authProvider.logout({})).resolves.toEqual({ success: true, redirectTo: "/login/index" });
    expect(seen[0].method).toBe("get");
    expect(seen[0].url).toBe("/uaa/identity/logout");
    for (const key of [StorageKey.USER_INFO, StorageKey.MENU, StorageKey.AUTH, StorageKey.LEGACY_ROLES, StorageKey.ACCESS_TOKEN_RECORD]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(sessionStore.get(SessionKey.GRADE)).toBeNull();
    expect(isLoggedIn()).toBe(false);
  });

  it("keeps the local data when the answer is not code 200, or the call fails, and still goes to the login page", async () => {
    await signedIn();
    const toast = fakeNotifier();
    stubNetwork(() => ({ data: { code: 500, message: "x" } }));
    await expect(authProvider.logout({})).resolves.toMatchObject({ redirectTo: "/login/index" });
    expect(localStorage.getItem(StorageKey.USER_INFO)).not.toBeNull();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    stubNetwork(() => new Error("offline"));
    await expect(authProvider.logout({})).resolves.toMatchObject({ redirectTo: "/login/index" });
    expect(localStorage.getItem(StorageKey.USER_INFO)).not.toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe("logout of a single sign-on session (RP-initiated logout)", () => {
  let posted: { action: string; method: string; fields: Record<string, string> }[];
  beforeEach(() => {
    posted = [];
    vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(function (this: HTMLFormElement) {
      posted.push({ action: this.action, method: this.method, fields: Object.fromEntries(new FormData(this) as unknown as Iterable<[string, string]>) });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.replaceChildren();
  });

  const ssoSettings = (endSessionUrl: string | null) => ({
    code: 200,
    message: "success",
    result: { ...ssoConfig, endSessionUrl, postLogoutRedirectUri: "http://localhost:3000/login/index" },
  });

  it("after the platform logout posts the id token to the provider's end-session endpoint, and forgets it", async () => {
    await establishSessionSilently();
    sessionStore.set(SessionKey.SSO_ID_TOKEN, "idp-id-token");
    const seen = stubNetwork((config) => (config.url === "/api/open/sso" ? { data: ssoSettings("https://sso.example.org/session/end") } : { data: { code: 200, message: "success" } }));
    await authProvider.logout({});
    expect(seen.map((c) => c.url)).toEqual(["/uaa/identity/logout", "/api/open/sso"]);
    expect(posted).toEqual([
      {
        action: "https://sso.example.org/session/end",
        method: "post",
        fields: { id_token_hint: "idp-id-token", post_logout_redirect_uri: "http://localhost:3000/login/index", client_id: ssoConfig.clientId },
      },
    ]);
    expect(sessionStore.get(SessionKey.SSO_ID_TOKEN)).toBeNull();
    expect(isLoggedIn()).toBe(false);
  });

  it("goes to the login page only when the provider has no end-session endpoint, or after a password sign-in", async () => {
    await establishSessionSilently();
    sessionStore.set(SessionKey.SSO_ID_TOKEN, "idp-id-token");
    stubNetwork((config) => (config.url === "/api/open/sso" ? { data: ssoSettings(null) } : { data: { code: 200, message: "success" } }));
    await expect(authProvider.logout({})).resolves.toEqual({ success: true, redirectTo: "/login/index" });
    await establishSessionSilently();
    const seen = stubNetwork(() => ({ data: { code: 200, message: "success" } }));
    await authProvider.logout({});
    expect(seen.map((c) => c.url)).toEqual(["/uaa/identity/logout"]);
    expect(posted).toEqual([]);
  });
});

async function establishSessionSilently(): Promise<void> {
  stubNetwork((config) => afterSignInAnswer(config.url)!);
  await establishSession(record, "password");
}

describe("what Refine asks", () => {
  it("counts a user as logged in only with a stored id and a token (SPEC 4)", async () => {
    expect(isLoggedIn()).toBe(false);
    await expect(authProvider.check()).resolves.toEqual({ authenticated: false, redirectTo: "/login/index" });
    localStorage.setItem(StorageKey.USER_INFO, JSON.stringify({ id: 7, name: "王芯" }));
    expect(isLoggedIn()).toBe(false);
    setAccessToken(record);
    expect(isLoggedIn()).toBe(true);
    await expect(authProvider.check()).resolves.toEqual({ authenticated: true });
    localStorage.setItem(StorageKey.USER_INFO, JSON.stringify({ name: "无编号" }));
    expect(isLoggedIn()).toBe(false);
    localStorage.setItem(StorageKey.USER_INFO, JSON.stringify({ id: 7, name: "王芯" }));
    endSession();
    localStorage.setItem(StorageKey.USER_INFO, JSON.stringify({ id: 7, name: "王芯" }));
    localStorage.setItem(StorageKey.TOKEN, "legacy");
    expect(isLoggedIn()).toBe(true);
  });

  it("gives the stored user as identity and the auth list as permissions", async () => {
    stubNetwork((config) => afterSignInAnswer(config.url)!);
    await establishSession(record, "password");
    await expect(authProvider.getIdentity!()).resolves.toEqual({ id: 7, name: "王芯", avatar: null });
    await expect(authProvider.getPermissions!()).resolves.toEqual([{ menuCode: "patnavi" }, { menuCode: "userCenter" }]);
    endSession();
    await expect(authProvider.getIdentity!()).resolves.toBeNull();
    await expect(authProvider.getPermissions!()).resolves.toEqual([]);
  });

  it("leaves errors to the request layer", async () => {
    await expect(authProvider.onError(new ApiError("x", { code: 40101, httpStatus: 401 }))).resolves.toEqual({});
  });

  it("ends a session through one function that clears every session key and announces the change", () => {
    for (const key of Object.values(StorageKey)) localStorage.setItem(key, "\"x\"");
    sessionStore.set(SessionKey.GRADE, "g");
    sessionStore.set(SessionKey.VIP_EXPIRED_DATE, "d");
    endSession();
    expect(Object.keys(localStorage).sort()).toEqual(
      [
        StorageKey.HISTORY_PATH,
        StorageKey.HOME_TYPE,
        StorageKey.SEARCH_INPUT_VAL,
        StorageKey.LOCALE,
        StorageKey.SSO_PKCE,
        StorageKey.SIGN_IN_METHOD,
      ].sort(),
    );
    expect(sessionStorage.length).toBe(0);
    expect(sessionChanged).toHaveBeenCalledTimes(1);
  });
});
