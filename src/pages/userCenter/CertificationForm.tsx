import { useNotification } from "@refinedev/core";
import { Button, Form, Input } from "antd";
import { useState } from "react";
import { isValidCreditCode } from "../../../contract/account";
import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES } from "../../../contract/files";
import { CONTACT_PERSON_MAX } from "../../../contract/limits";
import { FileUpload, useUploadGuard } from "../../components/FileUpload";
import { useT } from "../../i18n/I18nContext";
import { submitCertification, type CertificationApplication } from "./certificationCalls";
import { uploadAuthHeaders } from "./uploadAuthHeaders";

const COMPANY_NAME_MAX = 100;

/**
 * The application form, empty for a first application and filled with the rejected one for a
 * resubmission. Calls onSubmitted once the server has accepted it.
 */
export function CertificationForm({
  previous,
  onSubmitted,
}: {
  previous?: CertificationApplication;
  onSubmitted: () => void;
}) {
  const t = useT();
  const { open: toast } = useNotification();
  const [form] = Form.useForm<CertificationApplication>();
  const [submitting, setSubmitting] = useState(false);
  const uploads = useUploadGuard();
  const rule = (key: string) => t(`account.certification.rules.${key}`);
  const label = (key: string) => t(`account.certification.fields.${key}`);

  const submit = async (application: CertificationApplication) => {
    setSubmitting(true);
    try {
      await submitCertification({
        ...application,
        companyName: application.companyName.trim(),
        contactPerson: application.contactPerson.trim(),
        contactPhone: application.contactPhone.trim(),
      });
      toast?.({ type: "success", message: t("account.certification.submitted") });
      onSubmitted();
    } catch {
      // The request layer has shown the server's reason.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ flex: "160px" }}
      style={{ maxWidth: 680 }}
      initialValues={previous}
      onFinish={(values) => void submit(values)}
      data-testid="certification-form"
    >
      <Form.Item
        name="companyName"
        label={label("companyName")}
        rules={[
          { required: true, whitespace: true, message: rule("companyNameRequired") },
          { max: COMPANY_NAME_MAX, message: t("account.rules.tooLong", { max: COMPANY_NAME_MAX }) },
        ]}
      >
        <Input data-testid="certification-company" />
      </Form.Item>
      <Form.Item
        name="creditCode"
        label={label("creditCode")}
        // Codes are printed in capitals; typing them in lower case is not a mistake worth reporting.
        normalize={(value: string | undefined) => value?.toUpperCase().replace(/\s/g, "")}
        validateFirst
        rules={[
          { required: true, message: rule("creditCodeRequired") },
          {
            validator: async (_rule, value: string) => {
              if (!isValidCreditCode(value)) throw new Error(rule("creditCodeInvalid"));
            },
          },
        ]}
      >
        <Input maxLength={18} placeholder={t("account.certification.placeholders.creditCode")} data-testid="certification-credit-code" />
      </Form.Item>
      <Form.Item
        name="contactPerson"
        label={label("contactPerson")}
        rules={[
          { required: true, whitespace: true, message: rule("contactPersonRequired") },
          { max: CONTACT_PERSON_MAX, message: t("account.rules.tooLong", { max: CONTACT_PERSON_MAX }) },
        ]}
      >
        <Input data-testid="certification-contact-person" />
      </Form.Item>
      <Form.Item
        name="contactPhone"
        label={label("contactPhone")}
        // A mobile or a landline with area code; the server judges the format, as contract/ has no rule for it.
        rules={[{ required: true, whitespace: true, message: rule("contactPhoneRequired") }]}
      >
        <Input
          maxLength={20}
          inputMode="tel"
          placeholder={t("account.certification.placeholders.contactPhone")}
          data-testid="certification-contact-phone"
        />
      </Form.Item>
      <Form.Item
        name="licenseFileId"
        label={label("licenseFile")}
        getValueProps={(id: string | undefined) => ({ value: id ? [id] : [] })}
        normalize={(ids: string[]) => ids[0]}
        rules={[uploads.rule, { required: true, message: rule("licenseRequired") }]}
      >
        <FileUpload
          maxCount={1}
          accept={IMAGE_EXTENSIONS}
          maxBytes={IMAGE_MAX_BYTES}
          authHeaders={uploadAuthHeaders}
          listType="picture-card"
          onPendingChange={uploads.onPendingChange}
          fileNames={previous ? { [previous.licenseFileId]: t("account.certification.licenseFileName") } : undefined}
        />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="certification-submit">
          {previous ? t("account.certification.resubmit") : t("account.certification.submit")}
        </Button>
      </Form.Item>
    </Form>
  );
}
