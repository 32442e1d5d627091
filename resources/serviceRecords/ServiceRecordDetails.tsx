import { Button, Form, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { LONG_TEXT_MAX } from "../../contract/limits";
import { PageFrame } from "../../src/components/PageFrame";
import { LazyRichTextEditor } from "../../src/components/RichTextEditor";
import { useT } from "../../src/i18n/I18nContext";
import { archiveCrumbs } from "./crumbs";

export default function ServiceRecordDetails() {
  const t = useT();
  const navigate = useNavigate();
  const [textLength, setTextLength] = useState(0);

  return (
    <PageFrame
      title="shell.titles.serviceFilesDetails"
      crumbs={archiveCrumbs}
      extra={<Button onClick={() => navigate(-1)}>{t("archive.form.back")}</Button>}
    >
      <Form layout="vertical">
        <Form.Item name="serviceContent" label={t("archive.form.serviceContent")}>
          <LazyRichTextEditor onChange={(_html, content) => setTextLength(content.length)} />
        </Form.Item>
        <Typography.Text type={textLength > LONG_TEXT_MAX ? "danger" : "secondary"} data-testid="service-content-count">
          {t("archive.form.textCount", { count: textLength, max: LONG_TEXT_MAX })}
        </Typography.Text>
      </Form>
    </PageFrame>
  );
}
