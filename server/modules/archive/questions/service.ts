import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { ErrorCode, type Page } from "../../../../contract/envelope";
import {
  charCount,
  dimensionNameProblem,
  type QuestionnaireMessageKey,
  questionProblem,
  type AdminDimension,
  type AdminQuestion,
} from "../../../../contract/questionnaires";
import type { Dialect } from "../../../db/database";
import type { Database, DbTime } from "../../../db/schema";
import { formatDateTime, fromDbTime, toDbTime } from "../../../db/time";
import { AppError } from "../../../errors";
import { text, type ServerText } from "../../../i18n";

export const QuestionMessages = {
  companyNotFound: text("server.archive.companyNotFound"),
  dimensionNotFound: text("server.archive.dimensionNotFound"),
  questionNotFound: text("server.archive.questionNotFound"),
  questionAnswered: text("questionnaires.validation.questionAnswered"),
  dimensionHasQuestions: text("questionnaires.validation.dimensionHasQuestions"),
} as const;

/** A broken rule in the words the dimension and question forms use. */
const problemMessage = (problem: QuestionnaireMessageKey): ServerText => text(`questionnaires.validation.${problem}`);

export interface QuestionDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  timeZone: string;
}

export type IsReq = "1" | "0";

export interface DimensionView {
  serviceNo: string;
  serviceName: string;
  isIp: boolean;
  sort: number;
}

export interface QuestionView {
  questionNo: string;
  serviceNo: string;
  question: string;
  isReq: IsReq;
  sort: number;
}

export interface PageQuery {
  current: number;
  size: number;
}

export const isReqOf = (flag: 0 | 1): IsReq => (flag === 1 ? "1" : "0");
export { charCount };
/** A new code for an administrator's dimension or question; the seeded ones are readable ("ip01"). */
const newCode = (prefix: string) => `${prefix}${randomBytes(5).toString("hex")}`;

export async function requireCompany(db: Kysely<Database>, compId: number): Promise<{ id: number; name: string }> {
  const company = await db.selectFrom("companies").select(["id", "name"]).where("id", "=", compId).executeTakeFirst();
  if (!company) throw AppError.notFound(QuestionMessages.companyNotFound);
  return company;
}

/** The questionnaire tabs and, for administrators, their questions. */
export class Questionnaires {
  constructor(private readonly deps: QuestionDeps) {}

  private time(value: DbTime): string {
    return formatDateTime(fromDbTime(value), this.deps.timeZone);
  }

  async dimensions(): Promise<DimensionView[]> {
    const rows = await this.deps.db.selectFrom("serviceDimensions").selectAll().orderBy("sort").orderBy("serviceNo").execute();
    return rows.map((row) => ({ serviceNo: row.serviceNo, serviceName: row.serviceName, isIp: row.isIp === 1, sort: row.sort }));
  }

  /** The dimensions for their administrators, each with how many questions it has (deletable at none). */
  async dimensionPage(page: PageQuery): Promise<Page<AdminDimension>> {
    const { db } = this.deps;
    const total = await db.selectFrom("serviceDimensions").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom("serviceDimensions as d")
      .select(["d.serviceNo", "d.serviceName", "d.isIp", "d.sort"])
      .select((eb) =>
        eb
          .selectFrom("serviceQuestions as q")
          .select((s) => s.fn.countAll().as("n"))
          .whereRef("q.serviceNo", "=", "d.serviceNo")
          .as("questionCount"),
      )
      .orderBy("d.sort")
      .orderBy("d.serviceNo")
      .limit(page.size)
      .offset((page.current - 1) * page.size)
      .execute();
    const records = rows.map((row) => ({
      serviceNo: row.serviceNo,
      serviceName: row.serviceName,
      isIp: row.isIp === 1,
      sort: row.sort,
      questionCount: Number(row.questionCount ?? 0),
    }));
    return { records, total: Number(total.n), current: page.current, size: page.size };
  }

  /**
   * A dimension's questions for its administrators, without any company: each says whether some
   * company has answered it (now or in the history), since only an unanswered one can be deleted.
   */
  async questionPage(serviceNo: string, page: PageQuery): Promise<Page<AdminQuestion>> {
    const { db } = this.deps;
    const dimension = await db.selectFrom("serviceDimensions").select("serviceNo").where("serviceNo", "=", serviceNo).executeTakeFirst();
    if (!dimension) throw AppError.notFound(QuestionMessages.dimensionNotFound);
    const total = await db
      .selectFrom("serviceQuestions")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("serviceNo", "=", serviceNo)
      .executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom("serviceQuestions as q")
      .select(["q.questionNo", "q.serviceNo", "q.question", "q.isReq", "q.sort"])
      .select((eb) =>
        eb
          .or([
            eb.exists(eb.selectFrom("serviceAnswers as a").select("a.compId").whereRef("a.questionNo", "=", "q.questionNo")),
            eb.exists(eb.selectFrom("answerHistory as h").select("h.id").whereRef("h.questionNo", "=", "q.questionNo")),
          ])
          .as("answered"),
      )
      .where("q.serviceNo", "=", serviceNo)
      .orderBy("q.sort")
      .orderBy("q.questionNo")
      .limit(page.size)
      .offset((page.current - 1) * page.size)
      .execute();
    const records = rows.map((row) => ({
      questionNo: row.questionNo,
      serviceNo: row.serviceNo,
      question: row.question,
      isReq: isReqOf(row.isReq),
      sort: row.sort,
      // SQLite answers 1 or 0, PostgreSQL a boolean.
      answered: Boolean(Number(row.answered)),
    }));
    return { records, total: Number(total.n), current: page.current, size: page.size };
  }

  /**
   * A dimension's questions with the company's current answers; the last editor and time come
   * from each answer's newest history entry (one query for all of them).
   */
  async questionsOf(compId: number, serviceNo: string) {
    const { db } = this.deps;
    await requireCompany(db, compId);
    const dimension = await db.selectFrom("serviceDimensions").selectAll().where("serviceNo", "=", serviceNo).executeTakeFirst();
    if (!dimension) throw AppError.notFound(QuestionMessages.dimensionNotFound);
    const rows = await db
      .selectFrom("serviceQuestions as q")
      .leftJoin("serviceAnswers as a", (join) => join.onRef("a.questionNo", "=", "q.questionNo").on("a.compId", "=", compId))
      .leftJoin("users as creator", "creator.id", "q.createBy")
      .select(["q.questionNo", "q.question", "q.isReq", "q.createDate", "creator.name as createBy", "a.currentAnswer", "a.version"])
      .where("q.serviceNo", "=", serviceNo)
      .orderBy("q.sort")
      .orderBy("q.questionNo")
      .execute();
    const latest = await db
      .selectFrom("answerHistory as h")
      .leftJoin("users as editor", "editor.id", "h.createBy")
      .select(["h.questionNo", "h.createDate", "editor.name as editor"])
      .where("h.id", "in", (eb) =>
        eb
          .selectFrom("answerHistory")
          .select((s) => s.fn.max("answerHistory.id").as("id"))
          .where("answerHistory.compId", "=", compId)
          .where("answerHistory.questionNo", "in", (q) => q.selectFrom("serviceQuestions").select("questionNo").where("serviceNo", "=", serviceNo))
          .groupBy("answerHistory.questionNo"),
      )
      .execute();
    const lastEdit = new Map(latest.map((h) => [h.questionNo, h]));
    return rows.map((row) => {
      const edit = lastEdit.get(row.questionNo);
      return {
        questionNo: row.questionNo,
        question: row.question,
        isReq: isReqOf(row.isReq),
        serviceNo,
        serviceName: dimension.serviceName,
        serviceType: serviceNo,
        currentAnswer: row.currentAnswer ?? "",
        version: row.version ?? 0,
        lastEditDate: edit ? this.time(edit.createDate) : null,
        lastEditor: edit?.editor ?? null,
        createDate: this.time(row.createDate),
        createBy: row.createBy,
      };
    });
  }

  async saveDimension(input: { serviceNo?: string; serviceName: string; sort: number }): Promise<DimensionView> {
    const { db } = this.deps;
    const problem = dimensionNameProblem(input.serviceName);
    if (problem) throw AppError.badRequest(problemMessage(problem));
    const serviceName = input.serviceName.trim();
    if (input.serviceNo === undefined) {
      const row = await db
        .insertInto("serviceDimensions")
        .values({ serviceNo: newCode("d"), serviceName, isIp: 0, sort: input.sort })
        .returning(["serviceNo", "serviceName", "isIp", "sort"])
        .executeTakeFirstOrThrow();
      return { ...row, isIp: row.isIp === 1 };
    }
    const row = await db
      .updateTable("serviceDimensions")
      .set({ serviceName, sort: input.sort })
      .where("serviceNo", "=", input.serviceNo)
      .returning(["serviceNo", "serviceName", "isIp", "sort"])
      .executeTakeFirst();
    if (!row) throw AppError.notFound(QuestionMessages.dimensionNotFound);
    return { ...row, isIp: row.isIp === 1 };
  }

  async saveQuestion(actorId: number, input: { questionNo?: string; serviceNo: string; question: string; isReq: IsReq; sort: number }): Promise<QuestionView> {
    const { db, dialect } = this.deps;
    const problem = questionProblem(input.question);
    if (problem) throw AppError.badRequest(problemMessage(problem));
    const question = input.question.trim();
    const dimension = await db.selectFrom("serviceDimensions").select("serviceNo").where("serviceNo", "=", input.serviceNo).executeTakeFirst();
    if (!dimension) throw AppError.badRequest(QuestionMessages.dimensionNotFound);
    const fields = { serviceNo: input.serviceNo, question, isReq: input.isReq === "1" ? (1 as const) : (0 as const), sort: input.sort };
    const columns = ["questionNo", "serviceNo", "question", "isReq", "sort"] as const;
    const row =
      input.questionNo === undefined
        ? await db
            .insertInto("serviceQuestions")
            .values({ ...fields, questionNo: newCode("q"), createBy: actorId, createDate: toDbTime(dialect, new Date()) })
            .returning(columns)
            .executeTakeFirstOrThrow()
        : await db.updateTable("serviceQuestions").set(fields).where("questionNo", "=", input.questionNo).returning(columns).executeTakeFirst();
    if (!row) throw AppError.notFound(QuestionMessages.questionNotFound);
    return { ...row, isReq: isReqOf(row.isReq) };
  }

  /** Only a dimension without questions: questions (and their answers) are never deleted with it. */
  async deleteDimension(serviceNo: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const question = await trx.selectFrom("serviceQuestions").select("questionNo").where("serviceNo", "=", serviceNo).limit(1).executeTakeFirst();
      if (question) throw new AppError(ErrorCode.CONFLICT, QuestionMessages.dimensionHasQuestions);
      const { numDeletedRows } = await trx.deleteFrom("serviceDimensions").where("serviceNo", "=", serviceNo).executeTakeFirst();
      if (numDeletedRows === 0n) throw AppError.notFound(QuestionMessages.dimensionNotFound);
    });
  }

  /** Only a question nobody has answered yet: answers and their history must keep their question. */
  async deleteQuestion(questionNo: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const answered = await trx.selectFrom("answerHistory").select("id").where("questionNo", "=", questionNo).limit(1).executeTakeFirst();
      const current = await trx.selectFrom("serviceAnswers").select("compId").where("questionNo", "=", questionNo).limit(1).executeTakeFirst();
      if (answered || current) throw new AppError(ErrorCode.CONFLICT, QuestionMessages.questionAnswered);
      const { numDeletedRows } = await trx.deleteFrom("serviceQuestions").where("questionNo", "=", questionNo).executeTakeFirst();
      if (numDeletedRows === 0n) throw AppError.notFound(QuestionMessages.questionNotFound);
    });
  }
}
