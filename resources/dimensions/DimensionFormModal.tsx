import { useForm } from "@refinedev/antd";
import type { HttpError } from "@refinedev/core";
import type { AdminDimension, DimensionInput } from "../../contract/questionnaires";
import { notify } from "../../providers/notifier";
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
  // Refine's form: saving is the resource's create or update. The dimension comes from the list, so
  // nothing is fetched; a refusal is shown by the request layer and the dialog stays open.
  const { form, mutation, onFinish } = useForm<AdminDimension, HttpError, DimensionFormValues>({
    resource: "dimensions",
    action: dimension ? "edit" : "create",
    id: dimension?.serviceNo,
    redirect: false,
    successNotification: false,
    errorNotification: false,
    disableServerSideValidation: true,
    queryOptions: { enabled: false },
    onMutationSuccess: ({ data }) => {
      notify.success(t("questionnaires.done.saved"));
      onSaved(dimension?.serviceNo ?? data.serviceNo);
      onClose();
    },
  });

  const save = async (values: DimensionFormValues) => {
    const input: DimensionInput = { serviceName: values.serviceName.trim(), sort: values.sort };
    try {
      await onFinish(dimension ? { serviceNo: dimension.serviceNo, ...input } : input);
    } catch {
      // Shown by the request layer; the values stay for the user to correct.
    }
  };

  return (
    <FormModal<DimensionFormValues>
      open
      title={t(dimension ? "questionnaires.form.editDimension" : "questionnaires.form.addDimension")}
      testId="dimension-form"
      form={form}
      initialValues={dimension ? { serviceName: dimension.serviceName, sort: dimension.sort } : { sort: defaultSort }}
      onFinish={save}
      onClose={onClose}
      submitting={mutation.isPending}
    >
      <DimensionInputs />
    </FormModal>
  );
}
