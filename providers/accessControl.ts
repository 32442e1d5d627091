import type { AccessControlProvider } from "@refinedev/core";
import type { MenuCodeValue } from "../contract/menus";
import { appAbility } from "./ability";

/** Where the provider learns which menu code a resource needs; the resource registry supplies it. */
export type MenuCodeOf = (resource: string | undefined) => MenuCodeValue | undefined;

/**
 * What a check may name in `params` when the element needs another code than its resource's (a
 * resource's edit or export button), or is no resource at all (the home page's patent search): one
 * code, or several of which any one will do (a menu entry leading to tabs with different codes).
 */
export interface MenuCodeParams {
  menuCode?: MenuCodeValue | readonly MenuCodeValue[];
}

/**
 * Refine's access control over the app's CASL ability (SPEC 6): an element is allowed when the user
 * holds the menu code its check names in params.menuCode, else its resource's; one that needs no code
 * is open to all. Only what is rendered consults it; routes are never blocked.
 */
export function createAccessControlProvider(menuCodeOf: MenuCodeOf): AccessControlProvider {
  return {
    can: async ({ resource, params }) => {
      const named = (params as MenuCodeParams | undefined)?.menuCode ?? menuCodeOf(resource);
      const codes: readonly MenuCodeValue[] = named === undefined ? [] : typeof named === "string" ? [named] : named;
      if (codes.length === 0 || codes.some((code) => appAbility.can("view", code))) return { can: true };
      return { can: false, reason: codes.join(",") };
    },
    options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
  };
}
