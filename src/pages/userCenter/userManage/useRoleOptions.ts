import { useCustom } from "@refinedev/core";
import type { Envelope } from "../../../../contract/envelope";
import type { RoleOption } from "./types";

/** Every role (POST /api/role/allData), for the role filter and the user form. */
export function useRoleOptions(): RoleOption[] {
  const { result } = useCustom<Envelope<RoleOption[]>>({
    url: "/api/role/allData",
    method: "post",
    config: { payload: {} },
  });
  return result.data?.result ?? [];
}
