import { DatePicker, Form, Input, Select, Typography } from "antd";
import dayjs from "dayjs";
import { useMemo } from "react";
import { DEFAULT_TIME_OF_DAY } from "../../contract/dateTime";
import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_BYTES, ATTACHMENT_REJECTION_MESSAGES } from "../../contract/files";
import { CONTACT_PERSON_MAX, LONG_TEXT_MAX } from "../../contract/limits";
import { richTextLength } from "../../contract/serviceRecord";
import { ACCOUNT_OPEN_STATES, EVALUATIONS } from "../../contract/valueSets";
import { FileUpload, useUploadGuard } from "../../src/components/FileUpload";
import { LazyRichTextEditor } from "../../src/components/RichTextEditor";
import { useT } from "../../src/i18n/I18nContext";
import { uploadAuthHeaders } from "../../src/pages/userCenter/uploadAuthHeaders";
import { CompanySelect } from "./CompanySelect";
import { useResearcherCandidates, userPick, type ResearcherUser } from "./researchers";
import { serviceRecordRules } from "./serviceRecordRules";

const DATE_TIME_PICKER_FORMAT = "YYYY-MM-DD HH:mm:ss";

/** SPEC 9: a picked day starts at 12:00:00 unless a time is chosen. */
const showTime = { defaultValue: dayjs(DEFAULT_TIME_OF_DAY, "HH:mm:ss") };

/** The visit record's fields (SPEC 3) with SPEC 5's rules; ServiceRecordShow is their read-only view. */
export function ServiceRecordInputs({
  attachmentName,
  initialContentLength,
  researcherUsers,
}: {
  attachmentName?: string | null;
  initialContentLength: number;
  /** The loaded record's researchers among the users, named even when they can no longer be picked. */
  researcherUsers?: readonly ResearcherUser[];
}) {
  const t = useT();
  const rules = useMemo(() => serviceRecordRules(t), [t]);
  const uploads = useUploadGuard();
  const form = Form.useFormInstance();
  const mainBusiness = Form.useWatch<string | undefined>("mainBusiness", form);
  const attachment = Form.useWatch<string[] | undefined>("attachment", form);
  // Counted from the field's value, so a restored draft is counted too (SPEC 5 counts the text the
  // reader sees, as the server does).
  const serviceContent = Form.useWatch<string | undefined>("serviceContent", form);
  const shownContentLength = useMemo(
    () => (serviceContent === undefined ? initialContentLength : richTextLength(serviceContent)),
    [serviceContent, initialContentLength],
  );
  const text = (name: string) => ({ name, label: t(`archive.form.${name}`) });
  const input = (name: string, max?: number) => (
    <Input placeholder={t("archive.form.placeholder")} maxLength={max} data-testid={`form-${name}`} />
  );

  return (
    <>
      <Form.Item {...text("compId")} rules={[{ required: true, message: t("archive.form.compIdPlaceholder") }]}>
        <CompanySelect />
      </Form.Item>
      <Form.Item {...text("researchers")}>
        <ResearcherPicker known={researcherUsers} placeholder={t("archive.form.researchersPlaceholder")} />
      </Form.Item>
      <Form.Item {...text("contactPerson")} rules={rules.contactPerson}>
        <Input placeholder={t("archive.form.placeholder")} showCount maxLength={CONTACT_PERSON_MAX} data-testid="form-contactPerson" />
      </Form.Item>
      <Form.Item {...text("contactPersonPhone")} rules={rules.contactPersonPhone}>
        {input("contactPersonPhone")}
      </Form.Item>
      <Form.Item {...text("contactPersonPosition")}>{input("contactPersonPosition")}</Form.Item>
      <Form.Item {...text("cooperativePartner")} required rules={rules.cooperativePartner}>
        {input("cooperativePartner")}
      </Form.Item>
      <Form.Item {...text("belongCustomer")} required rules={rules.belongCustomer}>
        {input("belongCustomer")}
      </Form.Item>
      <Form.Item {...text("businessOpportunity")} required rules={rules.businessOpportunity}>
        {input("businessOpportunity")}
      </Form.Item>
      <Form.Item {...text("comprehensiveEvaluation")}>
        <Select
          data-testid="form-comprehensiveEvaluation"
          options={EVALUATIONS.map((value) => ({ value, label: t(`archive.evaluation.${value}`) }))}
        />
      </Form.Item>
      <Form.Item {...text("isOpenPatnavi")}>
        <Select
          data-testid="form-isOpenPatnavi"
          options={ACCOUNT_OPEN_STATES.map((value) => ({ value, label: t(`archive.accountOpen.${value}`) }))}
        />
      </Form.Item>
      <Form.Item
        {...text("mainBusiness")}
        required
        rules={rules.mainBusiness}
        extra={<span data-testid="main-business-count">{t("archive.form.textCount", { count: [...(mainBusiness ?? "")].length, max: LONG_TEXT_MAX })}</span>}
      >
        <Input.TextArea rows={4} placeholder={t("archive.form.placeholder")} data-testid="form-mainBusiness" />
      </Form.Item>
      <Form.Item
        {...text("serviceContent")}
        required
        rules={rules.serviceContent}
        extra={
          <Typography.Text type={shownContentLength > LONG_TEXT_MAX ? "danger" : "secondary"} data-testid="service-content-count">
            {t("archive.form.textCount", { count: shownContentLength, max: LONG_TEXT_MAX })}
          </Typography.Text>
        }
      >
        <ServiceContentEditor label={t("archive.form.serviceContent")} />
      </Form.Item>
      <Form.Item {...text("serviceTime")} required rules={rules.serviceTime}>
        <DatePicker showTime={showTime} format={DATE_TIME_PICKER_FORMAT} data-testid="form-serviceTime" />
      </Form.Item>
      <Form.Item {...text("nextFollowTime")}>
        <DatePicker showTime={showTime} format={DATE_TIME_PICKER_FORMAT} data-testid="form-nextFollowTime" />
      </Form.Item>
      <Form.Item {...text("attachment")} extra={t("archive.form.attachmentHint")} rules={[uploads.rule]}>
        <FileUpload
          maxCount={1}
          accept={ATTACHMENT_EXTENSIONS}
          maxBytes={ATTACHMENT_MAX_BYTES}
          rejectMessages={{
            type: t(`archive.validation.${ATTACHMENT_REJECTION_MESSAGES.type}`),
            size: t(`archive.validation.${ATTACHMENT_REJECTION_MESSAGES.size}`),
          }}
          authHeaders={uploadAuthHeaders}
          onPendingChange={uploads.onPendingChange}
          fileNames={attachment?.[0] && attachmentName ? { [attachment[0]]: attachmentName } : undefined}
        />
      </Form.Item>
    </>
  );
}

/**
 * Researchers (issue 11): several users who use the archive, picked by name, and anyone else typed
 * in (antd's tags mode); the values are ./researchers.ts picks.
 */
function ResearcherPicker({
  id,
  value,
  onChange,
  known = [],
  placeholder,
}: {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  known?: readonly ResearcherUser[];
  placeholder: string;
}) {
  const { users, loading } = useResearcherCandidates();
  const options = useMemo(() => {
    const listed = new Set(users.map((user) => user.id));
    return [...users, ...known.filter((user) => !listed.has(user.id))].map((user) => ({ value: userPick(user.id), label: user.name }));
  }, [users, known]);
  return (
    <Select
      id={id}
      mode="tags"
      value={value ?? []}
      onChange={(next: string[]) => onChange?.(next.map((pick) => pick.trim()).filter((pick) => pick !== ""))}
      options={options}
      loading={loading}
      optionFilterProp="label"
      tokenSeparators={["、", ",", "，"]}
      placeholder={placeholder}
      data-testid="form-researchers"
    />
  );
}

/** The rich-text editor as a form control. */
function ServiceContentEditor({ value, onChange, label }: { label: string; value?: string; onChange?: (html: string) => void }) {
  return (
    <div data-testid="form-serviceContent">
      <LazyRichTextEditor value={value} label={label} authHeaders={uploadAuthHeaders} onChange={(html) => onChange?.(html)} />
    </div>
  );
}
