import { useModalForm } from "@refinedev/antd";
import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import { useEffect, useRef, useState } from "react";
import type { Company } from "../../contract/companies";
import type { Envelope } from "../../contract/envelope";
import type { FollowupRuleDays } from "../../contract/followups";
import type { FollowupRule } from "../../contract/schemas/followups";
import { FormModal } from "../../src/components/FormModal";
import { useT } from "../../src/i18n/I18nContext";
import { CompanyInputs } from "./CompanyInputs";
import { customCall } from "../../providers/endpoints";
import { toSaveBody, type CompanyFormValues } from "./companyForm";
import { companies } from "./resource";
import { followupRules } from "../followups/resource";

/** The form with the company's "no visit for N days" rule, saved apart (POST /api/company/followupRule); 0 is none. */
type FormValues = CompanyFormValues & { followupDays?: FollowupRuleDays | 0 };

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
  const { mutateAsync: saveRule } = useCustomMutation();
  const rule = useCustom<Envelope<FollowupRule>>({
    ...customCall(followupRules.actions.one),
    url: followupRules.actions.one.url.replace(":id", String(editId ?? 0)),
    queryOptions: { enabled: editId !== undefined },
  });
  const storedDays = rule.result.data?.result?.days;
  // Read when the save succeeds: the form's callbacks may keep the closure of an earlier render.
  const stored = useRef(storedDays);
  stored.current = storedDays;
  // The rule chosen, taken when the form is submitted: the form is reset once the save succeeds.
  const chosen = useRef<FormValues["followupDays"]>(undefined);
  // An edit loads the company through the resource's `one` call; saving is its create or update.
  const modalForm = useModalForm<Company, HttpError, FormValues>({
    resource: "companies",
    action: editId !== undefined ? "edit" : "create",
    id: editId,
    defaultVisible: true,
    redirect: false,
    successNotification: { type: "success", message: t("companies.form.saved") },
    disableServerSideValidation: true,
    queryOptions: { enabled: editId !== undefined },
    // The owners and the follow-up rule go once the company is saved (a new one has its id only
    // then). Should a call fail, the request layer says so; the company itself is saved, so the
    // dialog closes either way.
    onMutationSuccess: async ({ data: saved }) => {
      const ownerIds = modalForm.formProps.form?.getFieldValue("ownerIds") as number[] | undefined;
      if (editId !== undefined || ownerIds?.length) {
        await saveOwners({ ...customCall(companies.actions.owners), values: { compId: saved.id, ownerIds: ownerIds ?? [] } }).catch(() => undefined);
      }
      const days = chosen.current ?? 0;
      const known = editId === undefined || stored.current !== undefined;
      if (known && days !== (stored.current ?? 0)) {
        await saveRule({ ...customCall(followupRules.actions.save), values: { compId: saved.id, days: days || null } }).catch(() => undefined);
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
  useEffect(() => {
    if (storedDays !== undefined) form?.setFieldValue("followupDays", storedDays ?? 0);
  }, [storedDays, form, shownId]);
  // Without the stored rule (its call failed, and said so) the field is not saved: it would overwrite a rule unseen.
  const loading = editId !== undefined && (shownId !== editId || rule.query.isLoading);

  return (
    <FormModal<FormValues>
      modalForm={modalForm}
      title={t(editId !== undefined ? "companies.form.editTitle" : "companies.form.createTitle")}
      testId="company-form"
      initialValues={editId !== undefined ? undefined : { followupDays: 0 }}
      toPayload={(values) => {
        chosen.current = values.followupDays;
        return toSaveBody(values);
      }}
      onClose={onClose}
      loading={loading}
    >
      <CompanyInputs />
    </FormModal>
  );
}
