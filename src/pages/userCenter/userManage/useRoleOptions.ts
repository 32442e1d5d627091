import { useCustom } from "@refinedev/core";
import { useMemo } from "react";
import type { Envelope } from "../../../../contract/envelope";
import { customCall } from "../../../../providers/endpoints";
import { roles as rolesResource } from "../../../../resources/roles/resource";
import { useT } from "../../../i18n/I18nContext";
import type { Translate } from "../../../../i18n/types";
import type { RoleOption } from "./types";

/** A role's name in the reader's language: a built-in role's by its code (admin.roles), any other as the server names it. */
export function roleNameOf(role: Pick<RoleOption, "code" | "name">, t: Translate): string {
  const key = `admin.roles.${role.code}`;
  const text = t(key);
  return text === key ? role.name : text;
}

/** Every role (the roles resource's `all`), named in the reader's language, for the role filter and the user form. */
export function useRoleOptions(): RoleOption[] {
  const t = useT();
  const { result } = useCustom<Envelope<RoleOption[]>>({ ...customCall(rolesResource.actions.all), config: { payload: {} } });
  const roles = result.data?.result;
  return useMemo(() => (roles ?? []).map((role) => ({ ...role, name: roleNameOf(role, t) })), [roles, t]);
}
