import type { ComponentType } from "react";
import type { MenuCodeValue } from "../contract/menus";
import type { Call, ResourceCalls } from "../contract/resourceCalls";

/** A page's module, loaded when its route is first visited. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/** Where a route's page sits in the personal center: inside its layout, in its side menu. */
export interface UserCenterEntry {
  /** Position in the side menu. */
  order: number;
  /** The side menu offers the page only when one of these codes is held (SPEC 6); none: always. */
  anyOf?: readonly MenuCodeValue[];
}

/** One row of the app's route table (SPEC 2): what the router, the tab title and the side menu read. */
export interface AppRoute {
  path: string;
  /** i18n key of the page title. */
  title: string;
  page: PageLoader;
  /** SPEC route name where it gives one. */
  name?: string;
  userCenter?: UserCenterEntry;
}

/** A resource's page: its route, and the address Refine links to when that adds query parameters. */
export interface ResourcePage extends Omit<AppRoute, "title"> {
  /** i18n key of the page title; the resource's label when left out. */
  title?: string;
  /** Refine's address for the action, e.g. `/details?id=:id`, when it is not the route's path. */
  link?: string;
}

/**
 * A resource, declared once in resources/<folder>/resource.ts. The declaration yields Refine's
 * resource, the routes of its pages, and the data provider's calls: the conventional calls under
 * `base` (default `/api/<name>`) unless SPEC fixes others in `calls`.
 */
export interface ResourceDeclaration {
  name: string;
  /** i18n key of the resource's name. */
  label: string;
  /** The menu code the access-control provider checks for it (SPEC 6); none: open to all. */
  menuCode?: MenuCodeValue;
  list?: ResourcePage;
  create?: ResourcePage;
  edit?: ResourcePage;
  show?: ResourcePage;
  /** Base path of the conventional calls; `/api/<name>` when left out. */
  base?: string;
  /** Calls SPEC fixes; they replace the conventional ones. */
  calls?: ResourceCalls;
  /** Calls beside create/read/update/delete, sent through Refine's useCustom/useCustomMutation. */
  actions?: Readonly<Record<string, Call>>;
}

/**
 * Types a declaration while keeping its action names, so `users.actions.resetPassword` is checked.
 * Every export of a resource.ts file is such a declaration; resources/index.ts collects them.
 */
export function declareResource<const D extends ResourceDeclaration>(declaration: D): D {
  return declaration;
}
