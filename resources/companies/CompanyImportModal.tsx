import { DownloadOutlined } from "@ant-design/icons";
import { useInvalidate, useNotification } from "@refinedev/core";
import { Alert, Button, List, Space, Tag, Typography, Upload, type UploadFile } from "antd";
import { useState } from "react";
import { COMPANY_IMPORT_HEADER } from "../../contract/companies";
import { warningNotice } from "../../providers/notificationProvider";
import { DraggableModal } from "../../src/components/DraggableModal";
import { useT } from "../../src/i18n/I18nContext";
import { IMPORT_ACCEPT, downloadImportTemplate, importCompanies, type ImportLineError } from "./companyImport";

interface Refusal {
  message: string;
  errors: ImportLineError[];
}

/**
 * Import companies from one .xlsx or .csv file; a refused file lists its wrong rows, line by line.
 * The template (the header row as an .xlsx) is downloaded from here.
 */
export function CompanyImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const { open: toast } = useNotification();
  const invalidate = useInvalidate();
  const [file, setFile] = useState<UploadFile>();
  const [refusal, setRefusal] = useState<Refusal>();
  const [sending, setSending] = useState(false);
  const [fetchingTemplate, setFetchingTemplate] = useState(false);

  const close = () => {
    setFile(undefined);
    setRefusal(undefined);
    onClose();
  };

  const send = async () => {
    if (!file?.originFileObj) return;
    setSending(true);
    setRefusal(undefined);
    try {
      const outcome = await importCompanies(file.originFileObj, file.name);
      if ("imported" in outcome) {
        toast?.({ type: "success", message: t("companies.import.done", { count: outcome.imported }) });
        void invalidate({ resource: "companies", invalidates: ["list"] });
        close();
      } else {
        setRefusal(outcome);
      }
    } finally {
      setSending(false);
    }
  };

  const fetchTemplate = async () => {
    setFetchingTemplate(true);
    try {
      await downloadImportTemplate(t("companies.import.templateFileName"));
    } catch {
      toast?.(warningNotice(t("companies.import.templateFailed")));
    } finally {
      setFetchingTemplate(false);
    }
  };

  return (
    <DraggableModal
      open={open}
      title={t("companies.import.title")}
      width={640}
      onCancel={close}
      destroyOnHidden
      maskClosable={false}
      footer={[
        <Button key="cancel" onClick={close} data-testid="company-import-cancel">
          {t("controls.dialog.cancel")}
        </Button>,
        <Button key="send" type="primary" disabled={!file} loading={sending} onClick={() => void send()} data-testid="company-import-submit">
          {t("companies.import.submit")}
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: "100%" }} size="middle">
        <Typography.Paragraph style={{ marginBottom: 0 }}>{t("companies.import.hint")}</Typography.Paragraph>
        <div data-testid="company-import-header">
          {COMPANY_IMPORT_HEADER.map((column) => (
            <Tag key={column}>{column}</Tag>
          ))}
        </div>
        <Button
          type="link"
          icon={<DownloadOutlined />}
          loading={fetchingTemplate}
          onClick={() => void fetchTemplate()}
          style={{ paddingInline: 0 }}
          data-testid="company-import-template"
        >
          {t("companies.import.template")}
        </Button>
        <Upload
          accept={IMPORT_ACCEPT}
          maxCount={1}
          fileList={file ? [file] : []}
          // The file goes when Import is pressed, not on picking it.
          beforeUpload={() => false}
          onChange={({ fileList }) => {
            setFile(fileList.at(-1));
            setRefusal(undefined);
          }}
        >
          <Button data-testid="company-import-pick">{t("companies.import.pick")}</Button>
        </Upload>
        {refusal && (
          <Alert
            type="error"
            showIcon
            message={refusal.message}
            data-testid="company-import-errors"
            description={
              refusal.errors.length > 0 && (
                <>
                  <div>{t("companies.import.failed")}</div>
                  <List<ImportLineError>
                    size="small"
                    dataSource={refusal.errors}
                    renderItem={(error) => (
                      <List.Item data-testid={`company-import-error-${error.line}`}>
                        {t("companies.import.line", { line: error.line, reason: error.reason })}
                      </List.Item>
                    )}
                  />
                </>
              )
            }
          />
        )}
      </Space>
    </DraggableModal>
  );
}
