import type { AxiosRequestConfig } from "axios";
import type {
  BaseKey,
  BaseRecord,
  CreateParams,
  CustomParams,
  DataProvider,
  DeleteOneParams,
  GetListParams,
  GetOneParams,
  MetaQuery,
  UpdateParams,
} from "@refinedev/core";
import type { Envelope, Page } from "../contract/envelope";
import { ID_SLOT, type Call, type CallKind } from "../contract/resourceCalls";
import type { Endpoints } from "./endpoints";
import type { HttpClient } from "./http";
import { listBody } from "./listRequest";

/** What a data hook may put in `meta` for this provider. */
export interface ProviderMeta {
  /** Request options for this one hook, e.g. `{ silent: true }` where a failure is only logged. */
  request?: Pick<AxiosRequestConfig, "noAuth" | "noCode" | "bearer" | "silent">;
}

export type DataClient = Pick<HttpClient, "request">;


/** A hook's request options out of its meta, with the query's AbortSignal that Refine spreads into meta. */
function requestOptions(meta: MetaQuery | undefined): AxiosRequestConfig {
  const { request, signal } = (meta ?? {}) as ProviderMeta & { signal?: AbortSignal };
  // Passing the signal on lets a superseded list request stop.
  return { ...request, signal };
}

/** A record out of a write call's result; a bare id or nothing falls back to what was sent. */
function recordOf<T extends BaseRecord>(result: unknown, sent: BaseRecord): T {
  if (typeof result === "object" && result !== null && !Array.isArray(result)) return result as T;
  if (typeof result === "string" || typeof result === "number") return { ...sent, id: result } as T;
  return sent as T;
}

/**
 * Refine's data hooks over the page-envelope calls of DESIGN.md "Calls": lists go as
 * `{ current, size, model }` and come back as `result.records` / `result.total`. The calls come
 * from the resource registry (resources/index.ts), which this layer cannot import.
 */
export function createDataProvider(client: DataClient, endpoints: Endpoints): DataProvider {
  function callFor(resource: string, kind: CallKind): Call {
    const calls = endpoints[resource];
    if (!calls) throw new Error(`dataProvider: unknown resource "${resource}"`);
    const call = calls[kind];
    if (!call) throw new Error(`dataProvider: resource "${resource}" has no ${kind} call`);
    return call;
  }

  /** Sends a call; the id fills `:id` in the url, or goes in the payload when the url has no slot. */
  function send<T>(call: Call, meta: MetaQuery | undefined, payload?: unknown, id?: BaseKey): Promise<Envelope<T>> {
    const slotted = id !== undefined && call.url.includes(ID_SLOT);
    const url = slotted ? call.url.replace(ID_SLOT, encodeURIComponent(String(id))) : call.url;
    const body = payload ?? (id !== undefined && !slotted ? { id } : undefined);
    const inQuery = call.method === "get" || call.method === "delete";
    return client.request<Envelope<T>>({
      method: call.method,
      url,
      ...(inQuery ? { params: body } : { data: body }),
      bearer: call.bearer,
      ...requestOptions(meta),
    });
  }

  return {
    getApiUrl: () => "",

    async getList<TData extends BaseRecord = BaseRecord>({
      resource,
      pagination,
      filters,
      sorters,
      meta,
    }: GetListParams) {
      const call = callFor(resource, "list");
      const body = listBody({ pagination, filters, sorters }, call);
      const { result } = await send<Page<TData> & Record<string, unknown>>(call, meta, body);
      // What a page answers beside its rows (the patent search's facets and capped count) reaches the list's query.
      const { records, total, current: _current, size: _size, ...extra } = result ?? { records: [], total: 0 };
      return { ...extra, data: records ?? [], total: Number(total ?? 0) };
    },

    async getOne<TData extends BaseRecord = BaseRecord>({ resource, id, meta }: GetOneParams) {
      const { result } = await send<TData>(callFor(resource, "one"), meta, undefined, id);
      return { data: recordOf<TData>(result, { id }) };
    },

    async create<TData extends BaseRecord = BaseRecord, TVariables = object>({
      resource,
      variables,
      meta,
    }: CreateParams<TVariables>) {
      const { result } = await send<unknown>(callFor(resource, "create"), meta, variables);
      return { data: recordOf<TData>(result, variables as BaseRecord) };
    },

    async update<TData extends BaseRecord = BaseRecord, TVariables = object>({
      resource,
      id,
      variables,
      meta,
    }: UpdateParams<TVariables>) {
      const sent: BaseRecord = { ...variables, id };
      const { result } = await send<unknown>(callFor(resource, "update"), meta, sent, id);
      return { data: recordOf<TData>(result, sent) };
    },

    async deleteOne<TData extends BaseRecord = BaseRecord, TVariables = object>({
      resource,
      id,
      variables,
      meta,
    }: DeleteOneParams<TVariables>) {
      const { result } = await send<unknown>(callFor(resource, "delete"), meta, variables, id);
      return { data: recordOf<TData>(result, { id }) };
    },

    async custom<TData extends BaseRecord = BaseRecord>({
      url,
      method,
      payload,
      query,
      headers,
      meta,
    }: CustomParams) {
      const data = await client.request<TData>({
        url,
        method,
        data: payload,
        params: query,
        headers,
        ...requestOptions(meta),
      });
      return { data };
    },
  };
}
