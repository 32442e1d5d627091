import axios, {
  type AxiosInstance,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from "axios";
import { ErrorCode, SESSION_INVALID_CODES, isSuccessBody, type Envelope } from "../contract/envelope";
import { REQUEST_TIMEOUT_MS } from "../contract/limits";
import { storedLocale } from "./storedLocale";
import { translate } from "../i18n/appTranslate";
import { ApiError } from "./apiError";
import { notify } from "./notifier";
import { authorizationHeader } from "./tokenStore";

declare module "axios" {
  interface AxiosRequestConfig {
    /** SPEC 7 "no-auth": send no Authorization header. */
    noAuth?: boolean;
    /** SPEC 7 "no-code": resolve with whatever body comes back; no code check, no toast. */
    noCode?: boolean;
    /** SPEC 7 "(bearer)": send the access token as `Bearer <access_token>`. */
    bearer?: boolean;
    /** Reject without the error toast; the caller decides what the user sees. */
    silent?: boolean;
  }
}

/** The seam the sign-in code plugs into; with none set, calls send what is stored. */
export interface SessionHandlers {
  /**
   * Runs before every call that carries the token (not for noAuth calls, so the refresh call itself
   * never waits on it); the Authorization header is read from storage after it settles.
   */
  beforeRequest?: (config: InternalAxiosRequestConfig) => Promise<InternalAxiosRequestConfig>;
  /** Replaces the error toast when an answer carries a session-invalid code (SPEC 8); the call still rejects. */
  onSessionInvalid?: (code: number, error: ApiError) => void;
  /** Replaces the error toast when the user must first change a generated password (40302). */
  onPasswordChangeRequired?: (error: ApiError) => void;
}

let session: SessionHandlers = {};

export function setSessionHandlers(handlers: SessionHandlers): void {
  session = handlers;
}

type BodyMethod =
  | "request"
  | "get"
  | "delete"
  | "head"
  | "options"
  | "post"
  | "put"
  | "patch"
  | "postForm"
  | "putForm"
  | "patchForm"
  | "query";

/**
 * The shared axios instance, typed as what its interceptors resolve with: the response body (the
 * envelope), except for binary calls (responseType blob or arraybuffer), which resolve with the whole
 * AxiosResponse because a download needs its headers (the file name). A failure rejects with ApiError.
 */
export type HttpClient = Omit<AxiosInstance, BodyMethod> & {
  request<T = Envelope>(config: AxiosRequestConfig): Promise<T>;
  get<T = Envelope>(url: string, config?: AxiosRequestConfig): Promise<T>;
  delete<T = Envelope>(url: string, config?: AxiosRequestConfig): Promise<T>;
  post<T = Envelope>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<T>;
  put<T = Envelope>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<T>;
  patch<T = Envelope>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<T>;
  postForm<T = Envelope>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<T>;
};

const instance = axios.create({
  baseURL: "/",
  timeout: REQUEST_TIMEOUT_MS,
  headers: { "Content-Type": "application/json;charset=UTF-8" },
  // SPEC 7: nested arrays and objects in the query, e.g. ids[0]=1&ids[1]=2, filter[a][0]=x; null and
  // undefined are left out. axios' own serializer writes what qs did, without qs's 16 KB gzip in the shell.
  paramsSerializer: { indexes: true },
  // Tells a timeout (ETIMEDOUT) apart from a dropped connection in the error toast.
  transitional: { clarifyTimeoutError: true },
});

instance.interceptors.request.use(prepareRequest);
instance.interceptors.response.use(acceptAnswer, rejectFailure);

export const http = instance as HttpClient;

async function prepareRequest(config: InternalAxiosRequestConfig): Promise<InternalAxiosRequestConfig> {
  // Under a JSON Content-Type axios would serialise FormData as JSON; without one the browser sends
  // multipart with its boundary.
  if (config.data instanceof FormData) config.headers.delete("Content-Type");
  // The server answers its messages in the language the user reads the app in.
  config.headers.set("Accept-Language", storedLocale());
  if (config.noAuth) return config;
  const ready = session.beforeRequest ? await session.beforeRequest(config) : config;
  if (!ready.headers.has("Authorization")) {
    const authorization = authorizationHeader(ready.bearer);
    if (authorization) ready.headers.set("Authorization", authorization);
  }
  return ready;
}

const isBinary = (config: AxiosRequestConfig): boolean =>
  config.responseType === "blob" || config.responseType === "arraybuffer";

/** Resolves with the body, or the whole response for binary calls (see HttpClient). */
async function acceptAnswer(response: AxiosResponse): Promise<AxiosResponse> {
  const { config } = response;
  if (config.noCode) return isBinary(config) ? response : response.data;
  if (isBinary(config)) {
    // A download that fails on the server answers a JSON envelope instead of the file.
    const envelope = await envelopeInBinary(response);
    if (envelope !== undefined && !isSuccessBody(envelope)) throw failure(config, response.status, envelope);
    return response;
  }
  if (isSuccessBody(response.data)) return response.data;
  throw failure(config, response.status, response.data);
}

async function rejectFailure(error: unknown): Promise<never> {
  // Cancellations and errors raised by the session hook are not request failures to report here.
  if (!axios.isAxiosError(error) || axios.isCancel(error)) throw error;
  const config = error.config ?? {};
  const { response } = error;
  if (!response) {
    const key = error.code === "ETIMEDOUT" ? "providers.timeout" : "providers.networkError";
    throw failure(config, 0, undefined, key, error);
  }
  const body = isBinary(config) ? await envelopeInBinary(response) : response.data;
  throw failure(config, response.status, body, "providers.requestFailed", error);
}

async function envelopeInBinary(response: AxiosResponse): Promise<unknown> {
  const data: unknown = response.data;
  const contentType = String(response.headers["content-type"] ?? (data instanceof Blob ? data.type : ""));
  if (!contentType.includes("json")) return undefined;
  const text =
    data instanceof Blob ? await data.text() : data instanceof ArrayBuffer ? new TextDecoder().decode(data) : null;
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The envelope's code, from `code` or the upper-case `CODE` some services answer with. */
function codeOf(fields: Record<string, unknown>): number | undefined {
  const raw = fields.code ?? fields.CODE;
  const code = typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw) : NaN;
  return Number.isFinite(code) ? code : undefined;
}

function failure(
  config: AxiosRequestConfig,
  httpStatus: number,
  body: unknown,
  fallbackKey = "providers.requestFailed",
  cause?: unknown,
): ApiError {
  const fields = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const serverText = [fields.message, fields.msg, fields.MESSAGE, fields.MSG].find(
    (value): value is string => typeof value === "string" && value !== "",
  );
  const text = serverText ?? translate(storedLocale(), fallbackKey);
  const error = new ApiError(text, { code: codeOf(fields), httpStatus, body, cause });
  if (config.noCode) return error;
  if (error.code !== undefined && SESSION_INVALID_CODES.includes(error.code) && session.onSessionInvalid) {
    session.onSessionInvalid(error.code, error);
  } else if (error.code === ErrorCode.PASSWORD_CHANGE_REQUIRED && session.onPasswordChangeRequired) {
    session.onPasswordChangeRequired(error);
  } else if (!config.silent) {
    notify.error(text);
  }
  return error;
}
