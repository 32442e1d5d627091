import type { FastifySchemaValidationError } from "fastify";
import type serverCatalog from "../../i18n/locales/zh-CN/server";
import { text, type ServerText } from "../i18n";

/**
 * Turns the first schema validation failure into one sentence naming the field, e.g.
 * `参数 mobile 格式不正确` (`Parameter mobile is malformed` in English). A field's schema `title`
 * names it when present; otherwise its property name. The ajv instance runs with `verbose` so each
 * error carries the failing schema.
 */

interface VerboseError extends FastifySchemaValidationError {
  parentSchema?: { title?: unknown; properties?: Record<string, { title?: unknown } | undefined> };
  data?: unknown;
}

type Catalog = typeof serverCatalog.validation;
type Problem = keyof Catalog["problems"];
type TypeName = keyof Catalog["types"];
type Part = keyof Catalog["parts"];

const PARTS: readonly string[] = ["body", "querystring", "params", "headers"] satisfies Part[];
const TYPE_NAMES: readonly string[] = ["string", "integer", "number", "boolean", "object", "array", "null"] satisfies TypeName[];

const partName = (part = "body"): ServerText =>
  text(`server.validation.parts.${PARTS.includes(part) ? (part as Part) : "request"}`);

const nonEmpty = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);

function lastSegment(instancePath: string): string | undefined {
  const segments = instancePath
    .split("/")
    .filter(Boolean)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .filter((s) => !/^\d+$/.test(s));
  return segments.at(-1);
}

function fieldOf(error: VerboseError): string | undefined {
  if (error.keyword === "required") {
    const missing = String(error.params.missingProperty ?? "");
    return nonEmpty(error.parentSchema?.properties?.[missing]?.title) ?? (missing || undefined);
  }
  return nonEmpty(error.parentSchema?.title) ?? lastSegment(error.instancePath);
}

function problemOf(error: VerboseError): ServerText {
  const limit = Number(error.params.limit);
  const problem = (name: Problem) => text(`server.validation.problems.${name}`, { limit });
  switch (error.keyword) {
    case "required":
      return problem("empty");
    case "minLength":
    case "minItems":
      return limit <= 1 ? problem("empty") : problem(error.keyword);
    case "maxLength":
    case "maxItems":
    case "minimum":
    case "exclusiveMinimum":
    case "maximum":
    case "exclusiveMaximum":
      return problem(error.keyword);
    case "enum":
    case "const":
      return problem("badValue");
    case "type": {
      const expected = String(error.params.type ?? "").split(",")[0];
      if (!TYPE_NAMES.includes(expected)) return problem("badType");
      return text("server.validation.problems.type", { type: text(`server.validation.types.${expected as TypeName}`) });
    }
    default:
      return problem("badFormat");
  }
}

export function validationMessage(errors: readonly FastifySchemaValidationError[], part: string | undefined): ServerText {
  const error = errors[0] as VerboseError | undefined;
  const partText = partName(part);
  if (!error) return text("server.validation.partInvalid", { part: partText });
  if (error.keyword === "additionalProperties") {
    return text("server.validation.unsupported", { name: String(error.params.additionalProperty ?? "") });
  }
  const field = fieldOf(error);
  if (field === undefined) {
    return text(error.data === undefined || error.data === null ? "server.validation.partEmpty" : "server.validation.partInvalid", { part: partText });
  }
  return text("server.validation.field", { field, problem: problemOf(error) });
}
