import type { Call, CallMethod, ResourceCalls } from "../contract/resourceCalls";
import type { ProviderMeta } from "./dataProvider";

/** The data provider's calls by resource name; the resource registry (resources/index.ts) builds them. */
export type Endpoints = Readonly<Record<string, ResourceCalls>>;

type CallOptions = Omit<Call, "method" | "url">;
/** A POST call, for declarations whose calls SPEC fixes. */
export const post = (url: string, options?: CallOptions) => ({ method: "post" as const, url, ...options }) satisfies Call;
/** A GET call; `:id` in the url is the record's id. */
export const get = (url: string, options?: CallOptions) => ({ method: "get" as const, url, ...options }) satisfies Call;

/**
 * A declared call as Refine's useCustom and useCustomMutation take it, so a resource's actions go
 * through the data provider's `custom` like its other calls. `request` adds options such as `silent`.
 */
export function customCall<M extends CallMethod>(call: Call & { method: M }, request?: ProviderMeta["request"]) {
  return { url: call.url, method: call.method, meta: { request: { bearer: call.bearer, ...request } } };
}
