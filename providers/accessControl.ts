import type { AccessControlProvider } from "@refinedev/core";
import type { MenuCodeValue } from "../contract/menus";
import { resources } from "../resources";
import { appAbility } from "../src/access/ability";

/** The menu code a resource names in its meta (resources/index.ts); undefined when it names none. */
function menuCodeOf(resource: string | undefined): MenuCodeValue | undefined {
  const meta = resources.find((r) => r.name === resource)?.meta as { menuCode?: MenuCodeValue } | undefined;
  return meta?.menuCode;
}

/**
 * Refine's access control over the same CASL ability the elements use (SPEC 6): a resource is
 * allowed when the user holds its menu code; a resource without a code is open to all. Only what
 * is rendered consults it; routes are never blocked.
 */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource }) => {
    const code = menuCodeOf(resource);
    if (!code || appAbility.can("view", code)) return { can: true };
    return { can: false, reason: code };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
