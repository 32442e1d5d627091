import type { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { CityArea } from "../../../config";
import type { Database, FileRow } from "../../../db/schema";
import { AppError } from "../../../errors";
import { QuestionMessages } from "../questions/service";
import { embeddedImage, imageKindOf, type EmbeddedImage } from "./images";
import { imageIdsOf } from "./richText";

export interface ReportDeps {
  db: Kysely<Database>;
  /** The stored bytes of an upload (server/modules/files/service.ts). */
  files: { open(file: FileRow): Promise<{ stream: Readable } | undefined> };
  /** CITY_AREAS when configured: the district codes are named from it rather than the areas table. */
  cityAreas?: readonly CityArea[] | null;
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Everything the export shows, in a fixed number of queries whatever the number of records:
 * the company, its records, the questionnaires with its answers, and the files they use.
 */
export async function loadReport(deps: ReportDeps, compId: number) {
  const { db } = deps;
  const company = await db
    .selectFrom("companies")
    .leftJoin("areas", "areas.code", "companies.district")
    .select([
      "companies.id",
      "companies.name",
      "companies.creditCode",
      "companies.district",
      "areas.name as districtName",
      "companies.segment",
      "companies.address",
      "companies.contactPerson",
      "companies.contactPhone",
    ])
    .where("companies.id", "=", compId)
    .executeTakeFirst();
  if (!company) throw AppError.notFound(QuestionMessages.companyNotFound);
  if (deps.cityAreas) company.districtName = deps.cityAreas.find((area) => area.code === company.district)?.name ?? null;

  const [records, questions] = await Promise.all([
    db
      .selectFrom("serviceRecords as r")
      .leftJoin("users as creator", "creator.id", "r.createBy")
      .leftJoin("users as updater", "updater.id", "r.updateBy")
      .selectAll("r")
      .select(["creator.name as createByName", "updater.name as updateByName"])
      .where("r.compId", "=", compId)
      // A voided record is kept in the archive for its history, but it is no visit to hand on.
      .where("r.voidedAt", "is", null)
      .orderBy("r.serviceTime", "desc")
      .orderBy("r.id", "desc")
      .execute(),
    db
      .selectFrom("serviceQuestions as q")
      .innerJoin("serviceDimensions as d", "d.serviceNo", "q.serviceNo")
      .leftJoin("serviceAnswers as a", (join) => join.onRef("a.questionNo", "=", "q.questionNo").on("a.compId", "=", compId))
      .select(["d.serviceNo", "d.serviceName", "q.questionNo", "q.question", "q.isReq", "a.currentAnswer"])
      .orderBy("d.sort")
      .orderBy("d.serviceNo")
      .orderBy("q.sort")
      .orderBy("q.questionNo")
      .execute(),
  ]);

  const imageIds = records.flatMap((r) => imageIdsOf(r.serviceContent));
  const fileIds = [...new Set([...imageIds, ...records.flatMap((r) => (r.attachment ? [r.attachment] : []))])];
  const files = fileIds.length === 0 ? [] : await db.selectFrom("files").selectAll().where("id", "in", fileIds).execute();
  const imageSet = new Set(imageIds);
  const images = new Map<string, EmbeddedImage>();
  for (const file of files) {
    const kind = imageKindOf(file.mimeType);
    if (!kind || !imageSet.has(file.id)) continue;
    const stored = await deps.files.open(file);
    if (stored) images.set(file.id, embeddedImage(kind, await bytesOf(stored.stream)));
  }
  const fileNames = new Map(files.map((f) => [f.id, f.originalName]));

  return { company, records, questions, images, fileNames };
}

export type ReportData = Awaited<ReturnType<typeof loadReport>>;
export type ReportRecord = ReportData["records"][number];
