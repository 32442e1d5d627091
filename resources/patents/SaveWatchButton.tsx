import type { CrudFilter } from "@refinedev/core";
import { useNotification } from "@refinedev/core";
import { Button, Form, Input, Modal, Tooltip, Typography } from "antd";
import { useState } from "react";
import { PATENT_WATCH_NAME_MAX } from "../../contract/schemas/patentWatches";
import type { PatentFilter } from "../../contract/schemas/patents";
import { modelFromFilters } from "../../providers/listRequest";
import { useT } from "../../src/i18n/I18nContext";
import { saveWatch } from "./watchCalls";
import { suggestedName } from "./watchText";

/**
 * 保存为关注: the list's current search saved as a watch under a name the user gives (its keywords
 * offered). Disabled while the search has no condition: a watch of everything would announce every patent.
 */
export function SaveWatchButton({ filters }: { filters: CrudFilter[] }) {
  const t = useT();
  const { open: toast } = useNotification();
  const [form] = Form.useForm<{ name: string }>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const model = modelFromFilters(filters) as PatentFilter;
  const empty = Object.keys(model).length === 0;

  const submit = async () => {
    const { name } = await form.validateFields();
    setBusy(true);
    try {
      const saved = await saveWatch({ kind: "search", name: name.trim(), model });
      toast?.({ type: "success", message: t("patents.watches.saved", { name: saved.name }) });
      setOpen(false);
    } catch {
      // The http layer has shown the server's reason (the bound, the same watch twice); the dialog stays.
    } finally {
      setBusy(false);
    }
  };

  const button = (
    <Button
      disabled={empty}
      data-testid="patent-watch-save"
      onClick={() => setOpen(true)}
    >
      {t("patents.watches.save")}
    </Button>
  );
  return (
    <>
      {empty ? <Tooltip title={t("patents.watches.needSearch")}>{button}</Tooltip> : button}
      <Modal
        open={open}
        title={t("patents.watches.saveTitle")}
        okText={t("patents.watches.ok")}
        cancelText={t("patents.watches.cancel")}
        confirmLoading={busy}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        okButtonProps={{ "data-testid": "patent-watch-save-ok" } as Record<string, string>}
      >
        <Typography.Paragraph type="secondary">{t("patents.watches.saveHint")}</Typography.Paragraph>
        <Form form={form} layout="vertical" initialValues={{ name: suggestedName(model) }} onFinish={() => void submit()}>
          <Form.Item
            name="name"
            label={t("patents.watches.name")}
            rules={[{ required: true, whitespace: true, message: t("patents.watches.nameRequired") }]}
          >
            <Input maxLength={PATENT_WATCH_NAME_MAX} data-testid="patent-watch-name" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
