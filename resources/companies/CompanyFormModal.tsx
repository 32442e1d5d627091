import { useForm } from "@refinedev/antd";
import type { HttpError } from "@refinedev/core";
import { useEffect, useState } from "react";
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
export function CompanyFormModal({ target, onClose }: { target: CompanyFormTarget; onClose: () => void }) {
  const t = useT();
  const editId = target.mode === "edit" ? target.id : undefined;
  // Refine's form: an edit loads the company through the resource's `one` call, and saving is its
  // create or update. The request layer shows a refusal's message; the dialog stays open to correct it.
  const { form, formProps, query, mutation, onFinish } = useForm<Company, HttpError, CompanyFormValues>({
    resource: "companies",
    action: editId !== undefined ? "edit" : "create",
    id: editId,
    redirect: false,
    successNotification: false,
    errorNotification: false,
    disableServerSideValidation: true,
    queryOptions: { enabled: editId !== undefined },
    onMutationSuccess: () => {
      notify.success(t("companies.form.saved"));
      onClose();
    },
  });

  const save = async (values: CompanyFormValues) => {
    try {
      await onFinish(toSaveBody(values));
    } catch {
      // Shown by the request layer; the values stay for the user to correct.
    }
  };

  // The fields show once useForm has put the loaded company into the form (its reset remounts them).
  const loaded = query?.data?.data;
  const [shownId, setShownId] = useState<number>();
  useEffect(() => setShownId(loaded?.id), [loaded]);
  const loading = editId !== undefined && shownId !== editId;

  return (
    <FormModal<CompanyFormValues>
      open
      title={t(editId !== undefined ? "companies.form.editTitle" : "companies.form.createTitle")}
      testId="company-form"
      form={form}
      initialValues={editId !== undefined ? (formProps.initialValues ?? {}) : {}}
      onFinish={save}
      onClose={onClose}
      submitting={mutation.isPending}
      loading={loading}
    >
      <CompanyInputs />
    </FormModal>
  );
}
