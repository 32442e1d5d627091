import type { FastifySchemaValidationError } from "fastify";

/**
 * Turns the first schema validation failure into one Chinese sentence naming the field, e.g.
 * `参数 mobile 格式不正确`. A field's schema `title` names it when present; otherwise its
 * property name. The ajv instance runs with `verbose` so each error carries the failing schema.
 */

interface VerboseError extends FastifySchemaValidationError {
  parentSchema?: { title?: unknown; properties?: Record<string, { title?: unknown } | undefined> };
  data?: unknown;
}

const PART_NAMES: Record<string, string> = {
  body: "请求体",
  querystring: "查询参数",
  params: "路径参数",
  headers: "请求头",
};

const TYPE_NAMES: Record<string, string> = {
  string: "文本",
  integer: "整数",
  number: "数字",
  boolean: "布尔值",
  object: "对象",
  array: "数组",
  null: "空值",
};

const text = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);

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
    return text(error.parentSchema?.properties?.[missing]?.title) ?? (missing || undefined);
  }
  return text(error.parentSchema?.title) ?? lastSegment(error.instancePath);
}

function problemOf(error: VerboseError): string {
  const limit = Number(error.params.limit);
  switch (error.keyword) {
    case "required":
      return "不能为空";
    case "minLength":
      return limit <= 1 ? "不能为空" : `长度不能少于 ${limit} 个字符`;
    case "maxLength":
      return `长度不能超过 ${limit} 个字符`;
    case "minItems":
      return limit <= 1 ? "不能为空" : `至少需要 ${limit} 项`;
    case "maxItems":
      return `不能超过 ${limit} 项`;
    case "minimum":
      return `不能小于 ${limit}`;
    case "exclusiveMinimum":
      return `必须大于 ${limit}`;
    case "maximum":
      return `不能大于 ${limit}`;
    case "exclusiveMaximum":
      return `必须小于 ${limit}`;
    case "enum":
    case "const":
      return "取值不正确";
    case "type": {
      const expected = String(error.params.type ?? "").split(",")[0];
      return TYPE_NAMES[expected] ? `应为${TYPE_NAMES[expected]}` : "类型不正确";
    }
    default:
      return "格式不正确";
  }
}

export function validationMessage(errors: readonly FastifySchemaValidationError[], part: string | undefined): string {
  const error = errors[0] as VerboseError | undefined;
  const partName = PART_NAMES[part ?? "body"] ?? "请求";
  if (!error) return `${partName}格式不正确`;
  if (error.keyword === "additionalProperties") {
    return `不支持参数 ${String(error.params.additionalProperty ?? "")}`.trim();
  }
  const field = fieldOf(error);
  if (field === undefined) {
    return error.data === undefined || error.data === null ? `${partName}不能为空` : `${partName}格式不正确`;
  }
  return `参数 ${field} ${problemOf(error)}`;
}
