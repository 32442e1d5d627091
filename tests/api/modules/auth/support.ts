import { vi } from "vitest";
import type { App } from "../../../../server/types";

/** The code every captcha answers in these tests' apps (CAPTCHA_FIXED_CODE). */
export const FIXED_CODE = "Kx7P";
export const CAPTCHA_ENV = { CAPTCHA_FIXED_CODE: FIXED_CODE };
export const CLIENT = { client_id: "web", client_secret: "web-secret" };
export const TOKEN_PATH = "/uaa/oauth/token";

export async function newCaptcha(app: App): Promise<string> {
  const res = await app.inject({ method: "GET", url: "/uaa/identity/captcha" });
  return res.json().result.vid as string;
}

export type Via = "json" | "form" | "query";

/** A token request with the parameters where the app puts them: JSON body (default), form body or query. */
export function tokenRequest(app: App, params: Record<string, string>, via: Via = "json") {
  if (via === "query") return app.inject({ method: "POST", url: TOKEN_PATH, query: params });
  if (via === "form") return app.inject({ method: "POST", url: TOKEN_PATH, payload: new URLSearchParams(params).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
  return app.inject({ method: "POST", url: TOKEN_PATH, payload: params });
}

/** grant_type=password with a fresh captcha answered with FIXED_CODE unless vcode is given. */
export async function passwordSignIn(app: App, username: string, password: string, extra: Record<string, string> = {}, via: Via = "json") {
  const vid = await newCaptcha(app);
  return tokenRequest(app, { grant_type: "password", ...CLIENT, username, password, vid, vcode: FIXED_CODE, ...extra }, via);
}

export function refresh(app: App, refreshToken: string) {
  return tokenRequest(app, { grant_type: "refresh_token", ...CLIENT, refresh_token: refreshToken });
}

export const bearer = (token: string) => ({ authorization: `bearer ${token}` });

/** Only Date is faked: timers, the database drivers and argon2 keep running. */
export function freezeClock(): void {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date() });
}

export function travel(ms: number): void {
  vi.setSystemTime(new Date(Date.now() + ms));
}
