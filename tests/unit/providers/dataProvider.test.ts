import type { AxiosRequestConfig } from "axios";
import type { CrudFilter, DataProvider } from "@refinedev/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDataProvider, type DataClient } from "../../../providers/dataProvider";
import { setToaster } from "../../../providers/notificationProvider";
import { dataProvider, endpoints } from "../../../resources";
import { fakeNotifier, restoreNetwork, stubNetwork } from "./network";

type Provider = DataProvider & Required<Pick<DataProvider, "custom">>;

/** A provider over a client that answers `reply` and records what it was asked. */
function providerAnswering(reply: unknown = { code: 200, message: "success" }) {
  const request = vi.fn(async (_config: AxiosRequestConfig) => reply);
  const provider = createDataProvider({ request } as unknown as DataClient, endpoints) as Provider;
  const sent = () => request.mock.calls[0][0];
  return { provider, request, sent };
}

const page = (records: object[], total: number | string) => ({
  code: 200,
  message: "success",
  result: { records, total, current: 1, size: 10 },
});

const modelOf = async (filters: CrudFilter[]) => {
  const { provider, sent } = providerAnswering(page([], 0));
  await provider.getList({ resource: "serviceRecords", filters });
  return (sent().data as { model: unknown }).model;
};

describe("getList", () => {
  it("posts current/size/model and reads result.records and result.total", async () => {
    const rows = [{ mobile: "13800000000", createdDate: "2025-01-01 08:00:00" }];
    const { provider, sent } = providerAnswering(page(rows, "42"));
    const answer = await provider.getList({ resource: "users", pagination: { currentPage: 3, pageSize: 50 } });
    expect(sent()).toMatchObject({
      method: "post",
      url: "/api/user/listData",
      bearer: true,
      data: { current: 3, size: 50, model: {} },
    });
    expect(answer).toEqual({ data: rows, total: 42 });
  });

  it("passes on what a page answers beside its rows (the patent search's facets and capped count)", async () => {
    const facets = { segment: [{ key: "design", count: 3 }] };
    const { provider } = providerAnswering({ code: 200, message: "success", result: { records: [], total: 10000, totalCapped: true, facets } });
    expect(await provider.getList({ resource: "patents" })).toEqual({ data: [], total: 10000, totalCapped: true, facets });
  });

  it("asks for the first page of the default size without pagination", async () => {
    const { provider, sent } = providerAnswering(page([], 0));
    await provider.getList({ resource: "logs" });
    expect(sent()).toMatchObject({ url: "/api/logs/listData", data: { current: 1, size: 10, model: {} } });
  });

  it.each(["off", "client"] as const)("asks for everything with pagination mode %s", async (mode) => {
    const { provider, sent } = providerAnswering(page([], 0));
    await provider.getList({ resource: "users", pagination: { currentPage: 4, pageSize: 10, mode } });
    expect(sent().data).toMatchObject({ current: 1, size: 1000 });
  });

  it.each(["eq", "contains", "containss", "in"] as const)("puts an %s filter into the model", async (operator) => {
    const value = operator === "in" ? ["excellent", "good"] : "张三";
    expect(await modelOf([{ field: "contactPerson", operator, value }])).toEqual({ contactPerson: value });
  });

  it("turns between into <field>Begin and <field>End", async () => {
    const filters: CrudFilter[] = [
      { field: "serviceTime", operator: "between", value: ["2025-01-01 00:00:00", "2025-01-31 23:59:59"] },
    ];
    expect(await modelOf(filters)).toEqual({
      serviceTimeBegin: "2025-01-01 00:00:00",
      serviceTimeEnd: "2025-01-31 23:59:59",
    });
    expect(await modelOf([{ field: "serviceTime", operator: "between", value: ["2025-01-01 00:00:00", null] }])).toEqual({
      serviceTimeBegin: "2025-01-01 00:00:00",
    });
  });

  it("sends the log list's codes as numbers, also when read back from the address as text", async () => {
    const { provider, sent } = providerAnswering(page([], 0));
    const filters: CrudFilter[] = [
      { field: "logType", operator: "eq", value: "1" },
      { field: "exceptionType", operator: "eq", value: 0 },
      { field: "userName", operator: "contains", value: "1" },
    ];
    await provider.getList({ resource: "logs", filters });
    expect((sent().data as { model: unknown }).model).toEqual({ logType: 1, exceptionType: 0, userName: "1" });
  });

  it("leaves out empty filter values", async () => {
    const filters: CrudFilter[] = [
      { field: "contactPerson", operator: "contains", value: "" },
      { field: "researchers", operator: "eq", value: null },
      { field: "compId", operator: "eq", value: undefined },
      { field: "comprehensiveEvaluation", operator: "in", value: [] },
      { field: "isOpenPatnavi", operator: "eq", value: "opened" },
    ];
    expect(await modelOf(filters)).toEqual({ isOpenPatnavi: "opened" });
  });

  it("refuses filters the model cannot express", async () => {
    const { provider, request } = providerAnswering(page([], 0));
    const or: CrudFilter = { operator: "or", value: [{ field: "a", operator: "eq", value: 1 }] };
    await expect(provider.getList({ resource: "users", filters: [or] })).rejects.toThrow(/"or" filters/);
    await expect(
      provider.getList({ resource: "users", filters: [{ field: "a", operator: "ne", value: 1 }] }),
    ).rejects.toThrow(/operator "ne" on "a"/);
    expect(request).not.toHaveBeenCalled();
  });

  it("sends sorters as orders, and no orders without them", async () => {
    const { provider, request } = providerAnswering(page([], 0));
    await provider.getList({
      resource: "logs",
      sorters: [
        { field: "lastModifiedDate", order: "desc" },
        { field: "userName", order: "asc" },
      ],
    });
    await provider.getList({ resource: "logs", sorters: [] });
    expect(request.mock.calls[0][0].data).toMatchObject({
      orders: [
        { column: "lastModifiedDate", asc: false },
        { column: "userName", asc: true },
      ],
    });
    expect(request.mock.calls[1][0].data).not.toHaveProperty("orders");
  });

  it("sends company search filters at the body's root", async () => {
    const { provider, sent } = providerAnswering(page([{ id: "c1", name: "芯片公司" }], 1));
    const answer = await provider.getList({
      resource: "companies",
      filters: [{ field: "keywords", operator: "contains", value: "芯片" }],
      pagination: { currentPage: 1, pageSize: 20 },
    });
    expect(sent()).toMatchObject({ url: "/api/company/search", data: { keywords: "芯片", current: 1, size: 20 } });
    expect(sent().data).not.toHaveProperty("model");
    expect(answer.total).toBe(1);
  });

  it("passes the query's AbortSignal and the hook's request options", async () => {
    const { provider, sent } = providerAnswering(page([], 0));
    const signal = new AbortController().signal;
    await provider.getList({ resource: "users", meta: { signal, request: { silent: true } } });
    expect(sent()).toMatchObject({ signal, silent: true, bearer: true });
  });
});

describe("records", () => {
  const record = { id: "r1", contactPerson: "李四" };

  it("getOne fills the id into the path and returns the result", async () => {
    const { provider, sent } = providerAnswering({ code: 200, message: "success", result: record });
    const answer = await provider.getOne({ resource: "serviceRecords", id: "r 1" });
    expect(sent()).toMatchObject({ method: "get", url: "/api/archives/queryById/r%201" });
    expect(answer).toEqual({ data: record });
  });

  it("create posts the variables and returns the result", async () => {
    const { provider, sent } = providerAnswering({ code: 200, message: "success", status: 1, result: record });
    const variables = { contactPerson: "李四" };
    const answer = await provider.create({ resource: "serviceRecords", variables });
    expect(sent()).toMatchObject({ method: "post", url: "/api/archives/releaseArchives", data: variables });
    expect(answer).toEqual({ data: record });
  });

  it("create falls back to the variables, with a returned bare id", async () => {
    const { provider } = providerAnswering({ code: 200, message: "success", status: 1, result: "r9" });
    await expect(provider.create({ resource: "serviceRecords", variables: { a: 1 } })).resolves.toEqual({
      data: { a: 1, id: "r9" },
    });
  });

  it("update posts the variables with the id", async () => {
    const { provider, sent } = providerAnswering({ code: 200, message: "success", status: 1 });
    const answer = await provider.update({ resource: "serviceRecords", id: "r1", variables: { contactPerson: "王五" } });
    expect(sent()).toMatchObject({
      method: "post",
      url: "/api/archives/releaseArchives",
      data: { id: "r1", contactPerson: "王五" },
    });
    expect(answer).toEqual({ data: { id: "r1", contactPerson: "王五" } });
  });

  it("deleteOne calls its path with the id", async () => {
    const { provider, sent } = providerAnswering({ code: 200, message: "success", result: { id: 5 } });
    const answer = await provider.deleteOne({ resource: "users", id: 5 });
    expect(sent()).toMatchObject({ method: "get", url: "/api/user/del/5" });
    expect(sent().params).toBeUndefined();
    expect(answer).toEqual({ data: { id: 5 } });
  });

  it("sends an id whose call has no path slot in the payload", async () => {
    const { provider, sent } = providerAnswering({ code: 200, message: "success", result: null });
    await provider.deleteOne({ resource: "sessions", id: "r1" });
    expect(sent()).toMatchObject({ method: "post", url: "/api/session/end", data: { id: "r1" } });
  });
});

describe("custom", () => {
  it("passes url, method, payload, query and headers through and returns the body", async () => {
    const body = { code: 200, message: "success", result: [{ serviceNo: "1", serviceName: "知识产权" }] };
    const { provider, request, sent } = providerAnswering(body);
    const answer = await provider.custom({
      url: "/api/archives/queryDimension",
      method: "get",
      query: { compId: "c1" },
      headers: { "X-Trace": "t" },
    });
    expect(sent()).toMatchObject({
      url: "/api/archives/queryDimension",
      method: "get",
      params: { compId: "c1" },
      headers: { "X-Trace": "t" },
    });
    expect(answer).toEqual({ data: body });

    const answers = [{ compId: "c1", questionNo: "q1", currentAnswer: "有" }];
    await provider.custom({ url: "/api/archives/serviceAnswer", method: "post", payload: answers });
    expect(request.mock.calls[1][0]).toMatchObject({ method: "post", data: answers });
  });
});

describe("registry", () => {
  it("refuses an unknown resource or a call it lacks", async () => {
    const { provider, request } = providerAnswering();
    await expect(provider.getList({ resource: "nope" })).rejects.toThrow('unknown resource "nope"');
    await expect(provider.create({ resource: "logs", variables: {} })).rejects.toThrow('resource "logs" has no create call');
    expect(request).not.toHaveBeenCalled();
  });

  it("has no API url of its own", () => {
    expect(providerAnswering().provider.getApiUrl()).toBe("");
  });
});

describe("over the real request layer", () => {
  afterEach(() => {
    restoreNetwork();
    setToaster(null);
  });

  it("gets the page out of the envelope http resolves with", async () => {
    const rows = [{ logAction: "登录", logType: 1 }];
    const seen = stubNetwork(() => ({ data: page(rows, 1) }));
    const answer = await dataProvider.getList({ resource: "logs", pagination: { currentPage: 2, pageSize: 10 } });
    expect(JSON.parse(seen[0].data as string)).toEqual({ current: 2, size: 10, model: {} });
    expect(answer).toEqual({ data: rows, total: 1 });
  });

  it("rejects with the server's failure", async () => {
    fakeNotifier();
    stubNetwork(() => ({ status: 403, data: { code: 403, message: "无权限" } }));
    await expect(dataProvider.getList({ resource: "users" })).rejects.toMatchObject({
      statusCode: 403,
      message: "无权限",
    });
  });
});
