import { Can as CaslCan, useAbility, type CanProps } from "@casl/react";
import type { ReactNode } from "react";
import type { MenuCodeValue } from "../../contract/menus";
import type { AppAbility } from "./ability";

/**
 * CASL's `<Can>` bound to the app's ability type, so `<Can I="view" a={MenuCode.ADMIN_USERS}>` is
 * checked against the menu codes. Children render only when the code is held (SPEC 6: removed, not hidden).
 */
export const Can = CaslCan as (props: CanProps<AppAbility>) => ReactNode;

export const useAppAbility = (): AppAbility => useAbility<AppAbility>();

/** Whether the signed-in user holds the menu code; re-renders when the session changes. */
export function useCanMenu(code: MenuCodeValue): boolean {
  return useAppAbility().can("view", code);
}

/** Whether the signed-in user holds at least one of the codes (a page whose parts need different codes). */
export function useCanAnyMenu(codes: readonly MenuCodeValue[]): boolean {
  const ability = useAppAbility();
  return codes.some((code) => ability.can("view", code));
}
