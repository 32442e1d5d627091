import type { Kysely } from "kysely";
import type { Dialect } from "../database";
import { columnTypes } from "./columns";

interface SeedDimension {
  serviceNo: string;
  serviceName: string;
  isIp: 0 | 1;
  /** [question, required] in the order they are asked. */
  questions: readonly (readonly [string, boolean])[];
}

/**
 * The questionnaire tabs of the service archive as first shipped: the IP-management interview
 * (SPEC 3: "a fixed list of eight interview questions") and the enterprise profile. From here on
 * they are data that an administrator edits, so the code never reads this list again.
 */
export const SEED_DIMENSIONS: readonly SeedDimension[] = [
  {
    serviceNo: "ip",
    serviceName: "知识产权",
    isIp: 1,
    questions: [
      ["企业是否设立知识产权管理部门或专职人员？", true],
      ["企业现有专利数量及类型分布？", true],
      ["核心技术是否进行了专利布局？", true],
      ["是否开展过专利导航或侵权风险分析？", false],
      ["研发立项前是否进行专利检索？", false],
      ["是否有知识产权管理制度并通过贯标认证？", false],
      ["近三年是否发生过知识产权纠纷？", false],
      ["对协会知识产权服务有哪些需求？", true],
    ],
  },
  {
    serviceNo: "basic",
    serviceName: "企业基本情况",
    isIp: 0,
    questions: [
      ["企业主营产品及所处产业链环节（设计、制造、封测、材料、设备等）？", true],
      ["企业员工总数及研发人员占比？", false],
      ["上一年度营业收入及增长情况？", false],
      ["企业资质情况（高新技术企业、专精特新、科技型中小企业等）？", false],
      ["企业股权结构及实际控制人情况？", false],
    ],
  },
  {
    serviceNo: "rd",
    serviceName: "研发与技术",
    isIp: 0,
    questions: [
      ["企业核心技术及其来源（自主研发、合作开发、技术引进）？", true],
      ["年度研发投入及占营业收入的比例？", false],
      ["在研重点项目及预计产业化时间？", false],
      ["是否与高校、科研院所开展产学研合作？", false],
      ["当前面临的主要技术瓶颈？", false],
    ],
  },
  {
    serviceNo: "market",
    serviceName: "市场与客户",
    isIp: 0,
    questions: [
      ["主要客户群体及所在行业？", true],
      ["主要竞争对手及企业的竞争优势？", false],
      ["产品国产化替代进展情况？", false],
      ["海外市场布局及出口情况？", false],
    ],
  },
  {
    serviceNo: "finance",
    serviceName: "融资与政策需求",
    isIp: 0,
    questions: [
      ["企业目前所处融资阶段及已获投资情况？", false],
      ["未来一年的融资计划及资金用途？", false],
      ["已享受的政策支持（补贴、税收优惠、人才政策等）？", false],
      ["希望协会或政府提供哪些政策与资源支持？", true],
    ],
  },
];

type SeedDb = Kysely<{
  service_dimensions: { service_no: string; service_name: string; is_ip: 0 | 1; sort: number };
  service_questions: { question_no: string; service_no: string; question: string; is_req: 0 | 1; sort: number };
}>;

/**
 * The service archive's questionnaires: dimensions (the tabs), their questions, each company's
 * current answer with a version number (so that a save based on a stale answer is refused), and
 * the history of every change.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);

  await db.schema
    .createTable("service_dimensions")
    .addColumn("service_no", "text", (c) => c.primaryKey())
    .addColumn("service_name", "text", (c) => c.notNull())
    .addColumn("is_ip", "integer", t.flag(0))
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("service_questions")
    .addColumn("question_no", "text", (c) => c.primaryKey())
    .addColumn("service_no", "text", (c) => c.notNull().references("service_dimensions.service_no"))
    .addColumn("question", "text", (c) => c.notNull())
    .addColumn("is_req", "integer", t.flag(0))
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("create_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("create_date", t.timestamp, t.createdNow)
    .execute();
  await db.schema.createIndex("service_questions_dimension_idx").on("service_questions").columns(["service_no", "sort"]).execute();

  await db.schema
    .createTable("service_answers")
    .addColumn("comp_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("question_no", "text", (c) => c.notNull().references("service_questions.question_no"))
    .addColumn("current_answer", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("update_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("update_date", t.timestamp, t.createdNow)
    .addPrimaryKeyConstraint("service_answers_pk", ["comp_id", "question_no"])
    .execute();

  await db.schema
    .createTable("answer_history")
    .addColumn("id", "integer", t.autoId)
    .addColumn("comp_id", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("question_no", "text", (c) => c.notNull().references("service_questions.question_no"))
    .addColumn("history_answer", "text", (c) => c.notNull())
    .addColumn("current_answer", "text", (c) => c.notNull())
    .addColumn("create_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("create_date", t.timestamp, t.createdNow)
    .execute();
  await db.schema.createIndex("answer_history_answer_idx").on("answer_history").columns(["comp_id", "question_no", "id"]).execute();

  const seedDb = db as SeedDb;
  await seedDb
    .insertInto("service_dimensions")
    .values(SEED_DIMENSIONS.map((d, index) => ({ service_no: d.serviceNo, service_name: d.serviceName, is_ip: d.isIp, sort: (index + 1) * 10 })))
    .onConflict((oc) => oc.column("service_no").doNothing())
    .execute();
  await seedDb
    .insertInto("service_questions")
    .values(
      SEED_DIMENSIONS.flatMap((d) =>
        d.questions.map(([question, required], index) => ({
          question_no: `${d.serviceNo}${String(index + 1).padStart(2, "0")}`,
          service_no: d.serviceNo,
          question,
          is_req: required ? (1 as const) : (0 as const),
          sort: (index + 1) * 10,
        })),
      ),
    )
    .onConflict((oc) => oc.column("question_no").doNothing())
    .execute();
}
