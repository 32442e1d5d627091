import { describe, expect, it } from "vitest";
import { MenuCode } from "../../../../contract/menus";
import { Paths } from "../../../../contract/paths";
import { translate } from "../../../../i18n/translate";
import { post } from "../../../../providers/endpoints";
import { declareResource } from "../../../../resources/declareResource";
import { buildRegistry } from "../../../../resources/registry";
import { endpoints, menuCodeOf, resources } from "../../../../resources";
import { ROUTES, USER_CENTER_ROUTES } from "../../../../src/routes";

const WidgetList = () => null;
const WidgetDetails = () => null;

/** A conventional list+create+edit resource, declared as a newcomer would. */
const widgets = declareResource({
  name: "widgets",
  label: "shell.titles.logs",
  menuCode: MenuCode.ADMIN_LOGS,
  list: { path: "/widgets", page: async () => ({ default: WidgetList }) },
  show: { path: "/widgetDetails", title: "shell.titles.home", page: async () => ({ default: WidgetDetails }), link: "/widgetDetails?id=:id" },
});

describe("a declared resource", () => {
  const registry = buildRegistry([widgets]);

  it("yields its Refine resource: its pages' addresses, its label and its menu code", () => {
    expect(registry.resources).toEqual([
      { name: "widgets", list: "/widgets", show: "/widgetDetails?id=:id", meta: { label: "shell.titles.logs", menuCode: MenuCode.ADMIN_LOGS } },
    ]);
    expect(registry.menuCodeOf("widgets")).toBe(MenuCode.ADMIN_LOGS);
    expect(registry.menuCodeOf("other")).toBeUndefined();
  });

  it("yields a route per page, titled by the page or else by the resource", () => {
    expect(registry.routes.map(({ path, title }) => ({ path, title }))).toEqual([
      { path: "/widgets", title: "shell.titles.logs" },
      { path: "/widgetDetails", title: "shell.titles.home" },
    ]);
  });

  it("yields the conventional calls under /api/<name> without any endpoint code", () => {
    expect(registry.endpoints.widgets).toEqual({
      list: { method: "post", url: "/api/widgets/list" },
      one: { method: "get", url: "/api/widgets/:id" },
      create: { method: "post", url: "/api/widgets/save" },
      update: { method: "post", url: "/api/widgets/save" },
      delete: { method: "post", url: "/api/widgets/delete" },
    });
  });

  it("yields the conventional calls under a declared base, and only the declared calls where SPEC fixes them", () => {
    const { endpoints: calls } = buildRegistry([
      { ...widgets, base: "/api/parts" },
      { name: "gadgets", label: "shell.titles.home", calls: { list: post("/api/gadget/listData") } },
    ]);
    expect(calls.widgets.list).toEqual({ method: "post", url: "/api/parts/list" });
    expect(calls.gadgets).toEqual({ list: { method: "post", url: "/api/gadget/listData" } });
  });

  it("is refused when its name is declared twice", () => {
    expect(() => buildRegistry([widgets, widgets])).toThrow('"widgets" is declared twice');
  });
});

describe("the app's registry", () => {
  it("declares every data-backed screen's resource, each with a label in both languages", () => {
    expect(resources.map((r) => r.name).sort()).toEqual(
      [
        "answers",
        "certifications",
        "companies",
        "dimensions",
        "followupRules",
        "followups",
        "logs",
        "notifications",
        "orgCompanies",
        "patentChain",
        "patentImports",
        "patentProfiles",
        "patentWatches",
        "patents",
        "questions",
        "recordChanges",
        "roles",
        "serviceAnswers",
        "serviceRecords",
        "sessions",
        "statistics",
        "timeline",
        "users",
        "visits",
      ].sort(),
    );
    for (const resource of resources) {
      const label = (resource.meta as { label: string }).label;
      expect(translate("zh-CN", label)).not.toBe(label);
      expect(translate("en", label)).not.toBe(label);
    }
  });

  it("keeps SPEC's addresses and calls", () => {
    expect(resources.find((r) => r.name === "serviceRecords")).toMatchObject({
      list: Paths.SERVICE_FILES,
      create: Paths.SERVICE_FILES_DETAILS,
      show: `${Paths.SERVICE_FILES_DETAILS}?id=:id&disable=true`,
    });
    expect(endpoints.users.delete).toEqual({ method: "get", url: "/api/user/del/:id" });
    expect(endpoints.logs.list).toMatchObject({ url: "/api/logs/listData", bearer: true });
    expect(menuCodeOf("users")).toBe(MenuCode.ADMIN_USERS);
  });

  it("routes each path once, the visit form's included though two actions share it", () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(expect.arrayContaining([Paths.SERVICE_FILES, Paths.SERVICE_FILES_DETAILS, Paths.USER_LIST, Paths.LOGS]));
  });

  it("orders the personal center's side menu from the route table", () => {
    expect(USER_CENTER_ROUTES.map((r) => r.path)).toEqual([
      Paths.BASIC_INFO,
      Paths.CHANGE_PASSWORD,
      Paths.ACCREDITED_INSTITUTION,
      Paths.USER_MANAGE,
      Paths.PATENT_PROFILE,
    ]);
  });
});
