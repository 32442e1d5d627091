import { useCreate, useOne, useUpdate } from "@refinedev/core";
import { Form } from "antd";
import type { Company } from "../../contract/companies";
import { notify } from "../../providers/notifier";
import { FormModal } from "../../src/components/FormModal";
import { useT } from "../../src/i18n/I18nContext";
import { CompanyInputs } from "./CompanyInputs";
import { toSaveBody, type CompanyFormValues } from "./companyForm";

/** Which dialog is open: adding, or editing the company with this id. */
export type CompanyFormTarget = { mode: "create" } | { mode: "edit"; id: number };

/**
 * Add or edit a company in a dialog; both go through POST /api/company/save, and an edit starts
 * from the full company (GET /api/company/:id), since the list rows carry only some fields.
 */
export function CompanyFormModal({ target, onClose }: { target: CompanyFormTarget | null; onClose: () => void }) {
  const t = useT();
  const [form] = Form.useForm<CompanyFormValues>();
  const editId = target?.mode === "edit" ? target.id : undefined;
  const { result: company, query } = useOne<Company>({
    resource: "companies",
    id: editId ?? 0,
    queryOptions: { enabled: editId !== undefined },
  });
  const { mutateAsync: create, mutation: creating } = useCreate<Company>();
  const { mutateAsync: update, mutation: updating } = useUpdate<Company>();

  const save = async (values: CompanyFormValues) => {
    try {
      if (editId !== undefined) await update({ resource: "companies", id: editId, values: toSaveBody(values) });
      else await create({ resource: "companies", values: toSaveBody(values) });
      notify.success(t("companies.form.saved"));
      onClose();
    } catch {
      // The request layer has shown the server's message; the dialog stays open to correct the input.
    }
  };

  const loading = editId !== undefined && (query.isLoading || company?.id !== editId);

  return (
    <FormModal<CompanyFormValues>
      open={target !== null}
      title={t(editId !== undefined ? "companies.form.editTitle" : "companies.form.createTitle")}
      testId="company-form"
      form={form}
      initialValues={editId !== undefined ? (company ?? {}) : {}}
      onFinish={save}
      onClose={onClose}
      submitting={creating.isPending || updating.isPending}
      loading={loading}
    >
      <CompanyInputs />
    </FormModal>
  );
}
