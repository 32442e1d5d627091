import { Type, type TSchema } from "typebox";
import { OK_CODE, type Envelope } from "../../contract/envelope";

/** A successful business answer (DESIGN.md "Calls"); `status: 1` where the app reads it. */
export function ok<T>(result: T, extra?: { status?: 0 | 1 }): Envelope<T> & { result: T } {
  return { code: OK_CODE, message: "success", result, ...extra };
}

/** The OpenAPI / serialisation schema of an envelope carrying `result`. */
export function Enveloped<T extends TSchema>(result: T) {
  return Type.Object({
    code: Type.Integer({ description: "200 表示成功" }),
    message: Type.String(),
    result,
    status: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)], { description: "写操作：1 表示成功" })),
  });
}
