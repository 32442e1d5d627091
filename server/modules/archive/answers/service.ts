import type { Kysely, Transaction } from "kysely";
import type { AnswerConflict, AnswerItem } from "../../../../contract/answers";
import { ErrorCode, type Page } from "../../../../contract/envelope";
import { LONG_TEXT_MAX } from "../../../../contract/limits";
import type { Dialect } from "../../../db/database";
import { containsText } from "../../../db/like";
import type { Database, DbTime } from "../../../db/schema";
import { formatDateTime, fromDbTime, toDbTime } from "../../../db/time";
import { AppError } from "../../../errors";
import { text } from "../../../i18n";
import { charCount, QuestionMessages } from "../questions/service";

export const AnswerMessages = {
  nothingToSave: text("server.archive.nothingToSave"),
  tooLong: text("server.archive.answerTooLong", { max: LONG_TEXT_MAX }),
  unknownQuestion: (questionNo: string) => text("server.archive.unknownQuestion", { questionNo }),
  duplicate: (question: string) => text("server.archive.duplicateAnswer", { question }),
  /** Whoever saved in between is named, so the two editors can talk instead of overwriting each other. */
  conflict: (c: AnswerConflict) =>
    c.editor && c.editDate
      ? text("server.archive.conflictBy", { editor: c.editor, editDate: c.editDate, question: c.question })
      : text("server.archive.conflict", { question: c.question }),
} as const;

export interface AnswerDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  timeZone: string;
}

export interface AnswerListQuery {
  current: number;
  size: number;
  model: { compId: number; questionNo?: string; currentAnswer?: string };
}

export interface HistoryRecord {
  id: number;
  createDate: string;
  createBy: string | null;
  historyAnswer: string;
  currentAnswer: string;
}

export interface CurrentAnswerRecord {
  questionNo: string;
  currentAnswer: string;
  updateDate: string;
  updateBy: string | null;
}

interface StoredAnswer {
  compId: number;
  questionNo: string;
  currentAnswer: string;
  version: number;
  updateBy: number | null;
  updateDate: DbTime;
}

const keyOf = (compId: number, questionNo: string) => `${compId}\u0000${questionNo}`;

/** Company answers to the questionnaires and the history of every change. */
export class Answers {
  constructor(private readonly deps: AnswerDeps) {}

  private time(value: DbTime): string {
    return formatDateTime(fromDbTime(value), this.deps.timeZone);
  }

  /** With questionNo: that answer's history, newest first; without: the company's current answers. */
  async list(query: AnswerListQuery): Promise<Page<HistoryRecord> | Page<CurrentAnswerRecord>> {
    const { db, dialect } = this.deps;
    const { compId, questionNo, currentAnswer } = query.model;
    const text = currentAnswer?.trim();
    const offset = (query.current - 1) * query.size;
    if (questionNo) {
      let history = db.selectFrom("answerHistory as h").where("h.compId", "=", compId).where("h.questionNo", "=", questionNo);
      if (text) history = history.where((eb) => containsText(dialect, eb.ref("h.currentAnswer"), text));
      const [{ total }, rows] = await Promise.all([
        history.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow(),
        history
          .leftJoin("users", "users.id", "h.createBy")
          .select(["h.id", "h.createDate", "users.name as createBy", "h.historyAnswer", "h.currentAnswer"])
          .orderBy("h.id", "desc")
          .limit(query.size)
          .offset(offset)
          .execute(),
      ]);
      const records = rows.map((row) => ({ ...row, createDate: this.time(row.createDate) }));
      return { records, total: Number(total), current: query.current, size: query.size };
    }
    let answers = db.selectFrom("serviceAnswers as a").where("a.compId", "=", compId);
    if (text) answers = answers.where((eb) => containsText(dialect, eb.ref("a.currentAnswer"), text));
    const [{ total }, rows] = await Promise.all([
      answers.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow(),
      answers
        .innerJoin("serviceQuestions as q", "q.questionNo", "a.questionNo")
        .innerJoin("serviceDimensions as d", "d.serviceNo", "q.serviceNo")
        .leftJoin("users", "users.id", "a.updateBy")
        .select(["a.questionNo", "a.currentAnswer", "a.updateDate", "users.name as updateBy"])
        .orderBy("d.sort")
        .orderBy("q.sort")
        .orderBy("a.questionNo")
        .limit(query.size)
        .offset(offset)
        .execute(),
    ]);
    const records = rows.map((row) => ({ ...row, updateDate: this.time(row.updateDate) }));
    return { records, total: Number(total), current: query.current, size: query.size };
  }

  /**
   * Saves the changed answers of one tab, all or nothing: each change with its history entry, in
   * one transaction. A blank item is not a change (the app submits only filled answers). An item
   * whose stored version is not the one its editor loaded is a conflict: nothing is saved and the
   * caller learns who changed what. On PostgreSQL the stored rows are locked while they are
   * compared, and every write is conditional on the version, so two saves at once cannot both pass.
   * An item without a version (SPEC 7's shape) is not checked: it becomes the current answer.
   */
  async save(actorId: number, items: readonly AnswerItem[]): Promise<number> {
    const filled = items.filter((item) => item.currentAnswer.trim() !== "");
    if (filled.length === 0) throw AppError.badRequest(AnswerMessages.nothingToSave);
    if (filled.some((item) => charCount(item.currentAnswer) > LONG_TEXT_MAX)) throw AppError.badRequest(AnswerMessages.tooLong);
    const questions = await this.questionsOf(filled);
    await this.requireCompanies(filled);
    const seen = new Set<string>();
    for (const item of filled) {
      const key = keyOf(item.compId, item.questionNo);
      if (seen.has(key)) throw AppError.badRequest(AnswerMessages.duplicate(questions.get(item.questionNo) ?? item.questionNo));
      seen.add(key);
    }

    return this.deps.db.transaction().execute(async (trx) => {
      const stored = await this.storedAnswers(trx, filled);
      const stale = filled.filter(
        (item) => item.version !== undefined && (stored.get(keyOf(item.compId, item.questionNo))?.version ?? 0) !== item.version,
      );
      if (stale.length > 0) throw await this.conflict(trx, stale, questions);
      const now = toDbTime(this.deps.dialect, new Date());
      let saved = 0;
      for (const item of filled) {
        const before = stored.get(keyOf(item.compId, item.questionNo));
        if (before?.currentAnswer === item.currentAnswer) continue;
        const written = await this.write(trx, actorId, item, before !== undefined, now);
        if (!written) throw await this.conflict(trx, [item], questions);
        await trx
          .insertInto("answerHistory")
          .values({
            compId: item.compId,
            questionNo: item.questionNo,
            historyAnswer: before?.currentAnswer ?? "",
            currentAnswer: item.currentAnswer,
            createBy: actorId,
            createDate: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        saved += 1;
      }
      return saved;
    });
  }

  /** The question texts by number; an unknown number is refused. */
  private async questionsOf(items: readonly AnswerItem[]): Promise<Map<string, string>> {
    const numbers = [...new Set(items.map((item) => item.questionNo))];
    const rows = await this.deps.db.selectFrom("serviceQuestions").select(["questionNo", "question"]).where("questionNo", "in", numbers).execute();
    const questions = new Map(rows.map((row) => [row.questionNo, row.question]));
    const unknown = numbers.find((n) => !questions.has(n));
    if (unknown !== undefined) throw AppError.badRequest(AnswerMessages.unknownQuestion(unknown));
    return questions;
  }

  private async requireCompanies(items: readonly AnswerItem[]): Promise<void> {
    const ids = [...new Set(items.map((item) => item.compId))];
    const rows = await this.deps.db.selectFrom("companies").select("id").where("id", "in", ids).execute();
    if (rows.length !== ids.length) throw AppError.notFound(QuestionMessages.companyNotFound);
  }

  private async storedAnswers(trx: Transaction<Database>, items: readonly AnswerItem[]): Promise<Map<string, StoredAnswer>> {
    let query = trx
      .selectFrom("serviceAnswers")
      .selectAll()
      .where("compId", "in", [...new Set(items.map((item) => item.compId))])
      .where("questionNo", "in", [...new Set(items.map((item) => item.questionNo))]);
    if (this.deps.dialect === "postgres") query = query.forUpdate();
    const rows = await query.execute();
    return new Map(rows.map((row) => [keyOf(row.compId, row.questionNo), row]));
  }

  /**
   * Writes the answer only if it is still the version the editor loaded; false when it was not. An
   * item without a version is written whatever is stored, so it always succeeds.
   */
  private async write(trx: Transaction<Database>, actorId: number, item: AnswerItem, exists: boolean, now: DbTime): Promise<boolean> {
    const { version } = item;
    if (exists) {
      let update = trx
        .updateTable("serviceAnswers")
        .set((eb) => ({ currentAnswer: item.currentAnswer, version: eb("version", "+", 1), updateBy: actorId, updateDate: now }))
        .where("compId", "=", item.compId)
        .where("questionNo", "=", item.questionNo);
      if (version !== undefined) update = update.where("version", "=", version);
      const { numUpdatedRows } = await update.executeTakeFirst();
      return numUpdatedRows > 0n;
    }
    const insert = trx
      .insertInto("serviceAnswers")
      .values({ compId: item.compId, questionNo: item.questionNo, currentAnswer: item.currentAnswer, version: 1, updateBy: actorId, updateDate: now });
    const inserted = await (
      version === undefined
        ? // A first answer saved meanwhile by someone else is replaced, as any stored one would be.
          insert.onConflict((oc) =>
            oc.columns(["compId", "questionNo"]).doUpdateSet((eb) => ({
              currentAnswer: eb.ref("excluded.currentAnswer"),
              version: eb("serviceAnswers.version", "+", 1),
              updateBy: eb.ref("excluded.updateBy"),
              updateDate: eb.ref("excluded.updateDate"),
            })),
          )
        : // A first answer saved at the same moment by someone else makes this insert a no-op.
          insert.onConflict((oc) => oc.columns(["compId", "questionNo"]).doNothing())
    )
      .returning("version")
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** The refusal naming who saved each stale answer, when, and what it says now. */
  private async conflict(trx: Transaction<Database>, stale: readonly AnswerItem[], questions: Map<string, string>): Promise<AppError> {
    const rows = await trx
      .selectFrom("serviceAnswers as a")
      .leftJoin("users", "users.id", "a.updateBy")
      .select(["a.compId", "a.questionNo", "a.currentAnswer", "a.updateDate", "users.name as editor"])
      .where("a.compId", "in", [...new Set(stale.map((item) => item.compId))])
      .where("a.questionNo", "in", [...new Set(stale.map((item) => item.questionNo))])
      .execute();
    const now = new Map(rows.map((row) => [keyOf(row.compId, row.questionNo), row]));
    const conflicts: AnswerConflict[] = stale.map((item) => {
      const row = now.get(keyOf(item.compId, item.questionNo));
      return {
        questionNo: item.questionNo,
        question: questions.get(item.questionNo) ?? item.questionNo,
        editor: row?.editor ?? null,
        editDate: row ? this.time(row.updateDate) : null,
        currentAnswer: row?.currentAnswer ?? "",
      };
    });
    return new AppError(ErrorCode.CONFLICT, AnswerMessages.conflict(conflicts[0]), 409, { conflicts });
  }
}
