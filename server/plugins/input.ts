import AjvCompiler, { type BuildCompilerFromPool } from "@fastify/ajv-compiler";
import { AppError } from "../errors";
import { text, type ServerText } from "../i18n";
import type { App } from "../types";

/*
 * What every request must be before a route sees it, checked once for all routes: typed bodies
 * are not coerced, JSON is not nested beyond reason, and no text carries a NUL character.
 */

/** Deepest JSON body accepted; the app's deepest (an answer list) is 2 levels. */
export const JSON_MAX_DEPTH = 32;

type RouteSchema = { schema: unknown; method: string; url: string; httpPart?: string };
type Compile = (route: RouteSchema) => unknown;

const validatorPool = AjvCompiler();

/**
 * Query strings, path parameters and headers are text on the wire, so their schemas' numbers and
 * booleans are read from text (Fastify's Ajv default, coerceTypes "array"). A JSON body carries its
 * own types: `"1"`, `true` or `[1]` where an integer is expected is refused, not read as 1.
 */
export const buildValidator: BuildCompilerFromPool = (externalSchemas, options) => {
  // Fastify calls the compiler with the route's part, not with a bare schema as the typings say.
  const wire = validatorPool(externalSchemas, options) as unknown as Compile;
  const bodyOptions = { ...options, customOptions: { ...options?.customOptions, coerceTypes: false } } as Parameters<BuildCompilerFromPool>[1];
  const body = validatorPool(externalSchemas, bodyOptions) as unknown as Compile;
  const compile: Compile = (route) => (route.httpPart === "body" ? body(route) : wire(route));
  return compile as unknown as ReturnType<BuildCompilerFromPool>;
};

/**
 * Whether a JSON text opens more than `limit` nested objects or arrays, by one pass over its
 * characters (no recursion, so a 20,000-level body costs nothing but the pass). Brackets inside
 * strings do not count; a text that is not JSON is left for the parser to refuse.
 */
export function nestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * Where a parsed request part holds a NUL character: the name of the field whose value has one,
 * "" for a key that has one (not echoed back), or undefined when there is none. PostgreSQL
 * refuses NUL in text, so both databases refuse it here alike. Walked with a stack, not recursion.
 */
export function nulField(value: unknown, part: string): string | undefined {
  const stack: [unknown, string][] = [[value, part]];
  while (stack.length > 0) {
    const [current, name] = stack.pop()!;
    if (typeof current === "string") {
      if (current.includes("\0")) return name;
    } else if (Array.isArray(current)) {
      for (const item of current) stack.push([item, name]);
    } else if (current && typeof current === "object") {
      for (const [key, inner] of Object.entries(current)) {
        if (key.includes("\0")) return "";
        stack.push([inner, key]);
      }
    }
  }
  return undefined;
}

const PART_NAMES = {
  query: text("server.validation.parts.querystring"),
  params: text("server.validation.parts.params"),
  body: text("server.validation.parts.body"),
} as const;

function nulMessage(field: string, part: keyof typeof PART_NAMES): ServerText {
  if (field === "") return text("server.validation.nulInName");
  return field === part ? text("server.validation.nulInPart", { part: PART_NAMES[part] }) : text("server.validation.nulInField", { field });
}

const PARTS = ["query", "params", "body"] as const;

/** The JSON parser with the depth bound, and the NUL check of every parsed part. */
export function registerInput(app: App): void {
  // Fastify's own parser: empty and invalid bodies keep their errors, __proto__ and constructor.prototype keys are refused.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (nestedDeeperThan(body as string, JSON_MAX_DEPTH)) {
      done(AppError.badRequest(text("server.validation.nestedTooDeep", { max: JSON_MAX_DEPTH })), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });

  app.addHook("preValidation", (request, _reply, done) => {
    for (const part of PARTS) {
      const field = nulField(request[part], part);
      if (field !== undefined) return done(AppError.badRequest(nulMessage(field, part)));
    }
    done();
  });
}
