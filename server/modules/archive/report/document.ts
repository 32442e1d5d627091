import { setImmediate as turn } from "node:timers/promises";
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  HeadingLevel,
  LevelFormat,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  WidthType,
  type IFontAttributesProperties,
} from "docx";
import { isCompanySegment } from "../../../../contract/companies";
import type archiveCatalog from "../../../../i18n/locales/zh-CN/archive";
import type { Locale } from "../../../../i18n/types";
import type { DbTime } from "../../../db/schema";
import { formatDateTime, fromDbTime } from "../../../db/time";
import { text, type CatalogKey, type TextParams } from "../../../i18n";
import type { ReportData, ReportRecord } from "./data";
import { BULLET_LIST, NUMBERED_LIST, RichTextConverter } from "./richText";
import { StreamedBody } from "./streamedBody";

export { DOCX_CONTENT_TYPE } from "./contentType";

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

/** Header and footer text: smaller and grey, so that it reads as the page's frame. */
export const FRAME_RUN = { size: 18, color: "666666" } as const;

/**
 * A heading is kept on the page of what follows it (keepNext) and never split itself (keepLines),
 * so that no page ends with a heading alone.
 */
const heading = (text: string, level: (typeof HeadingLevel)[keyof typeof HeadingLevel]) =>
  new Paragraph({ heading: level, keepNext: true, keepLines: true, children: [new TextRun(text)] });
const shown = (value: string | null | undefined) => (value?.trim() ? value : EMPTY);

/** Plain text with its line breaks kept. */
function textParagraph(text: string, options: { bold?: boolean; keepNext?: boolean; keepLines?: boolean } = {}): Paragraph {
  const lines = text.split(/\r?\n/);
  // Only what is set is written: an explicit "not bold" on every cell of a long table costs time and bytes.
  return new Paragraph({
    keepNext: options.keepNext || undefined,
    keepLines: options.keepLines || undefined,
    children: lines.map((line, i) => new TextRun({ text: line, bold: options.bold || undefined, break: i > 0 ? 1 : undefined })),
  });
}

/** The company's fields, label beside value; short, so the table is kept on one page. */
function detailTable(rows: readonly (readonly [string, string])[]): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: rows.map(
      ([label, value], index) =>
        new TableRow({
          cantSplit: true,
          keepNext: index < rows.length - 1 || undefined,
          children: [
            new TableCell({ width: { size: LABEL_WIDTH, type: WidthType.PERCENTAGE }, children: [textParagraph(label, { bold: true })] }),
            new TableCell({ width: { size: 100 - LABEL_WIDTH, type: WidthType.PERCENTAGE }, children: [textParagraph(value)] }),
          ],
        }),
    ),
  });
}

/** A row of listTable's, for a table whose rows are written apart from it (StreamedBody.wrap). */
const listRow = (values: readonly string[]) => new TableRow({ cantSplit: true, children: values.map((value) => new TableCell({ children: [textParagraph(value)] })) });

/**
 * A table with a header row that repeats on every page it spans and stays with the first row;
 * no row is split across pages. Widths in percent of the text width. Only the header row's cells
 * carry them: the layout is fixed, so Word and LibreOffice size the columns from the first row and
 * the grid docx derives from it, and a width on each of a thousand rows' cells would double the
 * time the table takes to write.
 */
export function listTable(columns: readonly (readonly [string, number])[], rows: readonly (readonly string[])[]): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    layout: TableLayoutType.FIXED,
    rows: [
      new TableRow({
        tableHeader: true,
        cantSplit: true,
        keepNext: true,
        children: columns.map(([label, width]) => new TableCell({ width: { size: width, type: WidthType.PERCENTAGE }, children: [textParagraph(label, { bold: true })] })),
      }),
      ...rows.map(listRow),
    ],
  });
}

/**
 * The footer's "page X of Y" in the reader's language, with Word's PAGE and NUMPAGES fields where
 * the catalog text has {page} and {pages}.
 */
export function pageNumberParagraph(say: Say): Paragraph {
  // Without params the catalog text comes back with its placeholders, which the split keeps (odd indexes).
  const parts = say("server.report.pageOf").split(/\{(pages?)\}/);
  const children = parts.flatMap((part, i) => {
    if (i % 2 === 1) return [part === "page" ? PageNumber.CURRENT : PageNumber.TOTAL_PAGES];
    return part ? [part] : [];
  });
  return new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ ...FRAME_RUN, children })] });
}

/**
 * A visit record's fields as lines of "label: value" pairs, one run per line, rather than a table:
 * a thousand records would make seventeen thousand table rows, and the docx package's cost grows
 * with every row, paragraph and run it writes, so a full archive would take seconds. The lines are
 * one paragraph, kept whole and with the label of the service record below it.
 */
function fieldLines(lines: readonly (readonly (readonly [string, string])[])[], say: Say): Paragraph {
  const text = lines.map((fields) => fields.map(([label, value]) => say("server.report.field", { label, value })).join(FIELD_GAP)).join("\n");
  return textParagraph(text, { keepNext: true, keepLines: true });
}

type Say = (key: CatalogKey, params?: TextParams) => string;

/**
 * Records written at a time (StreamedBody): what docx makes of a record lives only while its slice
 * is written, so an export holds its records' rows and the XML written so far (some 6 MB for
 * 1,000 records) rather than docx's whole document. Few at a time, so that little of it outlives
 * a young-generation collection and lands in the old generation as garbage: 50 a slice let twice
 * as much of an export through as 5.
 */
const RECORDS_A_SLICE = 5;

export interface ReportOptions {
  timeZone: string;
  /** When the export was made, shown under the title. */
  now: Date;
  /**
   * The language of the headings, labels and value sets (the caller's); the archive's own content
   * stays as written.
   */
  locale: Locale;
}

/** The whole archive of one company as a .docx (SPEC 2 "Export all"). */
export async function buildReport(data: ReportData, options: ReportOptions): Promise<Buffer> {
  const time = (value: DbTime | null) => (value === null ? EMPTY : formatDateTime(fromDbTime(value), options.timeZone));
  const say: Say = (key, params) => text(key, params).in(options.locale);
  const label = (field: keyof (typeof archiveCatalog)["form"]) => say(`archive.form.${field}`);
  const evaluation = (record: ReportRecord) => say(`archive.evaluation.${record.comprehensiveEvaluation}`);
  const title = say("server.report.title", { company: data.company.name });
  const richText = new RichTextConverter(data.images, (alt) => (alt ? say("server.report.imageWithAlt", { alt }) : say("server.report.image")));
  const { company } = data;
  const segment = company.segment && isCompanySegment(company.segment) ? say(`companies.segments.${company.segment}`) : shown(company.segment);

  const recordSection = (record: ReportRecord, index: number) => [
    heading(say("server.report.record", { number: index + 1, time: time(record.serviceTime) }), HeadingLevel.HEADING_2),
    fieldLines(
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
          [label("comprehensiveEvaluation"), evaluation(record)],
          [label("isOpenPatnavi"), say(`archive.accountOpen.${record.isOpenPatnavi}`)],
          [label("nextFollowTime"), time(record.nextFollowTime)],
        ],
        [[label("attachment"), record.attachment ? (data.fileNames.get(record.attachment) ?? EMPTY) : EMPTY]],
        [
          [say("archive.view.createBy"), shown(record.createByName)],
          [say("archive.view.createDate"), time(record.createDate)],
        ],
        [
          [say("archive.view.updateBy"), shown(record.updateByName)],
          [say("archive.view.updateDate"), time(record.updateDate)],
        ],
      ],
      say,
    ),
    textParagraph(say("server.report.field", { label: label("serviceContent"), value: "" }).trimEnd(), { bold: true, keepNext: true }),
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
      new Paragraph({
        spacing: { before: 120 },
        keepNext: true,
        keepLines: true,
        children: [new TextRun({ text: `${number}. ${q.question}${q.isReq === 1 ? say("server.report.required") : ""}`, bold: true })],
      }),
      q.currentAnswer ? textParagraph(q.currentAnswer) : new Paragraph({ children: [new TextRun({ text: say("server.report.unanswered"), italics: true })] }),
    );
  }

  const records = new StreamedBody();
  const document = new Document({
    creator: say("server.report.name"),
    title,
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
        headers: {
          default: new Header({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                border: { bottom: { style: BorderStyle.SINGLE, size: 4, space: 1, color: "999999" } },
                children: [new TextRun({ ...FRAME_RUN, text: title })],
              }),
            ],
          }),
        },
        footers: { default: new Footer({ children: [pageNumberParagraph(say)] }) },
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER, keepNext: true, keepLines: true, children: [new TextRun(title)] }),
          new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: say("server.report.exportedAt", { time: formatDateTime(options.now, options.timeZone) }), color: "666666" })] }),
          heading(say("server.report.companySection"), HeadingLevel.HEADING_1),
          // Labelled as the company list and form label them.
          detailTable([
            [say("companies.columns.name"), company.name],
            [say("companies.columns.creditCode"), shown(company.creditCode)],
            [say("companies.columns.district"), shown(company.districtName ?? company.district)],
            [say("companies.columns.segment"), segment],
            [say("companies.form.address"), shown(company.address)],
            [say("companies.form.contactPerson"), shown(company.contactPerson)],
            [say("companies.form.contactPhone"), shown(company.contactPhone)],
          ]),
          heading(say("server.report.recordsSection", { count: data.records.length }), HeadingLevel.HEADING_1),
          ...(data.records.length === 0
            ? [new Paragraph(say("server.report.noRecords"))]
            : [heading(say("server.report.summary"), HeadingLevel.HEADING_2), records.slot]),
          heading(say("server.report.questionnaireSection"), HeadingLevel.HEADING_1),
          ...questionnaire,
        ],
      },
    ],
  });
  if (data.records.length === 0) return Packer.toBuffer(document);

  // A turn of the event loop after each slice: the process answers other calls while a long archive is written.
  const slices = async (write: (slice: readonly ReportRecord[], first: number) => void) => {
    for (let at = 0; at < data.records.length; at += RECORDS_A_SLICE) {
      write(data.records.slice(at, at + RECORDS_A_SLICE), at);
      await turn();
    }
  };
  // Numbered as the visits below are, labelled as the archive's list labels its columns.
  const summary = listTable(
    [
      [say("archive.columns.index"), 8],
      [say("archive.columns.serviceTime"), 24],
      [say("archive.columns.researchers"), 30],
      [say("archive.columns.contactPerson"), 20],
      [say("archive.columns.comprehensiveEvaluation"), 18],
    ],
    [],
  );
  await records.wrap(document, summary, () =>
    slices((slice, first) =>
      records.write(
        document,
        slice.map((record, i) => listRow([String(first + i + 1), time(record.serviceTime), shown(record.researchers), shown(record.contactPerson), evaluation(record)])),
      ),
    ),
  );
  await slices((slice, first) => records.write(document, slice.flatMap((record, i) => recordSection(record, first + i))));
  return records.pack(document);
}
