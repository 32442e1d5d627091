import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../../../server/config";
import { testDatabases } from "../../helpers/databases";
import { startTestApp, type TestApp } from "../../helpers/testApp";

describe("CITY_AREAS", () => {
  it("is unset by default: the table is the list", () => {
    expect(loadConfig({}, "/srv").cityAreas).toBeNull();
  });

  it("reads code:name pairs, trimming spaces", () => {
    expect(loadConfig({ CITY_AREAS: " 510104:锦江区, cdgxq : 成都高新区 " }, "/srv").cityAreas).toEqual([
      { code: "510104", name: "锦江区" },
      { code: "cdgxq", name: "成都高新区" },
    ]);
  });

  it.each([
    ["锦江区", 'CITY_AREAS: "锦江区" is not code:name'],
    ["510104:", 'CITY_AREAS: "510104:" is not code:name'],
    ["510104:锦江区,", 'CITY_AREAS: "" is not code:name'],
    ["51 01:锦江区", 'CITY_AREAS: "51 01:锦江区" is not code:name'],
    ["510104:锦江区,510104:青羊区", 'CITY_AREAS: code "510104" appears twice'],
  ])("refuses %j with one line naming the variable", (value, message) => {
    expect(() => loadConfig({ CITY_AREAS: value }, "/srv")).toThrow(message);
  });
});

describe.each(testDatabases())("city areas on %s", (kind) => {
  let t: TestApp;
  afterEach(() => t.close());

  it("lists Chengdu's districts, counties and functional zones as seeded", async () => {
    t = await startTestApp(kind);
    const res = await t.app.inject({ method: "GET", url: "/portal/areas/list" });
    expect(res.statusCode).toBe(200);
    const { code, result } = res.json();
    expect(code).toBe(200);
    expect(result).toHaveLength(22);
    expect(result[0]).toEqual({ code: "510104", name: "锦江区" });
    expect(result).toContainEqual({ code: "510116", name: "双流区" });
    expect(result).toContainEqual({ code: "510185", name: "简阳市" });
    expect(result.slice(-2)).toEqual([
      { code: "cdgxq", name: "成都高新区" },
      { code: "tfxq", name: "天府新区" },
    ]);
  });

  it("answers CITY_AREAS instead when it is set", async () => {
    t = await startTestApp(kind, { env: { CITY_AREAS: "cdgxq:成都高新区,510107:武侯区" } });
    const res = await t.app.inject({ method: "GET", url: "/portal/areas/list" });
    expect(res.json()).toEqual({
      code: 200,
      message: "success",
      result: [
        { code: "cdgxq", name: "成都高新区" },
        { code: "510107", name: "武侯区" },
      ],
    });
  });
});
