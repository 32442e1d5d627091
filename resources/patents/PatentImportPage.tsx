import { UploadOutlined } from "@ant-design/icons";
import { useCustom, useCustomMutation, useNotification } from "@refinedev/core";
import { Alert, Button, Card, Form, Input, Progress, Select, Space, Table, Typography, Upload } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import type { Envelope } from "../../contract/envelope";
import { PATENT_IMPORT_RULES } from "../../contract/files";
import { PATENT_FIELDS } from "../../contract/patents/headers";
import { Paths } from "../../contract/paths";
import { PRESET_NAME_MAX, type PatentImportJob, type PatentInspection, type Preset } from "../../contract/schemas/patents";
import { customCall } from "../../providers/endpoints";
import { PageFrame } from "../../src/components/PageFrame";
import { useT } from "../../src/i18n/I18nContext";
import { isComplete, needsMapping, startingMapping, type Mapping } from "./columnMapping";
import { inspectExport, slotted, startImport } from "./patentCalls";
import { patentImports } from "./resource";
import "./patents.css";

const CRUMBS = [{ title: "shell.titles.home", path: Paths.HOME }, { title: "shell.titles.patents", path: Paths.PATENTS }, { title: "shell.titles.patentImport" }];
/** How often a running job is asked for its progress. */
const POLL_MS = 1000;

/**
 * 专利导入 (issue 12): choose an export (and a saved mapping), read its headers, map the columns the
 * alias table does not know, then follow the background import to its counts and unreadable rows.
 */
export default function PatentImportPage() {
  const t = useT();
  const [file, setFile] = useState<File | undefined>(undefined);
  const [preset, setPreset] = useState<number | undefined>(undefined);
  const [inspection, setInspection] = useState<PatentInspection | undefined>(undefined);
  const [mapping, setMapping] = useState<Mapping | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [jobId, setJobId] = useState<number | undefined>(undefined);

  const { result: presetAnswer, query: presetQuery } = useCustom<Envelope<Preset[]>>(customCall(patentImports.actions.presets));
  const presets = presetAnswer.data?.result ?? [];

  const inspect = async (chosen: File, presetId: number | undefined) => {
    setBusy(true);
    setInspection(undefined);
    setMapping(undefined);
    try {
      const found = await inspectExport(chosen, presetId);
      setInspection(found);
      setMapping(needsMapping(found) ? startingMapping(found) : undefined);
    } catch {
      // The request layer has shown the server's reason.
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    if (!file) return;
    setBusy(true);
    try {
      setJobId(await startImport(file, preset, mapping));
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false);
    }
  };

  const restart = () => {
    setFile(undefined);
    setInspection(undefined);
    setMapping(undefined);
    setJobId(undefined);
  };

  return (
    <PageFrame title="shell.titles.patentImport" crumbs={CRUMBS}>
      <Typography.Paragraph>{t("patents.import.intro")}</Typography.Paragraph>
      {jobId === undefined ? (
        <Card>
          <Form layout="vertical">
            <Form.Item label={t("patents.import.preset")}>
              <Select
                allowClear
                style={{ width: 320 }}
                loading={presetQuery.isLoading}
                placeholder={t("patents.import.presetNone")}
                aria-label={t("patents.import.preset")}
                data-testid="patent-import-preset"
                value={preset}
                options={presets.map(({ id, name }) => ({ value: id, label: name }))}
                onChange={(value?: number) => {
                  setPreset(value);
                  if (file) void inspect(file, value);
                }}
              />
            </Form.Item>
            <Form.Item label={t("patents.import.file")}>
              <Upload
                accept={PATENT_IMPORT_RULES.accept?.join(",")}
                maxCount={1}
                fileList={file ? [{ uid: "export", name: file.name, status: "done" }] : []}
                beforeUpload={(chosen) => {
                  setFile(chosen);
                  void inspect(chosen, preset);
                  // Held here and sent by the calls below, not by antd's own request.
                  return false;
                }}
                onRemove={() => restart()}
              >
                <Button icon={<UploadOutlined />} data-testid="patent-import-file">
                  {t("patents.import.choose")}
                </Button>
              </Upload>
            </Form.Item>
          </Form>
          {busy && <Alert type="info" message={t("patents.import.inspecting")} />}
          {inspection && (
            <Space direction="vertical" style={{ width: "100%" }}>
              <Typography.Text data-testid="patent-import-format">
                {t("patents.import.format", {
                  format: inspection.format,
                  encoding: inspection.encoding ?? "-",
                  total: inspection.total === null ? t("patents.import.unknownTotal") : inspection.total.toLocaleString(),
                })}
              </Typography.Text>
              {mapping && <MappingStep inspection={inspection} mapping={mapping} onChange={setMapping} />}
              <Button
                type="primary"
                disabled={busy || (mapping !== undefined && !isComplete(mapping))}
                loading={busy}
                onClick={() => void start()}
                data-testid="patent-import-start"
              >
                {t("patents.import.start")}
              </Button>
            </Space>
          )}
        </Card>
      ) : (
        <ImportProgress jobId={jobId} onAgain={restart} />
      )}
    </PageFrame>
  );
}

/** Each header to a field (or not imported), the required fields checked, the whole savable as a preset. */
function MappingStep({ inspection, mapping, onChange }: { inspection: PatentInspection; mapping: Mapping; onChange: (mapping: Mapping) => void }) {
  const t = useT();
  const { open: toast } = useNotification();
  const [name, setName] = useState("");
  const { mutateAsync: save, mutation } = useCustomMutation();
  const options = [{ value: "", label: t("patents.import.skip") }, ...PATENT_FIELDS.map((field) => ({ value: field, label: t(`patents.fields.${field}`) }))];
  const unmapped = new Set(inspection.unmapped);

  const savePreset = async () => {
    const trimmed = name.trim();
    await save({ ...customCall(patentImports.actions.savePreset), values: { name: trimmed, mapping } });
    toast?.({ type: "success", message: t("patents.import.presetSaved", { name: trimmed }) });
  };

  return (
    <Card size="small" title={t("patents.import.mappingTitle")} data-testid="patent-import-mapping">
      <Typography.Paragraph>{t("patents.import.mappingIntro")}</Typography.Paragraph>
      {!isComplete(mapping) && <Alert type="warning" showIcon message={t("patents.import.incomplete")} style={{ marginBottom: 12 }} />}
      <Table<{ header: string }>
        size="small"
        rowKey="header"
        pagination={false}
        dataSource={inspection.headers.map((header) => ({ header }))}
        columns={[
          {
            key: "header",
            title: t("patents.import.header"),
            render: (_, { header }) => (unmapped.has(header) ? <Typography.Text strong>{header}</Typography.Text> : header),
          },
          {
            key: "field",
            title: t("patents.import.field"),
            render: (_, { header }) => (
              <Select
                style={{ width: 240 }}
                aria-label={`${t("patents.import.field")}: ${header}`}
                data-testid={`patent-import-field-${header}`}
                value={mapping[header] ?? ""}
                options={options}
                showSearch
                optionFilterProp="label"
                onChange={(value: string) => onChange({ ...mapping, [header]: value === "" ? null : value })}
              />
            ),
          },
        ]}
      />
      <Space style={{ marginTop: 12 }}>
        <Input
          style={{ width: 240 }}
          maxLength={PRESET_NAME_MAX}
          value={name}
          aria-label={t("patents.import.presetName")}
          placeholder={t("patents.import.presetName")}
          data-testid="patent-import-preset-name"
          onChange={(event) => setName(event.target.value)}
        />
        <Button disabled={name.trim() === ""} loading={mutation.isPending} onClick={() => void savePreset()} data-testid="patent-import-save-preset">
          {t("patents.import.savePreset")}
        </Button>
      </Space>
    </Card>
  );
}

/** The job, asked again every second while it runs; then its counts and the rows it could not read. */
function ImportProgress({ jobId, onAgain }: { jobId: number; onAgain: () => void }) {
  const t = useT();
  const { result } = useCustom<Envelope<PatentImportJob>>({
    ...customCall(patentImports.actions.job),
    url: slotted(patentImports.actions.job.url, "jobId", jobId),
    queryOptions: {
      refetchInterval: (query) => (query.state.data?.data.result?.state === "done" || query.state.data?.data.result?.state === "failed" ? false : POLL_MS),
    },
  });
  const job = result.data?.result;
  if (!job) return null;
  // The rows are written as they are read: the bar is the rows done with (written or skipped).
  const toWrite = job.processed - job.skipped;
  const share = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : 0);
  const percent = Math.min(99, Math.round(100 * share(job.written + job.skipped, job.total)));
  const phase =
    job.processed < job.total || job.written < toWrite
      ? t("patents.import.running", { processed: job.processed, total: job.total, written: job.written })
      : t("patents.import.committing", { total: toWrite });

  return (
    <Card title={t("patents.import.progress")} data-testid="patent-import-job" data-state={job.state}>
      <Progress percent={job.state === "done" ? 100 : percent} status={job.state === "failed" ? "exception" : job.state === "done" ? "success" : "active"} />
      {job.state === "running" && (
        <Typography.Paragraph data-testid="patent-import-phase">{phase}</Typography.Paragraph>
      )}
      {job.state === "done" && <Alert type="success" showIcon message={t("patents.import.done")} />}
      {job.state === "failed" && <Alert type="error" showIcon message={t("patents.import.failed", { reason: job.failure ?? "" })} />}
      <Typography.Paragraph style={{ marginTop: 12 }} data-testid="patent-import-counts">
        {t("patents.import.counts", { imported: job.imported, updated: job.updated, skipped: job.skipped })}
      </Typography.Paragraph>
      {job.state !== "running" && (
        <>
          <Typography.Title level={2} className="section-title">
            {t("patents.import.errorsTitle", { count: job.errorCount })}
          </Typography.Title>
          <Table
            size="small"
            rowKey={(row) => `${row.line}-${row.message}`}
            dataSource={job.errors}
            data-testid="patent-import-errors"
            locale={{ emptyText: <span className="patent-empty">{t("patents.import.noErrors")}</span> }}
            columns={[
              { key: "line", dataIndex: "line", title: t("patents.import.line"), width: 100 },
              { key: "message", dataIndex: "message", title: t("patents.import.message") },
            ]}
          />
          <Space style={{ marginTop: 12 }}>
            <Button onClick={onAgain} data-testid="patent-import-again">
              {t("patents.import.again")}
            </Button>
            <Link to={Paths.PATENTS}>{t("patents.import.back")}</Link>
          </Space>
        </>
      )}
    </Card>
  );
}
