import { ErrorCode } from "../../contract/envelope";
import { storedLocale } from "../storedLocale";
import { translate } from "../../i18n/appTranslate";
import { Paths } from "../../contract/paths";
import { ApiError } from "../apiError";
import { notify } from "../notifier";
import { getAccessToken, setAccessToken, type AccessTokenRecord } from "../tokenStore";
import { goTo } from "./navigation";
import { requestToken, toTokenRecord } from "./tokenGrant";
import { endSession } from "./userSession";

/** Held across the tabs of the browser while one of them refreshes. */
const REFRESH_LOCK = "semi-ip:token-refresh";

let pending: Promise<AccessTokenRecord> | null = null;

/**
 * SPEC 4: one refresh call however many requests find the token expired; they all wait on the same
 * promise and then read the new record. A failed refresh (or one without an access token) shows
 * 登录已过期 when a token had been stored, ends the session, goes to /login/index and rejects.
 */
export function refreshAccessToken(now = Date.now()): Promise<AccessTokenRecord> {
  pending ??= acrossTabs(() => runRefresh(now)).finally(() => {
    pending = null;
  });
  return pending;
}

/**
 * The server takes a refresh token presented twice for theft and ends the session, so tabs take
 * turns where the browser offers Web Locks; inside the lock the record is read again.
 */
async function acrossTabs(work: () => Promise<AccessTokenRecord>): Promise<AccessTokenRecord> {
  if (!navigator.locks) return work();
  return await navigator.locks.request(REFRESH_LOCK, work);
}

async function runRefresh(now: number): Promise<AccessTokenRecord> {
  const stored = getAccessToken();
  // Another tab refreshed while this one waited for the lock.
  if (stored && stored.expires_in > now) return stored;
  try {
    if (!stored?.refresh_token) throw new Error("no refresh token stored");
    const answer = await requestToken({ grant_type: "refresh_token", refresh_token: stored.refresh_token });
    const record = toTokenRecord(answer, true);
    setAccessToken(record);
    return record;
  } catch (error) {
    throw loginExpired(error);
  }
}

function loginExpired(cause: unknown): ApiError {
  const text = translate(storedLocale(), "auth.session.expired");
  if (getAccessToken() !== null) notify.warning(text);
  endSession();
  goTo(Paths.LOGIN_INDEX);
  return new ApiError(text, { code: ErrorCode.REFRESH_INVALID, httpStatus: 401, cause });
}

/** The token is refreshed once its absolute expiry has passed, when there is a refresh token to do it with. */
export async function freshenToken(now = Date.now()): Promise<void> {
  const record = getAccessToken();
  if (record?.refresh_token && record.expires_in <= now) await refreshAccessToken(now);
}
