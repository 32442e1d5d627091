import { AlignmentType, BorderStyle, Document, Footer, Header, HeadingLevel, Packer, Paragraph, Table, TextRun } from "docx";
import type { StatisticsReportFormat } from "../../../contract/statistics";
import type { StatisticsRow, StatisticsTotals } from "../../../contract/schemas/statistics";
import type { Locale } from "../../../i18n/types";
import { formatDateTime } from "../../db/time";
import { text, type CatalogKey, type TextParams } from "../../i18n";
import { BODY_FONT, FRAME_RUN, HEADING_FONT, listTable, pageNumberParagraph } from "../archive/report/document";

/** Everything the annual service report shows: the period's totals and its five groupings. */
export interface ReportFigures {
  from: string;
  to: string;
  totals: StatisticsTotals;
  month: StatisticsRow[];
  researcher: StatisticsRow[];
  evaluation: StatisticsRow[];
  /** With the companies registered in each group, for its coverage. */
  segment: (StatisticsRow & { registered: number })[];
  district: (StatisticsRow & { registered: number })[];
}

type Say = (key: CatalogKey, params?: TextParams) => string;
type Cell = string | number;

interface Section {
  title: string;
  header: string[];
  rows: Cell[][];
}

/** A share as a percentage with one decimal, "--" when there is nothing to divide by. */
const percent = (part: number, whole: number) => (whole > 0 ? `${((part * 100) / whole).toFixed(1)}%` : "--");

/** The report's sections, in the caller's language: a title, a header row and the rows of each table. */
export function reportSections(figures: ReportFigures, locale: Locale): Section[] {
  const say: Say = (key, params) => text(key, params).in(locale);
  const { totals } = figures;
  const counts = [say("statistics.columns.visits"), say("statistics.columns.companies")];
  const plain = (rows: StatisticsRow[]) => rows.map((row) => [row.label, row.visits, row.companies]);
  const covered = (rows: (StatisticsRow & { registered: number })[]) =>
    rows.map((row) => [row.label, row.visits, row.companies, row.registered, percent(row.companies, row.registered)]);
  const coverageHeader = [...counts, say("server.statistics.registered"), say("server.statistics.coverage")];
  return [
    {
      title: say("server.statistics.summary"),
      header: [say("server.statistics.item"), say("server.statistics.value")],
      rows: [
        [say("statistics.period"), `${figures.from} — ${figures.to}`],
        [say("statistics.totals.visits"), totals.visits],
        [say("statistics.totals.companies"), totals.companies],
        [say("statistics.totals.companiesRegistered"), totals.companiesRegistered],
        [say("statistics.totals.coverage"), percent(totals.companies, totals.companiesRegistered)],
        [say("statistics.totals.patnaviOpened"), totals.patnaviOpened],
      ],
    },
    { title: say("server.statistics.byMonth"), header: [say("server.statistics.month"), ...counts], rows: plain(figures.month) },
    { title: say("server.statistics.byResearcher"), header: [say("archive.columns.researchers"), ...counts], rows: plain(figures.researcher) },
    {
      title: say("server.statistics.byEvaluation"),
      header: [say("archive.columns.comprehensiveEvaluation"), ...counts, say("server.statistics.share")],
      rows: figures.evaluation.map((row) => [row.label, row.visits, row.companies, percent(row.visits, totals.visits)]),
    },
    { title: say("server.statistics.bySegment"), header: [say("companies.columns.segment"), ...coverageHeader], rows: covered(figures.segment) },
    { title: say("server.statistics.byDistrict"), header: [say("companies.columns.district"), ...coverageHeader], rows: covered(figures.district) },
  ];
}

/** A section's title without its numbering ("二、按月" → "按月"), for a sheet's name. */
const sheetName = (title: string) =>
  title
    .replace(/^[一二三四五六七八九十\d]+[、.]\s*/, "")
    .replace(/[:\\/?*[\]]/g, " ")
    .slice(0, 31);

async function buildXlsx(sections: Section[], title: string): Promise<Buffer> {
  // Loaded on the first report, not with the server.
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  workbook.title = title;
  for (const section of sections) {
    const sheet = workbook.addWorksheet(sheetName(section.title), { views: [{ state: "frozen", ySplit: 1 }] });
    sheet.addRow(section.header).font = { bold: true };
    for (const row of section.rows) sheet.addRow(row);
    sheet.columns.forEach((column, i) => {
      column.width = i === 0 ? 28 : 16;
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function sectionTable(section: Section, say: Say): (Paragraph | Table)[] {
  const heading = new Paragraph({ heading: HeadingLevel.HEADING_1, keepNext: true, keepLines: true, children: [new TextRun(section.title)] });
  if (section.rows.length === 0) return [heading, new Paragraph(say("server.statistics.noData"))];
  const first = 100 - (section.header.length - 1) * Math.min(18, Math.floor(70 / (section.header.length - 1)));
  const rest = (100 - first) / (section.header.length - 1);
  const widths = section.header.map((label, i) => [label, i === 0 ? first : rest] as const);
  return [heading, listTable(widths, section.rows.map((row) => row.map(String)))];
}

async function buildDocx(sections: Section[], title: string, subtitle: string[], say: Say): Promise<Buffer> {
  const document = new Document({
    creator: title,
    title,
    styles: {
      default: {
        document: { run: { font: BODY_FONT, size: 21 } },
        title: { run: { font: HEADING_FONT, size: 36, bold: true } },
        heading1: { run: { font: HEADING_FONT, size: 28, bold: true }, paragraph: { spacing: { before: 360, after: 120 } } },
      },
    },
    sections: [
      {
        headers: {
          default: new Header({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                border: { bottom: { style: BorderStyle.SINGLE, size: 4, space: 1, color: "999999" } },
                children: [new TextRun({ ...FRAME_RUN, text: `${title} · ${subtitle[0]}` })],
              }),
            ],
          }),
        },
        footers: { default: new Footer({ children: [pageNumberParagraph(say)] }) },
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER, keepNext: true, children: [new TextRun(title)] }),
          ...subtitle.map((line) => new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: line, color: "666666" })] })),
          ...sections.flatMap((section) => sectionTable(section, say)),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

/** The annual service report as .xlsx (a sheet a section) or .docx (a table a section). */
export async function buildStatisticsReport(figures: ReportFigures, options: { format: StatisticsReportFormat; locale: Locale; now: Date; timeZone: string }): Promise<Buffer> {
  const say: Say = (key, params) => text(key, params).in(options.locale);
  const sections = reportSections(figures, options.locale);
  const title = say("server.statistics.title");
  if (options.format === "xlsx") return buildXlsx(sections, title);
  const subtitle = [say("server.statistics.period", { from: figures.from, to: figures.to }), say("server.statistics.madeAt", { time: formatDateTime(options.now, options.timeZone) })];
  return buildDocx(sections, title, subtitle, say);
}
