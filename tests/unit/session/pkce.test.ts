import { afterEach, describe, expect, it, vi } from "vitest";
import { setToaster } from "../../../providers/notificationProvider";
import { authorizeUrl, redirectToAuthorize } from "../../../providers/session/authorizeRedirect";
import { codeChallenge, randomHex, startPkceRound, takePkceRound } from "../../../providers/session/pkce";
import { StorageKey } from "../../../providers/storageKeys";
import { fakeNotifier, restoreNetwork, stubNetwork } from "../providers/network";
import { fakeLocation } from "./fakeLocation";
import { envelope, ssoConfig as config } from "./signInData";


afterEach(() => {
  restoreNetwork();
  setToaster(null);
  vi.unstubAllGlobals();
});

describe("PKCE (SPEC 7, 9)", () => {
  it("makes a code verifier of 64 random bytes written as hex", () => {
    const { verifier, state } = startPkceRound();
    expect(verifier).toMatch(/^[0-9a-f]{128}$/);
    expect(state).toMatch(/^[0-9a-f]+$/);
    expect(randomHex(64)).not.toBe(verifier);
  });

  it("derives the S256 challenge as base64url(SHA-256(verifier)) (RFC 7636 appendix B)", async () => {
    expect(await codeChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe(
      "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    );
  });

  it("keeps the round in storage for the return and gives it out once", () => {
    const round = startPkceRound();
    expect(JSON.parse(localStorage.getItem(StorageKey.SSO_PKCE)!)).toEqual(round);
    expect(takePkceRound()).toEqual(round);
    expect(takePkceRound()).toBeNull();
  });
});

describe("the authorize request", () => {
  it("asks for an authorization code with PKCE S256, the SPEC scopes, the callback return address and a nonce of its own", () => {
    const url = new URL(authorizeUrl(config, "challenge-x", "state-y"));
    const other = new URL(authorizeUrl(config, "challenge-x", "state-y"));
    expect(url.origin + url.pathname).toBe("http://localhost:8080/idp/auth");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: "platform",
      redirect_uri: "http://localhost:8080/authorization-callback",
      scope: "openid profile phone offline_access",
      state: "state-y",
      code_challenge: "challenge-x",
      code_challenge_method: "S256",
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(other.searchParams.get("nonce")).not.toBe(url.searchParams.get("nonce"));
  });

  it("sends the whole window there, with the challenge of the stored verifier", async () => {
    const location = fakeLocation("/serviceFiles");
    const seen = stubNetwork(() => ({ data: envelope(config) }));
    await redirectToAuthorize();

    expect(seen[0].url).toBe("/api/open/sso");
    expect(seen[0].headers.get("Authorization")).toBeFalsy();
    const target = new URL(location.assign.mock.calls[0][0]);
    const round = JSON.parse(localStorage.getItem(StorageKey.SSO_PKCE)!) as { verifier: string; state: string };
    expect(target.searchParams.get("state")).toBe(round.state);
    expect(target.searchParams.get("code_challenge")).toBe(await codeChallenge(round.verifier));
  });

  it("takes the scopes listed as an array too, and the SPEC scopes when none are listed", async () => {
    const location = fakeLocation("/");
    stubNetwork(() => ({ data: envelope({ ...config, scopes: ["openid", "profile"] }) }));
    await redirectToAuthorize();
    stubNetwork(() => ({ data: envelope({ ...config, scopes: "" }) }));
    await redirectToAuthorize();
    const scopes = location.assign.mock.calls.map(([url]) => new URL(url).searchParams.get("scope"));
    expect(scopes).toEqual(["openid profile", "openid profile phone offline_access"]);
  });

  it("rejects without leaving when single sign-on is not configured, and shows no toast of its own", async () => {
    const toast = fakeNotifier();
    const location = fakeLocation();
    stubNetwork(() => ({ status: 500, data: { code: 500, message: "boom" } }));
    await expect(redirectToAuthorize()).rejects.toThrow();
    expect(location.assign).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });
});
