import { useCreate, useUpdate, type HttpError } from "@refinedev/core";
import { Form } from "antd";
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
  open: boolean;
  /** The dimension to edit; none to add one. */
  dimension?: AdminDimension;
  /** A new dimension's suggested place. */
  defaultSort: number;
  onClose: () => void;
  /** The saved dimension's code, to select it. */
  onSaved: (serviceNo: string) => void;
}

/** Add or edit a dimension in a dialog; both go through POST /api/archives/dimension/save. */
export function DimensionFormModal({ open, dimension, defaultSort, onClose, onSaved }: DimensionFormModalProps) {
  const t = useT();
  const [form] = Form.useForm<DimensionFormValues>();
  const { mutateAsync: create, mutation: creating } = useCreate<AdminDimension, HttpError, DimensionInput>();
  const { mutateAsync: update, mutation: updating } = useUpdate<AdminDimension, HttpError, DimensionInput>();

  const save = async (values: DimensionFormValues) => {
    const input: DimensionInput = { serviceName: values.serviceName.trim(), sort: values.sort };
    try {
      if (dimension) {
        await update({ resource: "dimensions", id: dimension.serviceNo, values: { serviceNo: dimension.serviceNo, ...input } });
        onSaved(dimension.serviceNo);
      } else {
        const { data } = await create({ resource: "dimensions", values: input });
        onSaved(data.serviceNo);
      }
      notify.success(t("questionnaires.done.saved"));
      onClose();
    } catch {
      // The request layer has shown the server's message; the dialog stays open to correct the input.
    }
  };

  return (
    <FormModal<DimensionFormValues>
      open={open}
      title={t(dimension ? "questionnaires.form.editDimension" : "questionnaires.form.addDimension")}
      testId="dimension-form"
      form={form}
      initialValues={dimension ? { serviceName: dimension.serviceName, sort: dimension.sort } : { sort: defaultSort }}
      onFinish={save}
      onClose={onClose}
      submitting={creating.isPending || updating.isPending}
    >
      <DimensionInputs />
    </FormModal>
  );
}
