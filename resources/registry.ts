import type { ResourceProps } from "@refinedev/core";
import type { MenuCodeValue } from "../contract/menus";
import { conventionalCalls, type ResourceCalls } from "../contract/resourceCalls";
import type { AppRoute, ResourceDeclaration, ResourcePage } from "./declareResource";

const PAGE_ACTIONS = ["list", "create", "edit", "show"] as const;

export interface Registry {
  /** Refine's resources, each naming its pages' addresses and, in meta, its label and menu code. */
  resources: ResourceProps[];
  /** The data provider's calls by resource name. */
  endpoints: Readonly<Record<string, ResourceCalls>>;
  /** The resources' page routes, each path once. */
  routes: AppRoute[];
  menuCodeOf: (resource: string | undefined) => MenuCodeValue | undefined;
}

/** The calls a declaration reaches: those SPEC fixes, or the conventional ones under its base. */
export function callsOf(declaration: ResourceDeclaration): ResourceCalls {
  return declaration.calls ?? conventionalCalls(declaration.base ?? `/api/${declaration.name}`);
}

function refineResourceOf(declaration: ResourceDeclaration): ResourceProps {
  const links = Object.fromEntries(
    PAGE_ACTIONS.flatMap((action) => {
      const page: ResourcePage | undefined = declaration[action];
      return page ? [[action, page.link ?? page.path]] : [];
    }),
  );
  return { name: declaration.name, ...links, meta: { label: declaration.label, menuCode: declaration.menuCode } };
}

function routesOf(declaration: ResourceDeclaration): AppRoute[] {
  return PAGE_ACTIONS.flatMap((action) => {
    const page = declaration[action];
    if (!page) return [];
    const { path, page: load, name, userCenter } = page;
    return [{ path, page: load, name, userCenter, title: page.title ?? declaration.label }];
  });
}

/** Everything the app derives from its resource declarations. A name declared twice is refused. */
export function buildRegistry(declarations: readonly ResourceDeclaration[]): Registry {
  const byName = new Map<string, ResourceDeclaration>();
  for (const declaration of declarations) {
    if (byName.has(declaration.name)) throw new Error(`resources: "${declaration.name}" is declared twice`);
    byName.set(declaration.name, declaration);
  }
  // Two actions of one resource may share a page (a create form that also shows a record).
  const routes = new Map<string, AppRoute>();
  for (const route of declarations.flatMap(routesOf)) if (!routes.has(route.path)) routes.set(route.path, route);

  return {
    resources: declarations.map(refineResourceOf),
    endpoints: Object.fromEntries(declarations.map((d) => [d.name, callsOf(d)])),
    routes: [...routes.values()],
    menuCodeOf: (resource) => (resource === undefined ? undefined : byName.get(resource)?.menuCode),
  };
}
