import { useCustom, useGo, useParsed, type CrudFilter } from "@refinedev/core";
import { Alert, Button, Card, Col, Row, Spin, Table, Typography } from "antd";
import { useMemo } from "react";
import type { Envelope } from "../../contract/envelope";
import { Paths } from "../../contract/paths";
import type { PatentStats } from "../../contract/schemas/patents";
import { customCall } from "../../providers/endpoints";
import { modelFromFilters } from "../../providers/listRequest";
import { PageFrame } from "../../src/components/PageFrame";
import { useT } from "../../src/i18n/I18nContext";
import { Chart } from "../../src/components/Chart";
import { filtersWithFacet, setFilters, type FacetName } from "./patentFilters";
import { patentChain } from "./resource";
import "./patents.css";

const CRUMBS = [{ title: "shell.titles.home", path: Paths.HOME }, { title: "shell.titles.patents", path: Paths.PATENTS }, { title: "shell.titles.patentChain" }];

interface Entry {
  /** What the drill-down filters by: a segment code, an applicant, a year, an IPC subclass. */
  key: string;
  name: string;
  count: number;
}

/** A figure's entries as a table whose names list their patents: the chart's drill-down for keyboards and screen readers. */
function Figures({ entries, onPick, testId }: { entries: Entry[]; onPick: (key: string) => void; testId: string }) {
  const t = useT();
  return (
    <Table<Entry>
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={entries}
      data-testid={testId}
      locale={{ emptyText: <span className="patent-empty">{t("patents.chain.none")}</span> }}
      columns={[
        {
          key: "name",
          title: t("patents.chain.name"),
          render: (_, entry) => (
            <Button type="link" size="small" style={{ padding: 0 }} aria-label={t("patents.chain.open", { name: entry.name })} onClick={() => onPick(entry.key)}>
              {entry.name}
            </Button>
          ),
        },
        { key: "count", dataIndex: "count", title: t("patents.chain.count"), align: "right", render: (count: number) => count.toLocaleString() },
      ]}
    />
  );
}

/**
 * 产业链地图 (issue 12 item 4): the patents the search's filters select (from the address), by chain
 * segment, top applicants, a ten-year trend and IPC mix; every bar, point, slice and table entry
 * opens the search list narrowed to it.
 */
export default function PatentChainPage() {
  const t = useT();
  const go = useGo();
  const { params } = useParsed();
  const filters = useMemo(() => setFilters((params?.filters ?? []) as CrudFilter[]), [params?.filters]);
  const { result, query } = useCustom<Envelope<PatentStats>>({
    ...customCall(patentChain.actions.stats, { silent: true }),
    config: { payload: { model: modelFromFilters(filters) } },
    queryOptions: { retry: false },
  });
  const stats = result.data?.result;

  const toList = (narrowed: CrudFilter[]) => go({ to: Paths.PATENTS, query: { filters: narrowed }, type: "push" });
  const drill = (facet: FacetName) => (key: string) => toList(filtersWithFacet(filters, facet, key));

  const figures = useMemo(() => {
    if (!stats) return undefined;
    const segments = stats.segments.map(({ segment, count }) => ({ key: segment, name: t(`companies.segments.${segment}`), count }));
    const applicants = stats.topApplicants.map(({ name, count }) => ({ key: name, name, count }));
    const ipc = stats.ipc.map(({ code, count }) => ({ key: code, name: code, count }));
    const years = stats.trend.map(({ year }) => String(year));
    return { segments, applicants, ipc, years };
  }, [stats, t]);

  const bar = (entries: Entry[], horizontal = false) => ({
    tooltip: {},
    grid: { left: horizontal ? 200 : 40, right: 16, top: 16, bottom: 32 },
    [horizontal ? "yAxis" : "xAxis"]: { type: "category", data: entries.map((entry) => entry.name), ...(horizontal ? { inverse: true } : {}) },
    [horizontal ? "xAxis" : "yAxis"]: { type: "value", minInterval: 1 },
    series: [{ type: "bar", data: entries.map((entry) => entry.count), itemStyle: { color: "#1677ff" } }],
  });
  // The chart names its bars by their shown names; the drill-down needs their keys.
  const byName = (entries: Entry[], pick: (key: string) => void) => (name: string) => {
    const entry = entries.find((candidate) => candidate.name === name);
    if (entry) pick(entry.key);
  };

  return (
    <PageFrame
      title="shell.titles.patentChain"
      crumbs={CRUMBS}
      extra={
        <Button onClick={() => toList([...filters])} data-testid="patent-chain-to-list">
          {t("patents.chain.toList")}
        </Button>
      }
    >
      <Typography.Paragraph>{t("patents.chain.intro")}</Typography.Paragraph>
      {query.isLoading && <Spin />}
      {query.isError && <Alert type="error" showIcon message={query.error?.message || t("patents.chain.failed")} />}
      {stats && figures && (
        <Row gutter={[16, 16]} data-testid="patent-chain">
          <Col xs={24} lg={12}>
            <Card size="small" title={t("patents.chain.segments")}>
              <Chart
                testId="patent-chain-segments-chart"
                description={t("patents.chain.chartOf", { title: t("patents.chain.segments") })}
                option={bar(figures.segments)}
                onPick={byName(figures.segments, drill("segment"))}
              />
              <Figures entries={figures.segments} onPick={drill("segment")} testId="patent-chain-segments" />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title={t("patents.chain.topApplicants")}>
              <Chart
                testId="patent-chain-applicants-chart"
                description={t("patents.chain.chartOf", { title: t("patents.chain.topApplicants") })}
                option={bar(figures.applicants, true)}
                onPick={drill("applicant")}
              />
              <Figures entries={figures.applicants} onPick={drill("applicant")} testId="patent-chain-applicants" />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title={t("patents.chain.trend")}>
              <Chart
                testId="patent-chain-trend-chart"
                description={t("patents.chain.chartOf", { title: t("patents.chain.trend") })}
                option={{
                  tooltip: { trigger: "axis" },
                  legend: { data: [t("patents.chain.applications"), t("patents.chain.grants")] },
                  grid: { left: 40, right: 16, top: 32, bottom: 32 },
                  xAxis: { type: "category", data: figures.years },
                  yAxis: { type: "value", minInterval: 1 },
                  series: [
                    { type: "line", name: t("patents.chain.applications"), data: stats.trend.map((row) => row.applications), color: "#1677ff" },
                    { type: "line", name: t("patents.chain.grants"), data: stats.trend.map((row) => row.grants), color: "#389e0d" },
                  ],
                }}
                onPick={drill("applyYear")}
              />
              <Table
                size="small"
                rowKey="year"
                pagination={false}
                dataSource={stats.trend}
                data-testid="patent-chain-trend"
                columns={[
                  {
                    key: "year",
                    title: t("patents.chain.year"),
                    render: (_, row) => (
                      <Button type="link" size="small" style={{ padding: 0 }} aria-label={t("patents.chain.open", { name: row.year })} onClick={() => drill("applyYear")(String(row.year))}>
                        {row.year}
                      </Button>
                    ),
                  },
                  { key: "applications", dataIndex: "applications", title: t("patents.chain.applications"), align: "right" },
                  { key: "grants", dataIndex: "grants", title: t("patents.chain.grants"), align: "right" },
                ]}
              />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title={t("patents.chain.ipc")}>
              <Chart
                testId="patent-chain-ipc-chart"
                description={t("patents.chain.chartOf", { title: t("patents.chain.ipc") })}
                option={{ tooltip: { trigger: "item" }, series: [{ type: "pie", radius: ["35%", "65%"], data: figures.ipc.map(({ name, count }) => ({ name, value: count })) }] }}
                onPick={drill("ipcClass")}
              />
              <Figures entries={figures.ipc} onPick={drill("ipcClass")} testId="patent-chain-ipc" />
            </Card>
          </Col>
        </Row>
      )}
    </PageFrame>
  );
}
