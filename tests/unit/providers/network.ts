import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { vi, type Mock } from "vitest";
import { http } from "../../../providers/http";
import { setToaster } from "../../../providers/notificationProvider";

export interface Answer {
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
}

type Reply = (config: InternalAxiosRequestConfig) => Answer | Error;

const realAdapter = http.defaults.adapter;

/**
 * Answers http's calls at the adapter, where axios hands over the finished request; settles like
 * axios' own adapters (a status outside validateStatus rejects with the response attached).
 * Returns the configs the adapter received.
 */
export function stubNetwork(reply: Reply): InternalAxiosRequestConfig[] {
  const seen: InternalAxiosRequestConfig[] = [];
  http.defaults.adapter = async (config) => {
    seen.push(config);
    const answer = reply(config);
    if (answer instanceof Error) throw answer;
    const status = answer.status ?? 200;
    const response: AxiosResponse = {
      data: answer.data,
      status,
      statusText: String(status),
      headers: answer.headers ?? { "content-type": "application/json" },
      config,
      request: {},
    };
    if (config.validateStatus && !config.validateStatus(status)) {
      const code = status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
      throw new AxiosError(`Request failed with status code ${status}`, code, config, {}, response);
    }
    return response;
  };
  return seen;
}

export function restoreNetwork(): void {
  http.defaults.adapter = realAdapter;
}

/** Installs a toaster that records the toasts, by kind, instead of showing them. */
export function fakeNotifier(): Record<"error" | "warning" | "success", Mock<(text: string) => void>> {
  const toasts = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
  setToaster({
    show: (type, text) => {
      if (type !== "loading") toasts[type](text);
    },
    close: () => undefined,
  });
  return toasts;
}
