import { useModalForm } from "@refinedev/antd";
import type { HttpError } from "@refinedev/core";
import type { AdminDimension, DimensionInput } from "../../contract/questionnaires";
import { FormModal } from "../../src/components/FormModal";
import { useT } from "../../src/i18n/I18nContext";
import { DimensionInputs } from "./DimensionInputs";

interface DimensionFormValues {
  serviceName: string;
  sort: number;
}

interface DimensionFormModalProps {
  /** The dimension to edit; none to add one. */
  dimension?: AdminDimension;
  /** A new dimension's suggested place. */
  defaultSort: number;
  onClose: () => void;
  /** The saved dimension's code, to select it. */
  onSaved: (serviceNo: string) => void;
}

/** Add or edit a dimension in a dialog; both go through POST /api/archives/dimension/save. */
export function DimensionFormModal({ dimension, defaultSort, onClose, onSaved }: DimensionFormModalProps) {
  const t = useT();
  // Saving is the resource's create or update. The dimension comes from the list, so nothing is fetched.
  const modalForm = useModalForm<AdminDimension, HttpError, DimensionFormValues>({
    resource: "dimensions",
    action: dimension ? "edit" : "create",
    id: dimension?.serviceNo,
    defaultVisible: true,
    redirect: false,
    successNotification: { type: "success", message: t("questionnaires.done.saved") },
    disableServerSideValidation: true,
    queryOptions: { enabled: false },
    onMutationSuccess: ({ data }) => {
      onSaved(dimension?.serviceNo ?? data.serviceNo);
      onClose();
    },
  });

  const toPayload = (values: DimensionFormValues) => {
    const input: DimensionInput = { serviceName: values.serviceName.trim(), sort: values.sort };
    return dimension ? { serviceNo: dimension.serviceNo, ...input } : input;
  };

  return (
    <FormModal<DimensionFormValues>
      modalForm={modalForm}
      title={t(dimension ? "questionnaires.form.editDimension" : "questionnaires.form.addDimension")}
      testId="dimension-form"
      initialValues={dimension ? { serviceName: dimension.serviceName, sort: dimension.sort } : { sort: defaultSort }}
      toPayload={toPayload}
      onClose={onClose}
    >
      <DimensionInputs />
    </FormModal>
  );
}
