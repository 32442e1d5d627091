import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { MOBILE_PATTERN, SMS_CODE_TTL_MS, SMS_RESEND_AFTER_MS, SMS_SCENES, type SmsScene } from "../../../contract/account";
import { ErrorCode } from "../../../contract/envelope";
import { LogAction } from "../../../contract/logActions";
import { AppError } from "../../errors";
import { text } from "../../i18n";
import { Enveloped, ok } from "../../plugins/envelope";
import { rateLimitOf } from "../../plugins/rateLimit";
import { MobileMessages, userByMobile } from "../accounts/users";
import { SmsCodeForm, SmsCodeQuery, SmsCodeTiming } from "../../../contract/schemas/sms";
import { smsCodesFor } from "./service";

const TIMING = { expiresIn: SMS_CODE_TTL_MS / 1000, resendAfter: SMS_RESEND_AFTER_MS / 1000 };

/** The text fields of a multipart form; a file sent along is drained and ignored. */
async function multipartFields(request: FastifyRequest): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    if (part.type === "file") part.file.resume();
    else fields[part.fieldname] = part.value;
  }
  return fields;
}

function smsRequest(fields: Record<string, unknown>): { mobile: string; scene: SmsScene } {
  const mobile = typeof fields.mobile === "string" ? fields.mobile.trim() : "";
  const scene = fields.scene;
  if (!mobile) throw AppError.badRequest(text("server.validation.field", { field: "mobile", problem: text("server.validation.problems.empty") }));
  if (!MOBILE_PATTERN.test(mobile)) throw AppError.badRequest(MobileMessages.bad);
  if (!SMS_SCENES.includes(scene as SmsScene)) throw AppError.badRequest(text("server.validation.field", { field: "scene", problem: text("server.validation.problems.badValue") }));
  return { mobile, scene: scene as SmsScene };
}

/** SMS verification codes for registration, password recovery and a change of mobile number. */
const smsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const codes = smsCodesFor(app);
  // Both paths count against one allowance per address.
  const smsLimit = rateLimitOf(app.config, "sms");

  async function send(fields: Record<string, unknown>) {
    const { mobile, scene } = smsRequest(fields);
    // No code for a purpose that would fail anyway: registering a taken number, recovering an unknown one.
    const holder = await userByMobile(app.db, mobile);
    if (scene === "resetPassword" && holder === undefined) throw AppError.badRequest(MobileMessages.unknown);
    if (scene !== "resetPassword" && holder !== undefined) throw new AppError(ErrorCode.CONFLICT, MobileMessages.taken);
    await codes.send(mobile, scene);
    return ok(TIMING, { status: 1 });
  }

  app.post(
    "/api/notify/smscode",
    {
      config: { access: "public", logAction: LogAction.smsCodeSent, rateLimit: smsLimit },
      schema: {
        tags: ["短信"],
        summary: "发送短信验证码（multipart 字段 mobile、scene）",
        consumes: ["multipart/form-data"],
        body: SmsCodeForm,
        response: { 200: Enveloped(SmsCodeTiming) },
      },
      // The body schema is for the OpenAPI document only: multipart fields are read by the handler.
      validatorCompiler: () => () => true,
    },
    async (request) => send(request.isMultipart() ? await multipartFields(request) : ((request.body ?? {}) as Record<string, unknown>)),
  );

  app.get(
    "/uaa/identity/smsCode",
    {
      config: { access: "public", rateLimit: smsLimit },
      schema: { tags: ["短信"], summary: "发送短信验证码", querystring: SmsCodeQuery, response: { 200: Enveloped(SmsCodeTiming) } },
    },
    async (request) => send(request.query),
  );
};

export default smsRoutes;
