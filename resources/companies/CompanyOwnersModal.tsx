import { useCustomMutation, useInvalidate, useNotification } from "@refinedev/core";
import { Form, Modal, type ButtonProps } from "antd";
import { useState } from "react";
import type { CompanySearchRow } from "../../contract/companies";
import { customCall } from "../../providers/endpoints";
import { useT } from "../../src/i18n/I18nContext";
import { CompanyOwnersSelect } from "./CompanyOwnersSelect";
import { companies } from "./resource";

/**
 * Sets the owners of the companies ticked in the finder, one POST /api/company/owners each. A
 * company the server refuses is named with its reason; the others keep their new owners.
 */
export function CompanyOwnersModal({ selected, onClose }: { selected: readonly CompanySearchRow[]; onClose: (done: boolean) => void }) {
  const t = useT();
  const { open: toast } = useNotification();
  const invalidate = useInvalidate();
  const { mutateAsync } = useCustomMutation();
  const [ownerIds, setOwnerIds] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    let done = 0;
    for (const company of selected) {
      try {
        await mutateAsync({ ...customCall(companies.actions.owners, { silent: true }), values: { compId: company.id, ownerIds }, errorNotification: false });
        done += 1;
      } catch (error) {
        toast?.({ type: "error", message: t("companies.owners.failed", { name: company.name, message: (error as Error).message }) });
      }
    }
    setSaving(false);
    await invalidate({ resource: "companies", invalidates: ["list"] });
    if (done > 0) toast?.({ type: "success", message: t("companies.owners.saved", { count: done }) });
    if (done === selected.length) onClose(true);
  };

  return (
    <Modal
      open
      title={t("companies.owners.title")}
      okText={t("controls.formModal.save")}
      cancelText={t("controls.dialog.cancel")}
      confirmLoading={saving}
      onOk={save}
      onCancel={() => onClose(false)}
      okButtonProps={{ "data-testid": "company-owners-save" } as ButtonProps}
    >
      <p>{t("companies.owners.companies", { count: selected.length })}</p>
      <Form layout="vertical">
        <Form.Item label={t("companies.form.owners")} htmlFor="company-owners-select">
          <CompanyOwnersSelect id="company-owners-select" value={ownerIds} onChange={setOwnerIds} testId="company-owners-select" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
