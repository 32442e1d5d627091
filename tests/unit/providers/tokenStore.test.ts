import { afterEach, describe, expect, it, vi } from "vitest";
import { StorageKey } from "../../../providers/storageKeys";
import {
  authorizationHeader,
  clearAccessToken,
  clearTokenData,
  getAccessToken,
  getTokenData,
  restoreTokens,
  setAccessToken,
  setTokenData,
  type AccessTokenRecord,
} from "../../../providers/tokenStore";

const HOUR = 3_600_000;
const now = Date.UTC(2025, 5, 1, 8, 0, 0);
const record: AccessTokenRecord = {
  access_token: "at",
  token_type: "bearer",
  expires_in: now + 7_200_000,
  refresh_token: "rt",
  is_refresh: false,
};

afterEach(() => {
  vi.useRealTimers();
});

describe("stored tokens", () => {
  it("keeps the access token record with the time it was saved", () => {
    setAccessToken(record, now);
    expect(JSON.parse(localStorage.getItem(StorageKey.ACCESS_TOKEN_RECORD) ?? "")).toEqual({ data: record, savedAt: now });
    expect(getAccessToken()).toEqual(record);
    clearAccessToken();
    expect(getAccessToken()).toBeNull();
  });

  it("keeps the token data the same way", () => {
    setTokenData({ access_token: "patnavi" }, now);
    expect(getTokenData()).toEqual({ access_token: "patnavi" });
    clearTokenData();
    expect(getTokenData()).toBeNull();
  });

  it("reads an unreadable record as absent", () => {
    localStorage.setItem(StorageKey.ACCESS_TOKEN_RECORD, "{not json");
    expect(getAccessToken()).toBeNull();
    localStorage.setItem(StorageKey.ACCESS_TOKEN_RECORD, JSON.stringify(record));
    expect(getAccessToken()).toBeNull();
  });

  it("builds the Authorization value from the record, then the legacy token", () => {
    expect(authorizationHeader()).toBeNull();
    localStorage.setItem(StorageKey.TOKEN, "old");
    expect(authorizationHeader()).toBe("Bearer old");
    setAccessToken(record, now);
    expect(authorizationHeader()).toBe("bearer at");
    expect(authorizationHeader(true)).toBe("Bearer at");
  });
});

describe("restoreTokens (SPEC 4: restored only when under 1 hour old)", () => {
  it("keeps a record and token data saved less than an hour ago", () => {
    setAccessToken(record, now - HOUR + 1);
    setTokenData({ t: 1 }, now - HOUR + 1);
    restoreTokens(now);
    expect(getAccessToken()).toEqual(record);
    expect(getTokenData()).toEqual({ t: 1 });
  });

  it("clears a record and token data an hour old or older, each by its own time", () => {
    setAccessToken(record, now - HOUR);
    setTokenData({ t: 1 }, now - 60_000);
    restoreTokens(now);
    expect(localStorage.getItem(StorageKey.ACCESS_TOKEN_RECORD)).toBeNull();
    expect(getTokenData()).toEqual({ t: 1 });

    setTokenData({ t: 1 }, now - 2 * HOUR);
    restoreTokens(now);
    expect(localStorage.getItem(StorageKey.TOKEN_DATA)).toBeNull();
  });

  it("clears entries without a save time", () => {
    localStorage.setItem(StorageKey.TOKEN_DATA, JSON.stringify({ access_token: "x" }));
    restoreTokens(now);
    expect(localStorage.getItem(StorageKey.TOKEN_DATA)).toBeNull();
  });

  it("measures against the clock by default", () => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
    setAccessToken(record);
    vi.setSystemTime(now + HOUR - 1);
    restoreTokens();
    expect(getAccessToken()).toEqual(record);
    vi.setSystemTime(now + HOUR);
    restoreTokens();
    expect(getAccessToken()).toBeNull();
  });
});
