import type { InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../providers/apiError";
import { setToaster } from "../../../providers/notificationProvider";
import { startPkceRound } from "../../../providers/session/pkce";
import { completeSsoSignIn, signInErrorKey } from "../../../providers/session/ssoCallback";
import { TOKEN_PATH } from "../../../providers/session/tokenGrant";
import { SessionKey, StorageKey } from "../../../providers/storageKeys";
import { getAccessToken, getTokenData } from "../../../providers/tokenStore";
import { translate } from "../../../i18n/translate";
import { fakeNotifier, restoreNetwork, stubNetwork, type Answer } from "../providers/network";
import { afterSignInAnswer, envelope, profile, ssoConfig as sso, tokenAnswer } from "./signInData";


type Override = (config: InternalAxiosRequestConfig) => Answer | undefined;

/** The provider and the server answering every step of a good return; `override` changes one. */
function ssoNetwork(override: Override = () => undefined) {
  return stubNetwork((config) => {
    const changed = override(config);
    if (changed) return changed;
    if (config.url === "/api/open/sso") return { data: envelope(sso) };
    if (config.url === sso.tokenUrl) return { data: { access_token: "idp-at", id_token: "idp-id", token_type: "Bearer" } };
    if (config.url === TOKEN_PATH) return { data: tokenAnswer("our-at") };
    if (config.url === "/oauth/check_token") return { data: { data: { status: "valid" } } };
    if (config.url === "/api/spsp/patnavi/getPatnaviRedirectUrl") return { data: envelope({ jumpUrl: "https://patnavi.example/list" }) };
    return afterSignInAnswer(config.url) ?? { status: 404, data: { code: 404, message: "none" } };
  });
}

const returnWith = (state: string) => new URLSearchParams({ code: "auth-code", state });

beforeEach(() => {
  fakeNotifier();
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(() => {
  restoreNetwork();
  setToaster(null);
  vi.restoreAllMocks();
});

describe("sign-in error messages (SPEC 8)", () => {
  it.each([
    ["invalid_request", "Authorization parameters missing or wrong"],
    ["access_denied", "User or authorization service refused authorization"],
    ["invalid_grant", "Authorization invalid"],
    ["invalid_scope", "Authorization scope not satisfied"],
    ["server_error", "Not authorized"],
    ["", "Not authorized"],
  ])("maps %j to '%s'", async (error, text) => {
    const outcome = await completeSsoSignIn(new URLSearchParams({ error }));
    expect(outcome).toEqual({ kind: "error", messageKey: signInErrorKey(error) });
    expect(translate("en", signInErrorKey(error))).toBe(text);
  });

  it("has Chinese texts for every message", () => {
    expect(translate("zh-CN", signInErrorKey("access_denied"))).toBe("用户或授权服务拒绝授权");
    expect(translate("zh-CN", signInErrorKey("other"))).toBe("未授权");
  });
});

describe("the code return (SPEC 4)", () => {
  it("exchanges the code, gets and checks our token, signs in and goes to the history path", async () => {
    localStorage.setItem(StorageKey.HISTORY_PATH, "/serviceFiles?id=3");
    const { verifier, state } = startPkceRound();
    const seen = ssoNetwork();

    await expect(completeSsoSignIn(returnWith(state))).resolves.toEqual({ kind: "navigate", to: "/serviceFiles?id=3" });

    const exchange = seen.find((c) => c.url === sso.tokenUrl)!;
    expect(exchange.method).toBe("post");
    expect(exchange.headers.get("Content-Type")).toBe("application/x-www-form-urlencoded");
    expect(exchange.headers.get("Authorization")).toBeFalsy();
    expect(Object.fromEntries(new URLSearchParams(exchange.data as string))).toEqual({
      grant_type: "authorization_code",
      client_id: "platform",
      code: "auth-code",
      redirect_uri: sso.redirectUri,
      code_verifier: verifier,
    });
    const grant = seen.find((c) => c.url === TOKEN_PATH)!;
    const vcpwd = { grant_type: "vcpwd", ex_token: "idp-id", client_id: "web", client_secret: "web-secret" };
    // Nothing in the addresses: the id token and our token travel in form bodies.
    expect(grant.params).toBeUndefined();
    expect(grant.headers.get("Content-Type")).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(grant.data as string))).toEqual(vcpwd);
    const check = seen.find((c) => c.url === "/oauth/check_token")!;
    expect(check.params).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(check.data as string))).toEqual({ token: "our-at" });
    // The token's own bearer proves the caller holds it (RFC 7662).
    expect(check.headers.get("Authorization")).toBe("bearer our-at");
    expect(sessionStorage.getItem(SessionKey.SSO_ID_TOKEN)).toBe("idp-id");

    expect(getAccessToken()).toMatchObject({ access_token: "our-at", token_type: "bearer" });
    expect(localStorage.getItem(StorageKey.PATNAVI_TOKEN)).toBe("our-at");
    expect(getTokenData()).toMatchObject({ id_token: "idp-id" });
    expect(JSON.parse(localStorage.getItem(StorageKey.USER_INFO)!)).toEqual({ id: 7, name: "王芯", avatar: null });
    expect(localStorage.getItem(StorageKey.SIGN_IN_METHOD)).toBe("sso");
    expect(localStorage.getItem(StorageKey.AUTH)).not.toBeNull();
    expect(localStorage.getItem(StorageKey.SSO_PKCE)).toBeNull();
    expect(seen.map((c) => c.url)).not.toContain("/api/spsp/patnavi/getPatnaviRedirectUrl");
  });

  it("with homeType '1' hands the stored search text to the patent list, and removes homeType", async () => {
    localStorage.setItem(StorageKey.HOME_TYPE, "1");
    localStorage.setItem(StorageKey.SEARCH_INPUT_VAL, "氮化镓");
    const { state } = startPkceRound();
    const seen = ssoNetwork();
    await expect(completeSsoSignIn(returnWith(state))).resolves.toEqual({ kind: "leave", url: "https://patnavi.example/list" });
    const jump = seen.find((c) => c.url === "/api/spsp/patnavi/getPatnaviRedirectUrl")!;
    expect(JSON.parse(jump.data as string)).toEqual({ patNaviRedirectTypeEnum: "PATENT_LIST", keywords: "氮化镓" });
    expect(jump.headers.get("Authorization")).toBe("Bearer our-at");
    expect(localStorage.getItem(StorageKey.HOME_TYPE)).toBeNull();
  });

  it("with homeType '2' asks for the platform link A4 (keywords empty without a search text for '1')", async () => {
    localStorage.setItem(StorageKey.HOME_TYPE, "2");
    const seen = ssoNetwork();
    await expect(completeSsoSignIn(returnWith(startPkceRound().state))).resolves.toMatchObject({ kind: "leave" });
    expect(JSON.parse(seen.find((c) => c.url?.includes("getPatnaviRedirectUrl"))!.data as string)).toEqual({ code: "A4" });
    expect(localStorage.getItem(StorageKey.HOME_TYPE)).toBeNull();

    localStorage.setItem(StorageKey.HOME_TYPE, "1");
    const again = ssoNetwork();
    await completeSsoSignIn(returnWith(startPkceRound().state));
    expect(JSON.parse(again.find((c) => c.url?.includes("getPatnaviRedirectUrl"))!.data as string)).toEqual({
      patNaviRedirectTypeEnum: "PATENT_LIST",
      keywords: "",
    });
  });

  it("stays in the app with the refusal when the hand-off is refused (certification under review)", async () => {
    localStorage.setItem(StorageKey.HOME_TYPE, "1");
    const toast = fakeNotifier();
    ssoNetwork((config) =>
      config.url?.includes("getPatnaviRedirectUrl")
        ? { status: 403, data: { code: 40301, message: "企业认证审核中", result: { state: "reviewing" } } }
        : undefined,
    );
    const outcome = await completeSsoSignIn(returnWith(startPkceRound().state));
    expect(outcome).toMatchObject({ kind: "navigate", to: "/" });
    expect(outcome.kind === "navigate" && outcome.refusal).toMatchObject({ code: 40301 });
    expect(toast.error).not.toHaveBeenCalled();
    expect(localStorage.getItem(StorageKey.HOME_TYPE)).toBeNull();
    expect(getAccessToken()).not.toBeNull();
  });

  it("goes to the password change first when the account must change its password", async () => {
    ssoNetwork((config) =>
      config.url === "/uaa/accounts/getUserInfo" ? { data: envelope({ ...profile, mustChangePassword: true }) } : undefined,
    );
    await expect(completeSsoSignIn(returnWith(startPkceRound().state))).resolves.toEqual({
      kind: "navigate",
      to: "/userCenter/changePassword",
    });
  });

  it("refuses a return whose state does not match, or without a stored round, without calling anyone", async () => {
    startPkceRound();
    const seen = ssoNetwork();
    await expect(completeSsoSignIn(returnWith("forged"))).resolves.toEqual({
      kind: "error",
      messageKey: "auth.signInErrors.invalid_request",
    });
    await expect(completeSsoSignIn(returnWith("any"))).resolves.toMatchObject({ kind: "error" });
    await expect(completeSsoSignIn(new URLSearchParams())).resolves.toMatchObject({ kind: "error" });
    expect(seen).toHaveLength(0);
  });

  it("turns a provider token failure into an error carrying the HTTP status and body, shown by its error code", async () => {
    const warn = vi.mocked(console.warn);
    const body = { error: "invalid_grant", error_description: "code expired" };
    ssoNetwork((config) => (config.url === sso.tokenUrl ? { status: 400, data: body } : undefined));
    localStorage.setItem(StorageKey.HOME_TYPE, "1");
    await expect(completeSsoSignIn(returnWith(startPkceRound().state))).resolves.toEqual({
      kind: "error",
      messageKey: "auth.signInErrors.invalid_grant",
    });
    const failure = warn.mock.calls.at(-1)?.[1] as ApiError;
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.httpStatus).toBe(400);
    expect(failure.body).toEqual(body);
    expect(getAccessToken()).toBeNull();
    expect(localStorage.getItem(StorageKey.HOME_TYPE)).toBeNull();
  });

  it("signs nobody in when the token check does not read valid", async () => {
    ssoNetwork((config) => (config.url === "/oauth/check_token" ? { data: { data: { status: "expired" } } } : undefined));
    await expect(completeSsoSignIn(returnWith(startPkceRound().state))).resolves.toEqual({
      kind: "error",
      messageKey: "auth.signInErrors.unauthorized",
    });
    expect(getAccessToken()).toBeNull();
    expect(localStorage.getItem(StorageKey.PATNAVI_TOKEN)).toBeNull();
    expect(localStorage.getItem(StorageKey.USER_INFO)).toBeNull();
  });
});
