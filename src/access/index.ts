export { appAbility, buildAbility, readStoredMenuCodes, syncAbilityWithStorage } from "./ability";
export type { AppAbility, AppAction } from "./ability";
export { AccessProvider } from "./AccessProvider";
export { Can, useAppAbility, useCanAnyMenu, useCanMenu } from "./Can";
