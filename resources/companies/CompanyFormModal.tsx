import { useModalForm } from "@refinedev/antd";
import { useCustomMutation, type HttpError } from "@refinedev/core";
import { useEffect, useState } from "react";
import type { Company } from "../../contract/companies";
import { FormModal } from "../../src/components/FormModal";
import { useT } from "../../src/i18n/I18nContext";
import { CompanyInputs } from "./CompanyInputs";
import { customCall } from "../../providers/endpoints";
import { toSaveBody, type CompanyFormValues } from "./companyForm";
import { companies } from "./resource";

/** Which dialog is open: adding, or editing the company with this id. */
export type CompanyFormTarget = { mode: "create" } | { mode: "edit"; id: number };

/**
 * Add or edit a company in a dialog; both go through POST /api/company/save, and an edit starts
 * from the full company (GET /api/company/:id), since the list rows carry only some fields.
 */
export function CompanyFormModal({ target, onClose }: { target: CompanyFormTarget; onClose: () => void }) {
  const t = useT();
  const editId = target.mode === "edit" ? target.id : undefined;
  const { mutateAsync: saveOwners } = useCustomMutation();
  // An edit loads the company through the resource's `one` call; saving is its create or update.
  const modalForm = useModalForm<Company, HttpError, CompanyFormValues>({
    resource: "companies",
    action: editId !== undefined ? "edit" : "create",
    id: editId,
    defaultVisible: true,
    redirect: false,
    successNotification: { type: "success", message: t("companies.form.saved") },
    disableServerSideValidation: true,
    queryOptions: { enabled: editId !== undefined },
    // The owners go once the company is saved (a new one has its id only then). Should that call
    // fail, the request layer says so; the company itself is saved, so the dialog closes either way.
    onMutationSuccess: async ({ data: saved }) => {
      const ownerIds = modalForm.formProps.form?.getFieldValue("ownerIds") as number[] | undefined;
      if (editId !== undefined || ownerIds?.length) {
        await saveOwners({ ...customCall(companies.actions.owners), values: { compId: saved.id, ownerIds: ownerIds ?? [] } }).catch(() => undefined);
      }
      onClose();
    },
  });

  // The fields show once useForm has put the loaded company into the form (its reset remounts them).
  const loaded = modalForm.query?.data?.data;
  const [shownId, setShownId] = useState<number>();
  const { form } = modalForm.formProps;
  useEffect(() => {
    if (loaded) form?.setFieldValue("ownerIds", loaded.owners.map((owner) => owner.id));
    setShownId(loaded?.id);
  }, [loaded, form]);
  const loading = editId !== undefined && shownId !== editId;

  return (
    <FormModal<CompanyFormValues>
      modalForm={modalForm}
      title={t(editId !== undefined ? "companies.form.editTitle" : "companies.form.createTitle")}
      testId="company-form"
      initialValues={editId !== undefined ? undefined : {}}
      toPayload={toSaveBody}
      onClose={onClose}
      loading={loading}
    >
      <CompanyInputs />
    </FormModal>
  );
}
