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
import type { AccountOpenState, Evaluation } from "../../../../contract/valueSets";
import type { DbTime } from "../../../db/schema";
import { formatDateTime, fromDbTime } from "../../../db/time";
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

const EVALUATION_NAMES: Record<Evaluation, string> = { excellent: "优秀", good: "良好", average: "一般" };
const ACCOUNT_OPEN_NAMES: Record<AccountOpenState, string> = { opened: "已开通", notOpened: "未开通", noIntention: "无意向" };
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
function fieldLines(lines: readonly (readonly (readonly [string, string])[])[]): Paragraph[] {
  return lines.map((fields) => {
    const text = fields.map(([label, value]) => `${label}：${value}`).join(FIELD_GAP);
    return new Paragraph({ children: text.split(/\r?\n/).map((line, i) => new TextRun({ text: line, break: i > 0 ? 1 : undefined })) });
  });
}

export interface ReportOptions {
  timeZone: string;
  /** When the export was made, shown under the title. */
  now: Date;
}

/** The whole archive of one company as a .docx (SPEC 2 "Export all"). */
export async function buildReport(data: ReportData, options: ReportOptions): Promise<Buffer> {
  const time = (value: DbTime | null) => (value === null ? EMPTY : formatDateTime(fromDbTime(value), options.timeZone));
  const richText = new RichTextConverter(data.images);
  const { company } = data;

  const recordSection = (record: ReportRecord, index: number) => [
    heading(`${index + 1}. 走访记录（${time(record.serviceTime)}）`, HeadingLevel.HEADING_2),
    ...fieldLines([
      [
        ["服务时间", time(record.serviceTime)],
        ["调研人员", shown(record.researchers)],
      ],
      [
        ["联系人", shown(record.contactPerson)],
        ["联系电话", shown(record.contactPersonPhone)],
        ["联系人职务", shown(record.contactPersonPosition)],
      ],
      [
        ["合作伙伴", shown(record.cooperativePartner)],
        ["所属客户", shown(record.belongCustomer)],
      ],
      [["商机", shown(record.businessOpportunity)]],
      [["主营业务需求", shown(record.mainBusiness)]],
      [
        ["综合评价", EVALUATION_NAMES[record.comprehensiveEvaluation] ?? record.comprehensiveEvaluation],
        ["专利导航账号", ACCOUNT_OPEN_NAMES[record.isOpenPatnavi] ?? record.isOpenPatnavi],
        ["下次跟进时间", time(record.nextFollowTime)],
      ],
      [["附件", record.attachment ? (data.fileNames.get(record.attachment) ?? EMPTY) : EMPTY]],
      [
        ["创建", `${shown(record.createByName)} ${time(record.createDate)}`],
        ["更新", `${shown(record.updateByName)} ${time(record.updateDate)}`],
      ],
    ]),
    new Paragraph({ children: [new TextRun({ text: "服务记录：", bold: true })] }),
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
      new Paragraph({ spacing: { before: 120 }, children: [new TextRun({ text: `${number}. ${q.question}${q.isReq === 1 ? "（必答）" : ""}`, bold: true })] }),
      q.currentAnswer ? textParagraph(q.currentAnswer) : new Paragraph({ children: [new TextRun({ text: "未填写", italics: true })] }),
    );
  }

  const document = new Document({
    creator: "敲门服务档案",
    title: `敲门服务档案-${company.name}`,
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
          new Paragraph({ heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER, children: [new TextRun(`敲门服务档案——${company.name}`)] }),
          new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: `导出时间：${formatDateTime(options.now, options.timeZone)}`, color: "666666" })] }),
          heading("一、企业信息", HeadingLevel.HEADING_1),
          detailTable([
            ["企业名称", company.name],
            ["统一社会信用代码", shown(company.creditCode)],
            ["所属区域", shown(company.districtName ?? company.district)],
            ["细分领域", shown(company.segment)],
            ["地址", shown(company.address)],
            ["联系人", shown(company.contactPerson)],
            ["联系电话", shown(company.contactPhone)],
          ]),
          heading(`二、走访记录（共 ${data.records.length} 条）`, HeadingLevel.HEADING_1),
          ...(data.records.length === 0 ? [new Paragraph("暂无走访记录")] : data.records.flatMap(recordSection)),
          heading("三、维度问卷", HeadingLevel.HEADING_1),
          ...questionnaire,
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}
