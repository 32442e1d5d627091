import { ApiError } from "../apiError";
import { http } from "../http";
import { sessionStore, storage } from "../storage";
import { SessionKey, StorageKey } from "../storageKeys";
import { setTokenData } from "../tokenStore";
import { patnaviJumpUrl, type PatnaviRedirect } from "./patnaviRedirect";
import { takePkceRound } from "./pkce";
import { loadSsoConfig, type SsoConfig } from "./ssoConfig";
import { FORM_CONTENT_TYPE, requestToken, toTokenRecord } from "./tokenGrant";
import { endSession, establishSession } from "./userSession";

/** What the callback page does once the sign-in has run. */
export type CallbackOutcome =
  /** Show the message (an i18n key), then go to '/' after SIGN_IN_ERROR_REDIRECT_MS. */
  | { kind: "error"; messageKey: string }
  /** Go to a path inside the app; `refusal` is a failed patent-navigation hand-off to show there. */
  | { kind: "navigate"; to: string; refusal?: unknown }
  /** Leave the app for the patent-navigation platform. */
  | { kind: "leave"; url: string };

const KNOWN_SIGN_IN_ERRORS = ["invalid_request", "access_denied", "invalid_grant", "invalid_scope"];

/** SPEC 8: the message of a sign-in error code; every other code reads 'Not authorized'. */
export function signInErrorKey(error: unknown): string {
  return `auth.signInErrors.${typeof error === "string" && KNOWN_SIGN_IN_ERRORS.includes(error) ? error : "unauthorized"}`;
}

/** The provider's token answer (SPEC 7: data.access_token and data.id_token). */
interface ProviderTokens {
  access_token?: string;
  id_token?: string;
}

/** SPEC 4 sign-in callback: the query's error, or its code through every step to the next address. */
export async function completeSsoSignIn(query: URLSearchParams): Promise<CallbackOutcome> {
  const homeType = storage.getText(StorageKey.HOME_TYPE);
  // SPEC 4 step 3: homeType serves this one return, whatever its outcome.
  storage.remove(StorageKey.HOME_TYPE);
  const error = query.get("error");
  if (error !== null) return { kind: "error", messageKey: signInErrorKey(error) };

  const code = query.get("code");
  const round = takePkceRound();
  if (!code || !round || round.state !== query.get("state")) return { kind: "error", messageKey: signInErrorKey("invalid_request") };

  let next: string;
  try {
    const config = await loadSsoConfig();
    const provider = await exchangeCode(config, code, round.verifier);
    setTokenData(provider);
    // Kept for this tab's logout, which ends the provider's session with it (providerSignOut.ts).
    sessionStore.set(SessionKey.SSO_ID_TOKEN, provider.id_token);
    const ours = await requestToken({ grant_type: "vcpwd", ex_token: provider.id_token });
    storage.setText(StorageKey.PATNAVI_TOKEN, ours.access_token);
    await checkToken(ours.access_token);
    next = await establishSession(toTokenRecord(ours, false), "sso");
  } catch (failure) {
    console.warn("single sign-on failed", failure);
    endSession();
    return { kind: "error", messageKey: signInErrorKey(failure instanceof ApiError ? errorCodeOf(failure.body) : undefined) };
  }
  return handOff(homeType, next);
}

/**
 * The provider's token endpoint, form-encoded (SPEC 7). A failure rejects with an ApiError carrying
 * the HTTP status and body (SPEC 8); an answer without both tokens is one too.
 */
async function exchangeCode(config: SsoConfig, code: string, verifier: string): Promise<Required<ProviderTokens>> {
  const form = new URLSearchParams({
    grant_type: "authorization_code",
    client_id: config.clientId,
    code,
    redirect_uri: config.redirectUri,
    code_verifier: verifier,
  });
  const data = await http.post<ProviderTokens>(config.tokenUrl, form.toString(), {
    noAuth: true,
    noCode: true,
    headers: { "Content-Type": FORM_CONTENT_TYPE },
  });
  if (!data?.access_token || !data.id_token) {
    throw new ApiError("the provider answered without tokens", { httpStatus: 200, body: data });
  }
  return { ...data, access_token: data.access_token, id_token: data.id_token };
}

/**
 * POST /oauth/check_token: the new token must read as valid (SPEC 7, data.status). It goes in the
 * form body, and as the bearer, which proves the caller holds it (RFC 7662).
 */
async function checkToken(token: string): Promise<void> {
  const body = await http.post<{ data?: { status?: string } }>("/oauth/check_token", new URLSearchParams({ token }).toString(), {
    noAuth: true,
    noCode: true,
    headers: { "Content-Type": FORM_CONTENT_TYPE, Authorization: `bearer ${token}` },
  });
  if (body?.data?.status !== "valid") {
    throw new ApiError("the patent-navigation token is not valid", { httpStatus: 200, body });
  }
}

function errorCodeOf(body: unknown): unknown {
  return typeof body === "object" && body !== null ? (body as { error?: unknown }).error : undefined;
}

/** SPEC 4 step 2: homeType '1' goes to the patent list, '2' to the platform link page, else `next`. */
async function handOff(homeType: string | null, next: string): Promise<CallbackOutcome> {
  const request = handOffRequest(homeType);
  if (!request) return { kind: "navigate", to: next };
  try {
    return { kind: "leave", url: await patnaviJumpUrl(request) };
  } catch (refusal) {
    return { kind: "navigate", to: next, refusal };
  }
}

function handOffRequest(homeType: string | null): PatnaviRedirect | null {
  if (homeType === "1") {
    return { patNaviRedirectTypeEnum: "PATENT_LIST", keywords: storage.getText(StorageKey.SEARCH_INPUT_VAL) ?? "" };
  }
  if (homeType === "2") return { code: "A4" };
  return null;
}
