import { useCustom, type HttpError } from "@refinedev/core";
import type { AxiosResponse } from "axios";
import { Card, Col, DatePicker, Empty, Row, Space, Spin, Statistic, Table, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import type { Envelope } from "../../contract/envelope";
import { periodProblem, type Statistics, type StatisticsGroupBy, type StatisticsReportFormat, type StatisticsRow } from "../../contract/statistics";
import { saveDownload } from "../../providers/download";
import { customCall } from "../../providers/endpoints";
import { http } from "../../providers/http";
import { ExportButton } from "../../src/components/ExportButton";
import { ListError, retryUnlessRefused } from "../../src/components/ListError";
import { isPermissionRefused, NoPermission } from "../../src/components/NoPermission";
import { PageFrame } from "../../src/components/PageFrame";
import { useT } from "../../src/i18n/I18nContext";
import { Chart, type ChartOption } from "../../src/components/Chart";
import { statistics } from "./resource";
import { drillDownOf, visitListLink } from "./statisticsLinks";

const CRUMBS = [{ title: "shell.titles.home", path: "/" }, { title: "shell.titles.statistics" }];
const DAY = "YYYY-MM-DD";
/** The researchers a chart shows at most; the table lists them all. */
const CHART_MAX_BARS = 20;

type Translate = ReturnType<typeof useT>;

/** The figures of one grouping for the period, through the declared call. */
function useFigures(groupBy: StatisticsGroupBy, from: string, to: string, enabled: boolean) {
  const { result, query } = useCustom<Envelope<Statistics>, HttpError>({
    // Silent: a refusal becomes the no-permission state, another failure one notice above the figures.
    ...customCall(statistics.actions.visits, { silent: true }),
    config: { payload: { from, to, groupBy } },
    queryOptions: { enabled, queryKey: ["statistics", groupBy, from, to], retry: (failures, error) => retryUnlessRefused(failures, error as unknown as Error) },
  });
  return { figures: result.data?.result, loading: query.isLoading && enabled, error: query.error };
}

const percent = (part: number, whole: number) => (whole > 0 ? `${((part * 100) / whole).toFixed(1)}%` : "--");

function barOption(rows: readonly StatisticsRow[], t: Translate, horizontal = false): ChartOption {
  const labels = rows.map((row) => row.label);
  const category = { type: "category", data: labels, axisLabel: { interval: 0, rotate: horizontal ? 0 : labels.length > 8 ? 45 : 0 } };
  const value = { type: "value", minInterval: 1 };
  return {
    tooltip: { trigger: "axis" },
    legend: { data: [t("statistics.columns.visits"), t("statistics.columns.companies")] },
    grid: { left: 8, right: 16, bottom: 8, top: 40, containLabel: true },
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? { ...category, inverse: true } : value,
    series: [
      { name: t("statistics.columns.visits"), type: "bar", data: rows.map((row) => row.visits) },
      { name: t("statistics.columns.companies"), type: "bar", data: rows.map((row) => row.companies) },
    ],
  };
}

function pieOption(data: { name: string; value: number }[]): ChartOption {
  return {
    tooltip: { trigger: "item", formatter: "{b}: {c} ({d}%)" },
    legend: { bottom: 0 },
    series: [{ type: "pie", radius: ["35%", "65%"], data, label: { formatter: "{b}\n{d}%" } }],
  };
}

/** One grouping: its chart, and beside it the table of its figures, each group linking to its visits. */
function FigureSection({
  groupBy,
  title,
  rows,
  option,
  from,
  to,
  loading,
}: {
  groupBy: StatisticsGroupBy;
  title: string;
  rows: readonly StatisticsRow[] | undefined;
  option: (rows: readonly StatisticsRow[]) => ChartOption;
  from: string;
  to: string;
  loading: boolean;
}) {
  const t = useT();
  const headingId = `statistics-${groupBy}-title`;
  const chartOption = useMemo(() => option(rows ?? []), [option, rows]);
  const listed = rows ?? [];
  const empty = listed.every((row) => row.visits === 0);
  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid={`statistics-section-${groupBy}`}>
      <section aria-labelledby={headingId}>
        <Typography.Title level={2} id={headingId} style={{ fontSize: 16, marginTop: 0 }}>
          {title}
        </Typography.Title>
        <Spin spinning={loading}>
          {empty ? (
            <Empty description={t("statistics.noData")} />
          ) : (
            <Row gutter={16}>
              <Col xs={24} lg={14}>
                <Chart option={chartOption} description={t("statistics.charts.description", { title, count: listed.length })} testId={`statistics-chart-${groupBy}`} />
              </Col>
              <Col xs={24} lg={10}>
                <Table<StatisticsRow>
                  size="small"
                  rowKey="key"
                  data-testid={`statistics-table-${groupBy}`}
                  dataSource={[...listed]}
                  pagination={listed.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                  columns={[
                    {
                      title: t("statistics.columns.key"),
                      dataIndex: "label",
                      render: (label: string, row) => {
                        const drill = drillDownOf(groupBy, row.key, from, to);
                        return drill ? (
                          <Link to={visitListLink(drill)} aria-label={t("statistics.drill", { label })} data-testid={`statistics-drill-${groupBy}-${row.key}`}>
                            {label}
                          </Link>
                        ) : (
                          label
                        );
                      },
                    },
                    { title: t("statistics.columns.visits"), dataIndex: "visits", align: "right" },
                    { title: t("statistics.columns.companies"), dataIndex: "companies", align: "right" },
                  ]}
                />
              </Col>
            </Row>
          )}
        </Spin>
      </section>
    </Card>
  );
}

/** Downloads the annual service report of the period; a failure shows one warning (exportFailure). */
function ReportButton({ format, from, to, disabled }: { format: StatisticsReportFormat; from: string; to: string; disabled: boolean }) {
  const t = useT();
  const run = async () => {
    const response = await http.get<AxiosResponse<Blob>>(statistics.actions.report.url, { params: { from, to, format }, responseType: "blob", silent: true });
    saveDownload(response, `${t("statistics.report.fileName")}.${format}`);
  };
  return (
    <ExportButton run={run} failed={t("statistics.report.failed")} disabled={disabled} testId={`statistics-report-${format}`}>
      {t(`statistics.report.${format}`)}
    </ExportButton>
  );
}

/**
 * 服务统计 (/statistics, issue 11): a period, its totals, and its visits by month, researcher,
 * evaluation, coverage, segment and district, each chart with the table of its figures; every
 * figure links to the visit list filtered to it.
 */
export default function StatisticsPage() {
  const t = useT();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf("year"), dayjs().endOf("year")]);
  const from = range[0].format(DAY);
  const to = range[1].format(DAY);
  const problem = periodProblem(from, to);
  const valid = problem === null;

  const month = useFigures("month", from, to, valid);
  const researcher = useFigures("researcher", from, to, valid);
  const evaluation = useFigures("evaluation", from, to, valid);
  const segment = useFigures("segment", from, to, valid);
  const district = useFigures("district", from, to, valid);
  const totals = evaluation.figures?.totals;

  const monthOption = useMemo(() => (rows: readonly StatisticsRow[]) => barOption(rows, t), [t]);
  const researcherOption = useMemo(() => (rows: readonly StatisticsRow[]) => barOption(rows.slice(0, CHART_MAX_BARS), t, true), [t]);
  const evaluationOption = useMemo(() => (rows: readonly StatisticsRow[]) => pieOption(rows.map((row) => ({ name: row.label, value: row.visits }))), []);
  const coverageRows = useMemo<StatisticsRow[] | undefined>(
    () =>
      totals && [
        { key: "visited", label: t("statistics.charts.visited"), visits: totals.visits, companies: totals.companies },
        { key: "notVisited", label: t("statistics.charts.notVisited"), visits: 0, companies: Math.max(0, totals.companiesRegistered - totals.companies) },
      ],
    [totals, t],
  );

  // The request layer rejects with its ApiError, an Error.
  const failure = [month, researcher, evaluation, segment, district].map((f) => f.error as unknown as Error | null).find((error) => error);
  if (isPermissionRefused(failure)) {
    return (
      <PageFrame title="shell.titles.statistics" crumbs={CRUMBS}>
        <NoPermission />
      </PageFrame>
    );
  }

  const periodLink = visitListLink(drillDownOf(null, null, from, to));
  return (
    <PageFrame
      title="shell.titles.statistics"
      crumbs={CRUMBS}
      extra={
        <Space>
          <ReportButton format="xlsx" from={from} to={to} disabled={!valid} />
          <ReportButton format="docx" from={from} to={to} disabled={!valid} />
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <label htmlFor="statistics-period">{t("statistics.period")}</label>
        <DatePicker.RangePicker
          id="statistics-period"
          data-testid="statistics-period"
          allowClear={false}
          value={range}
          onChange={(dates) => {
            if (dates?.[0] && dates[1]) setRange([dates[0], dates[1]]);
          }}
          presets={[
            { label: t("statistics.presets.thisYear"), value: [dayjs().startOf("year"), dayjs().endOf("year")] },
            { label: t("statistics.presets.lastYear"), value: [dayjs().subtract(1, "year").startOf("year"), dayjs().subtract(1, "year").endOf("year")] },
            { label: t("statistics.presets.last12Months"), value: [dayjs().subtract(12, "month").add(1, "day"), dayjs()] },
          ]}
        />
        {problem === "tooLong" && <Typography.Text type="danger">{t("statistics.tooLong")}</Typography.Text>}
      </Space>

      {failure && (
        <div style={{ marginBottom: 16 }}>
          <ListError error={failure} />
        </div>
      )}
      <Row gutter={16} style={{ marginBottom: 16 }} data-testid="statistics-totals">
        {(
          [
            ["visits", totals?.visits],
            ["companies", totals?.companies],
            ["companiesRegistered", totals?.companiesRegistered],
            ["coverage", totals ? percent(totals.companies, totals.companiesRegistered) : undefined],
            ["patnaviOpened", totals?.patnaviOpened],
          ] as const
        ).map(([name, value]) => (
          <Col key={name} xs={12} md={8} xl={4}>
            <Card size="small">
              <Statistic title={t(`statistics.totals.${name}`)} value={value ?? "--"} loading={evaluation.loading} valueStyle={{ fontSize: 22 }} />
            </Card>
          </Col>
        ))}
        <Col xs={24} xl={4} style={{ display: "flex", alignItems: "center" }}>
          <Link to={periodLink} data-testid="statistics-drill-all">
            {t("statistics.drillAll")}
          </Link>
        </Col>
      </Row>

      <FigureSection groupBy="month" title={t("statistics.charts.month")} rows={month.figures?.rows} option={monthOption} from={from} to={to} loading={month.loading} />
      <FigureSection groupBy="researcher" title={t("statistics.charts.researcher")} rows={researcher.figures?.rows} option={researcherOption} from={from} to={to} loading={researcher.loading} />
      <Row gutter={16}>
        <Col xs={24} xl={12}>
          <FigureSection groupBy="evaluation" title={t("statistics.charts.evaluation")} rows={evaluation.figures?.rows} option={evaluationOption} from={from} to={to} loading={evaluation.loading} />
        </Col>
        <Col xs={24} xl={12}>
          <CoverageSection rows={coverageRows} from={from} to={to} loading={evaluation.loading} />
        </Col>
      </Row>
      <FigureSection groupBy="segment" title={t("statistics.charts.segment")} rows={segment.figures?.rows} option={monthOption} from={from} to={to} loading={segment.loading} />
      <FigureSection groupBy="district" title={t("statistics.charts.district")} rows={district.figures?.rows} option={monthOption} from={from} to={to} loading={district.loading} />
    </PageFrame>
  );
}

/** Companies visited against companies registered: a pie, and its two figures, the visited linking to the period's visits. */
function CoverageSection({ rows, from, to, loading }: { rows: StatisticsRow[] | undefined; from: string; to: string; loading: boolean }) {
  const t = useT();
  const title = t("statistics.charts.coverage");
  const option = useMemo(() => pieOption((rows ?? []).map((row) => ({ name: row.label, value: row.companies }))), [rows]);
  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid="statistics-section-coverage">
      <section aria-labelledby="statistics-coverage-title">
        <Typography.Title level={2} id="statistics-coverage-title" style={{ fontSize: 16, marginTop: 0 }}>
          {title}
        </Typography.Title>
        <Spin spinning={loading}>
          <Chart option={option} description={t("statistics.charts.description", { title, count: rows?.length ?? 0 })} testId="statistics-chart-coverage" />
          <Table<StatisticsRow>
            size="small"
            rowKey="key"
            data-testid="statistics-table-coverage"
            dataSource={rows ?? []}
            pagination={false}
            columns={[
              {
                title: t("statistics.columns.key"),
                dataIndex: "label",
                render: (label: string, row) =>
                  row.key === "visited" ? (
                    <Link to={visitListLink(drillDownOf(null, null, from, to))} aria-label={t("statistics.drill", { label })}>
                      {label}
                    </Link>
                  ) : (
                    label
                  ),
              },
              { title: t("statistics.totals.companies"), dataIndex: "companies", align: "right" },
            ]}
          />
        </Spin>
      </section>
    </Card>
  );
}
