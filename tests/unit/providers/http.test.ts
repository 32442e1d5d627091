import { AxiosError, type InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../providers/apiError";
import { http, setSessionHandlers } from "../../../providers/http";
import { setToaster } from "../../../providers/notificationProvider";
import { StorageKey } from "../../../providers/storageKeys";
import { setAccessToken, type AccessTokenRecord } from "../../../providers/tokenStore";
import { fakeNotifier, restoreNetwork, stubNetwork } from "./network";

const record: AccessTokenRecord = {
  access_token: "at-1",
  token_type: "bearer",
  expires_in: Date.now() + 3_600_000,
  refresh_token: "rt-1",
  is_refresh: false,
};

const ok = { code: 200, message: "success", result: { id: 1 } };

let toast: ReturnType<typeof fakeNotifier>;

beforeEach(() => {
  toast = fakeNotifier();
});

afterEach(() => {
  restoreNetwork();
  setToaster(null);
  setSessionHandlers({});
});

describe("request", () => {
  it("sends JSON with a 60 s timeout from the site root", async () => {
    const seen = stubNetwork(() => ({ data: ok }));
    await http.post("/api/x", { a: 1 });
    expect(seen[0].headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(seen[0].timeout).toBe(60_000);
    expect(seen[0].data).toBe('{"a":1}');
    expect(http.getUri(seen[0])).toBe("/api/x");
  });

  it("asks for answers in the user's language: Chinese by default, English once chosen", async () => {
    const seen = stubNetwork(() => ({ data: ok }));
    await http.get("/api/x", { noAuth: true });
    localStorage.setItem(StorageKey.LOCALE, "en");
    try {
      await http.get("/api/x");
    } finally {
      localStorage.removeItem(StorageKey.LOCALE);
    }
    expect(seen.map((config) => config.headers.get("Accept-Language"))).toEqual(["zh-CN", "en"]);
  });

  it("still parses a JSON answer that arrives as text", async () => {
    stubNetwork(() => ({ data: JSON.stringify(ok) }));
    await expect(http.get("/api/x")).resolves.toEqual(ok);
  });

  it("serialises nested arrays in the query with qs", async () => {
    const seen = stubNetwork(() => ({ data: ok }));
    await http.get("/api/x", { params: { ids: [1, 2], filter: { tags: ["a", "b"] }, none: null } });
    expect(decodeURIComponent(http.getUri(seen[0]))).toBe("/api/x?ids[0]=1&ids[1]=2&filter[tags][0]=a&filter[tags][1]=b");
  });

  it("lets FormData go as multipart rather than JSON", async () => {
    const seen = stubNetwork(() => ({ data: ok }));
    const form = new FormData();
    form.append("file", new Blob(["x"]), "a.docx");
    await http.post("/api/files/upload", form);
    expect(seen[0].data).toBe(form);
    expect(String(seen[0].headers.get("Content-Type") ?? "")).not.toMatch(/json/);
  });
});

describe("authorization", () => {
  const authorizationOf = async (config = {}) => {
    const seen = stubNetwork(() => ({ data: ok }));
    await http.get("/api/x", config);
    return seen[0].headers.get("Authorization");
  };

  it("sends the token type and access token of the stored record", async () => {
    setAccessToken(record);
    expect(await authorizationOf()).toBe("bearer at-1");
  });

  it("sends Bearer <access_token> on bearer calls", async () => {
    setAccessToken({ ...record, token_type: "mac" });
    expect(await authorizationOf({ bearer: true })).toBe("Bearer at-1");
  });

  it("sends a legacy stored token as bearer when there is no record", async () => {
    localStorage.setItem(StorageKey.TOKEN, "legacy-9");
    expect(await authorizationOf()).toBe("Bearer legacy-9");
  });

  it("sends nothing when nothing is stored", async () => {
    expect(await authorizationOf()).toBeUndefined();
  });

  it("skips the token on noAuth calls, without asking the session hook", async () => {
    setAccessToken(record);
    const beforeRequest = vi.fn(async (config: InternalAxiosRequestConfig) => config);
    setSessionHandlers({ beforeRequest });
    expect(await authorizationOf({ noAuth: true })).toBeUndefined();
    expect(beforeRequest).not.toHaveBeenCalled();
  });

  it("reads the token after the session hook has settled", async () => {
    setAccessToken(record);
    setSessionHandlers({
      beforeRequest: async (config) => {
        setAccessToken({ ...record, access_token: "at-2" });
        return config;
      },
    });
    expect(await authorizationOf()).toBe("bearer at-2");
  });

  it("keeps an Authorization header the caller set", async () => {
    setAccessToken(record);
    expect(await authorizationOf({ headers: { Authorization: "Basic d2ViOnNlY3JldA==" } })).toBe(
      "Basic d2ViOnNlY3JldA==",
    );
  });
});

describe("answers", () => {
  it.each([
    ["code 200", { code: 200, message: "success" }],
    ["CODE '200'", { CODE: "200", MSG: "ok" }],
    ["code 200000", { code: 200000, msg: "ok" }],
  ])("resolves with the body on %s", async (_, body) => {
    stubNetwork(() => ({ data: body }));
    await expect(http.get("/api/x")).resolves.toEqual(body);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("rejects an error code with ApiError and toasts the server message once", async () => {
    const body = { code: 409, message: "该手机号已注册" };
    stubNetwork(() => ({ data: body }));
    const error = await http.post("/api/user/register", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: "该手机号已注册", code: 409, httpStatus: 200, statusCode: 500, body });
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith("该手机号已注册");
  });

  it("reads the message of an upper-case CODE answer", async () => {
    stubNetwork(() => ({ data: { CODE: "500", MSG: "服务繁忙" } }));
    await expect(http.get("/api/x")).rejects.toMatchObject({ code: 500, message: "服务繁忙" });
    expect(toast.error).toHaveBeenCalledWith("服务繁忙");
  });

  it("handles a 4xx answer that carries an envelope the same way", async () => {
    stubNetwork(() => ({ status: 400, data: { code: 400, message: "参数错误" } }));
    const error = await http.post("/api/x", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: "参数错误", code: 400, httpStatus: 400, statusCode: 400 });
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith("参数错误");
  });

  it("falls back to a generic text when a failure has no envelope", async () => {
    stubNetwork(() => ({ status: 502, data: "<html>Bad Gateway</html>", headers: { "content-type": "text/html" } }));
    await expect(http.get("/api/x")).rejects.toMatchObject({ message: "请求失败，请稍后重试", httpStatus: 502 });
    expect(toast.error).toHaveBeenCalledWith("请求失败，请稍后重试");
  });

  it("resolves any body of a noCode call, and rejects its HTTP failures without a toast", async () => {
    stubNetwork(() => ({ data: { status: "expired" } }));
    await expect(http.post("/oauth/check_token", null, { noCode: true })).resolves.toEqual({ status: "expired" });
    stubNetwork(() => ({ status: 401, data: { error: "invalid_token" } }));
    await expect(http.get("/oauth/token", { noCode: true })).rejects.toBeInstanceOf(ApiError);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("rejects without a toast on a silent call", async () => {
    stubNetwork(() => ({ status: 404, data: { code: 404, message: "记录不存在" } }));
    await expect(http.get("/api/x", { silent: true })).rejects.toMatchObject({ message: "记录不存在" });
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe("session-invalid codes", () => {
  const invalid = { code: 40101, message: "登录已失效" };

  it("are an ordinary error while no handler is set", async () => {
    stubNetwork(() => ({ status: 401, data: invalid }));
    await expect(http.get("/api/x")).rejects.toMatchObject({ code: 40101, statusCode: 401 });
    expect(toast.error).toHaveBeenCalledWith("登录已失效");
  });

  it("go to the handler instead of a toast, and the call still rejects", async () => {
    const onSessionInvalid = vi.fn();
    setSessionHandlers({ onSessionInvalid });
    stubNetwork(() => ({ status: 401, data: invalid }));
    await expect(http.get("/api/x")).rejects.toBeInstanceOf(ApiError);
    expect(onSessionInvalid).toHaveBeenCalledWith(40101, expect.any(ApiError));
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe("no answer", () => {
  it("toasts the network fallback text", async () => {
    stubNetwork((config) => new AxiosError("Network Error", AxiosError.ERR_NETWORK, config, {}));
    const error = await http.get("/api/x").catch((e: unknown) => e);
    expect(error).toMatchObject({ message: "网络异常，请稍后重试", httpStatus: 0, code: undefined });
    expect(toast.error).toHaveBeenCalledWith("网络异常，请稍后重试");
  });

  it("speaks the stored language", async () => {
    localStorage.setItem(StorageKey.LOCALE, "en");
    stubNetwork((config) => new AxiosError("Network Error", AxiosError.ERR_NETWORK, config, {}));
    await expect(http.get("/api/x")).rejects.toThrow("Network error, please try again later");
  });

  it("tells a timeout apart", async () => {
    const seen = stubNetwork((config) => new AxiosError("timeout of 60000ms exceeded", AxiosError.ETIMEDOUT, config, {}));
    await expect(http.get("/api/x")).rejects.toThrow("请求超时，请稍后重试");
    expect(toast.error).toHaveBeenCalledWith("请求超时，请稍后重试");
    // axios' own adapters report a timeout as ETIMEDOUT only when asked to.
    expect(seen[0].transitional).toMatchObject({ clarifyTimeoutError: true });
  });

  it("lets a cancelled call reject quietly", async () => {
    const seen = stubNetwork(() => ({ data: ok }));
    const controller = new AbortController();
    controller.abort();
    await expect(http.get("/api/x", { signal: controller.signal })).rejects.toSatisfy(
      (error: unknown) => !(error instanceof ApiError),
    );
    expect(seen).toHaveLength(0);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("passes on an error raised by the session hook untouched", async () => {
    const expired = new Error("refresh failed");
    setSessionHandlers({ beforeRequest: () => Promise.reject(expired) });
    await expect(http.get("/api/x")).rejects.toBe(expired);
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe("downloads", () => {
  const envelopeBlob = (body: object) => new Blob([JSON.stringify(body)], { type: "application/json" });

  it("resolves a file with the whole response, headers included", async () => {
    const file = new Blob(["PK"], { type: "application/octet-stream" });
    const disposition = "attachment; filename*=UTF-8''report.docx";
    stubNetwork(() => ({
      data: file,
      headers: { "content-type": "application/octet-stream", "content-disposition": disposition },
    }));
    const response = await http.post<{ data: Blob; headers: Record<string, string> }>("/api/archives/queryReport", {}, {
      responseType: "blob",
    });
    expect(response.data).toBe(file);
    expect(response.headers["content-disposition"]).toBe(disposition);
  });

  it("treats a JSON envelope inside a blob as the error it is", async () => {
    stubNetwork(() => ({ data: envelopeBlob({ code: 404, message: "企业不存在" }) }));
    const error = await http.post("/api/archives/queryReport", {}, { responseType: "blob" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 404, message: "企业不存在" });
    expect(toast.error).toHaveBeenCalledTimes(1);
  });

  it("reads the envelope of a failed download answered with an error status", async () => {
    stubNetwork(() => ({ status: 403, data: envelopeBlob({ code: 403, message: "无权限" }) }));
    await expect(http.post("/api/archives/queryReport", {}, { responseType: "blob" })).rejects.toMatchObject({
      code: 403,
      httpStatus: 403,
      message: "无权限",
    });
    expect(toast.error).toHaveBeenCalledWith("无权限");
  });
});
