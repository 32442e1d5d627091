import { sql, type Kysely } from "kysely";
import type { Page } from "../../../../contract/envelope";
import type { TimelineEvent, TimelineKind } from "../../../../contract/serviceRecord";
import type { Database, DbTime } from "../../../db/schema";
import { formatDateTime, fromDbTime } from "../../../db/time";

export interface TimelineDeps {
  db: Kysely<Database>;
  timeZone: string;
}

/**
 * A company's 动态 (issue 11 item 8): its visits (at their service time), the edits and voidings
 * of its records and the changes of its answers (at the time they were made), newest first. The
 * three sources are read as one ordered union, so a page is a page of all of them.
 */
export class Timeline {
  constructor(private readonly deps: TimelineDeps) {}

  /** POST /api/archives/timeline. */
  async page(query: { current: number; size: number; model: { compId: number } }): Promise<Page<TimelineEvent>> {
    const { db, timeZone } = this.deps;
    const { compId } = query.model;
    const noText = sql<string | null>`cast(null as text)`;
    const visits = db
      .selectFrom("serviceRecords as r")
      .innerJoin("users as u", "u.id", "r.createBy")
      .where("r.compId", "=", compId)
      .select((eb) => [
        sql<TimelineKind>`'visit'`.as("kind"),
        "r.id as eventId",
        "r.serviceTime as time",
        // Typed as the union's other branches have them.
        eb.ref("u.name").$castTo<string | null>().as("actor"),
        eb.ref("r.id").$castTo<number | null>().as("recordId"),
        noText.as("questionNo"),
        noText.as("question"),
        noText.as("field"),
        noText.as("beforeValue"),
        noText.as("afterValue"),
        "r.researchers as researchers",
        sql<string | null>`r.comprehensive_evaluation`.as("evaluation"),
        sql<number>`case when r.voided_at is null then 0 else 1 end`.as("voided"),
      ]);
    const recordChanges = db
      .selectFrom("recordHistory as h")
      .innerJoin("users as u", "u.id", "h.editedBy")
      .where("h.compId", "=", compId)
      .select([
        sql<TimelineKind>`case when h.field = 'voided' then 'recordVoid' else 'recordEdit' end`.as("kind"),
        "h.id as eventId",
        "h.editedAt as time",
        "u.name as actor",
        "h.recordId as recordId",
        noText.as("questionNo"),
        noText.as("question"),
        "h.field as field",
        "h.beforeValue as beforeValue",
        "h.afterValue as afterValue",
        noText.as("researchers"),
        noText.as("evaluation"),
        sql<number>`0`.as("voided"),
      ]);
    const answerChanges = db
      .selectFrom("answerHistory as a")
      .innerJoin("serviceQuestions as q", "q.questionNo", "a.questionNo")
      .leftJoin("users as u", "u.id", "a.createBy")
      .where("a.compId", "=", compId)
      .select([
        sql<TimelineKind>`'answer'`.as("kind"),
        "a.id as eventId",
        "a.createDate as time",
        "u.name as actor",
        sql<number | null>`cast(null as integer)`.as("recordId"),
        "a.questionNo as questionNo",
        "q.question as question",
        noText.as("field"),
        "a.historyAnswer as beforeValue",
        "a.currentAnswer as afterValue",
        noText.as("researchers"),
        noText.as("evaluation"),
        sql<number>`0`.as("voided"),
      ]);
    const events = visits.unionAll(recordChanges).unionAll(answerChanges).as("events");
    const [{ total }, rows] = await Promise.all([
      db.selectFrom(events).select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow(),
      db
        .selectFrom(events)
        .selectAll()
        .orderBy("time", "desc")
        .orderBy("kind")
        .orderBy("eventId", "desc")
        .limit(query.size)
        .offset((query.current - 1) * query.size)
        .execute(),
    ]);
    const records: TimelineEvent[] = rows.map((row) => ({
      key: `${row.kind}:${row.eventId}`,
      kind: row.kind,
      time: formatDateTime(fromDbTime(row.time as DbTime), timeZone),
      actor: row.actor,
      recordId: row.recordId,
      questionNo: row.questionNo,
      question: row.question,
      field: row.field,
      before: row.beforeValue,
      after: row.afterValue,
      researchers: row.researchers,
      evaluation: row.evaluation as TimelineEvent["evaluation"],
      voided: Number(row.voided) === 1,
    }));
    return { records, total: Number(total), current: query.current, size: query.size };
  }
}
