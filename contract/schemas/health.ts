import { Type } from "typebox";

/** GET /api/health: the process answers and so does its database. */
export const HealthResult = Type.Object({
  status: Type.Literal("ok"),
  database: Type.Literal("up"),
  dialect: Type.Union([Type.Literal("sqlite"), Type.Literal("postgres")]),
});
