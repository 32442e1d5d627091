import {
  AlignmentType,
  Document,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type IFontAttributesProperties,
} from "docx";
import type archiveCatalog from "../../../../i18n/locales/zh-CN/archive";
import type { Locale } from "../../../../i18n/types";
import type { DbTime } from "../../../db/schema";
import { formatDateTime, fromDbTime } from "../../../db/time";
import { text, type CatalogKey, type TextParams } from "../../../i18n";
import type { ReportData, ReportRecord } from "./data";
import { BULLET_LIST, NUMBERED_LIST, RichTextConverter } from "./richText";

export const DOCX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/**
 * Word and WPS pick the font of Chinese text from the eastAsia slot; without it they fall back to
 * a Latin font that has no CJK glyphs on some systems. Body text in SimSun (宋体), headings in
 * SimHei (黑体), Latin letters and digits in Calibri.
 */
export const BODY_FONT: IFontAttributesProperties = { ascii: "Calibri", eastAsia: "宋体", hAnsi: "Calibri", cs: "Calibri" };
export const HEADING_FONT: IFontAttributesProperties = { ascii: "Calibri", eastAsia: "黑体", hAnsi: "Calibri", cs: "Calibri" };

const EMPTY = "--";
/** Between the fields sharing a line: two ideographic spaces. */
const FIELD_GAP = "\u3000\u3000";
/** Label column of the two-column detail tables, in percent of the text width. */
const LABEL_WIDTH = 25;

const heading = (text: string, level: (typeof HeadingLevel)[keyof typeof HeadingLevel]) => new Paragraph({ heading: level, children: [new TextRun(text)] });
const shown = (value: string | null | undefined) => (value?.trim() ? value : EMPTY);

/** Plain text with its line breaks kept. */
function textParagraph(text: string): Paragraph {
  const lines = text.split(/\r?\n/);
  return new Paragraph({ children: lines.map((line, i) => new TextRun({ text: line, break: i > 0 ? 1 : undefined })) });
}

function detailTable(rows: readonly (readonly [string, string])[]): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: rows.map(
      ([label, value]) =>
        new TableRow({
          children: [
            new TableCell({ width: { size: LABEL_WIDTH, type: WidthType.PERCENTAGE }, children: [new Paragraph({ children: [new TextRun({ text: label, bold: true })] })] }),
            new TableCell({ width: { size: 100 - LABEL_WIDTH, type: WidthType.PERCENTAGE }, children: [textParagraph(value)] }),
          ],
        }),
    ),
  });
}

/**
 * A visit record's fields as lines of "label: value" pairs, one run per line, rather than a table:
 * a thousand records would make seventeen thousand table rows, and the docx package's cost grows
 * with every row and run it writes, so a full archive would take seconds.
 */
function fieldLines(lines: readonly (readonly (readonly [string, string])[])[], say: Say): Paragraph[] {
  return lines.map((fields) => {
    const line = fields.map(([label, value]) => say("server.report.field", { label, value })).join(FIELD_GAP);
    return new Paragraph({ children: line.split(/\r?\n/).map((part, i) => new TextRun({ text: part, break: i > 0 ? 1 : undefined })) });
  });
}

type Say = (key: CatalogKey, params?: TextParams) => string;

export interface ReportOptions {
  timeZone: string;
  /** When the export was made, shown under the title. */
  now: Date;
  /** The language of the headings and labels (the caller's); the archive's own content stays as written. */
  locale: Locale;
}

/** The whole archive of one company as a .docx (SPEC 2 "Export all"). */
export async function buildReport(data: ReportData, options: ReportOptions): Promise<Buffer> {
  const time = (value: DbTime | null) => (value === null ? EMPTY : formatDateTime(fromDbTime(value), options.timeZone));
  const say: Say = (key, params) => text(key, params).in(options.locale);
  const label = (field: keyof (typeof archiveCatalog)["form"]) => say(`archive.form.${field}`);
  const richText = new RichTextConverter(data.images, (alt) => (alt ? say("server.report.imageWithAlt", { alt }) : say("server.report.image")));
  const { company } = data;

  const recordSection = (record: ReportRecord, index: number) => [
    heading(say("server.report.record", { number: index + 1, time: time(record.serviceTime) }), HeadingLevel.HEADING_2),
    ...fieldLines(
      [
        [
          [label("serviceTime"), time(record.serviceTime)],
          [label("researchers"), shown(record.researchers)],
        ],
        [
          [label("contactPerson"), shown(record.contactPerson)],
          [label("contactPersonPhone"), shown(record.contactPersonPhone)],
          [label("contactPersonPosition"), shown(record.contactPersonPosition)],
        ],
        [
          [label("cooperativePartner"), shown(record.cooperativePartner)],
          [label("belongCustomer"), shown(record.belongCustomer)],
        ],
        [[label("businessOpportunity"), shown(record.businessOpportunity)]],
        [[label("mainBusiness"), shown(record.mainBusiness)]],
        [
          [label("comprehensiveEvaluation"), say(`archive.evaluation.${record.comprehensiveEvaluation}`)],
          [label("isOpenPatnavi"), say(`archive.accountOpen.${record.isOpenPatnavi}`)],
          [label("nextFollowTime"), time(record.nextFollowTime)],
        ],
        [[label("attachment"), record.attachment ? (data.fileNames.get(record.attachment) ?? EMPTY) : EMPTY]],
        [
          [say("server.report.created"), `${shown(record.createByName)} ${time(record.createDate)}`],
          [say("server.report.updated"), `${shown(record.updateByName)} ${time(record.updateDate)}`],
        ],
      ],
      say,
    ),
    new Paragraph({ children: [new TextRun({ text: say("server.report.serviceContent"), bold: true })] }),
    ...richText.convert(record.serviceContent),
  ];

  const questionnaire: Paragraph[] = [];
  let dimension: string | null = null;
  let number = 0;
  for (const q of data.questions) {
    if (q.serviceNo !== dimension) {
      dimension = q.serviceNo;
      number = 0;
      questionnaire.push(heading(q.serviceName, HeadingLevel.HEADING_2));
    }
    number += 1;
    questionnaire.push(
      new Paragraph({ spacing: { before: 120 }, children: [new TextRun({ text: `${number}. ${q.question}${q.isReq === 1 ? say("server.report.required") : ""}`, bold: true })] }),
      q.currentAnswer ? textParagraph(q.currentAnswer) : new Paragraph({ children: [new TextRun({ text: say("server.report.unanswered"), italics: true })] }),
    );
  }

  const document = new Document({
    creator: say("server.report.name"),
    title: say("server.report.title", { company: company.name }),
    styles: {
      default: {
        document: { run: { font: BODY_FONT, size: 21 } },
        title: { run: { font: HEADING_FONT, size: 36, bold: true } },
        heading1: { run: { font: HEADING_FONT, size: 30, bold: true }, paragraph: { spacing: { before: 360, after: 120 } } },
        heading2: { run: { font: HEADING_FONT, size: 26, bold: true }, paragraph: { spacing: { before: 240, after: 120 } } },
      },
    },
    numbering: {
      config: [
        { reference: BULLET_LIST, levels: [...Array(9).keys()].map((level) => ({ level, format: LevelFormat.BULLET, text: "•", alignment: AlignmentType.LEFT, style: { paragraph: { indent: { left: 420 * (level + 1), hanging: 420 } } } })) },
        { reference: NUMBERED_LIST, levels: [...Array(9).keys()].map((level) => ({ level, format: LevelFormat.DECIMAL, text: `%${level + 1}.`, alignment: AlignmentType.LEFT, style: { paragraph: { indent: { left: 420 * (level + 1), hanging: 420 } } } })) },
      ],
    },
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER, children: [new TextRun(say("server.report.title", { company: company.name }))] }),
          new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: say("server.report.exportedAt", { time: formatDateTime(options.now, options.timeZone) }), color: "666666" })] }),
          heading(say("server.report.companySection"), HeadingLevel.HEADING_1),
          detailTable([
            [say("server.report.companyName"), company.name],
            [say("server.report.creditCode"), shown(company.creditCode)],
            [say("server.report.district"), shown(company.districtName ?? company.district)],
            [say("server.report.segment"), shown(company.segment)],
            [say("server.report.address"), shown(company.address)],
            [say("server.report.contactPerson"), shown(company.contactPerson)],
            [say("server.report.contactPhone"), shown(company.contactPhone)],
          ]),
          heading(say("server.report.recordsSection", { count: data.records.length }), HeadingLevel.HEADING_1),
          ...(data.records.length === 0 ? [new Paragraph(say("server.report.noRecords"))] : data.records.flatMap(recordSection)),
          heading(say("server.report.questionnaireSection"), HeadingLevel.HEADING_1),
          ...questionnaire,
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}
