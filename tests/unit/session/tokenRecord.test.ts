import { afterEach, describe, expect, it, vi } from "vitest";
import { toTokenRecord } from "../../../providers/session/tokenGrant";
import { StorageKey } from "../../../providers/storageKeys";
import {
  getAccessToken,
  getTokenData,
  restoreTokens,
  setAccessToken,
  setTokenData,
} from "../../../providers/tokenStore";
import { tokenAnswer } from "./signInData";

const HOUR = 3_600_000;
const now = Date.UTC(2025, 5, 1, 8, 0, 0);

afterEach(() => {
  vi.useRealTimers();
});

describe("the access token record (SPEC 3)", () => {
  it("holds exactly access_token, token_type, expires_in as an absolute time in ms, refresh_token and is_refresh", () => {
    expect(toTokenRecord(tokenAnswer("at", 7200), false, now)).toEqual({
      access_token: "at",
      token_type: "bearer",
      expires_in: now + 7_200_000,
      refresh_token: "refresh-of-at",
      is_refresh: false,
    });
    expect(toTokenRecord(tokenAnswer("at2", 60), true, now)).toMatchObject({ expires_in: now + 60_000, is_refresh: true });
  });
});

describe("restore at start (SPEC 4: only when under 1 hour old)", () => {
  it("restores the record and the token data saved 59 minutes 59.999 seconds ago", () => {
    setAccessToken(toTokenRecord(tokenAnswer("at"), false, now - HOUR + 1), now - HOUR + 1);
    setTokenData({ id_token: "it" }, now - HOUR + 1);
    restoreTokens(now);
    expect(getAccessToken()?.access_token).toBe("at");
    expect(getTokenData()).toEqual({ id_token: "it" });
  });

  it("clears the record and the token data once they are an hour old", () => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
    setAccessToken(toTokenRecord(tokenAnswer("at"), false));
    setTokenData({ id_token: "it" });
    vi.setSystemTime(now + HOUR);
    restoreTokens();
    expect(localStorage.getItem(StorageKey.ACCESS_TOKEN_RECORD)).toBeNull();
    expect(localStorage.getItem(StorageKey.TOKEN_DATA)).toBeNull();
  });

  it("judges each by its own save time, not by the token's expiry", () => {
    // A token valid for days is still dropped after an hour; a refreshed one saved recently stays.
    setAccessToken(toTokenRecord(tokenAnswer("long", 3 * 86_400), false, now - 2 * HOUR), now - 2 * HOUR);
    setTokenData({ id_token: "it" }, now - 10_000);
    restoreTokens(now);
    expect(getAccessToken()).toBeNull();
    expect(getTokenData()).toEqual({ id_token: "it" });
  });
});
