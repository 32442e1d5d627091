import { Form, Input, Select } from "antd";
import { COMPANY_NAME_MAX, COMPANY_SEGMENTS, COMPANY_TEXT_MAX } from "../../contract/companies";
import { FOLLOWUP_RULE_DAYS } from "../../contract/followups";
import { CONTACT_PERSON_MAX } from "../../contract/limits";
import { useT } from "../../src/i18n/I18nContext";
import { companyFieldRule } from "./companyForm";
import { CompanyOwnersSelect } from "./CompanyOwnersSelect";

/** The company's fields, for adding and editing alike; each checked by the server's own rule. */
export function CompanyInputs() {
  const t = useT();
  const placeholder = t("companies.form.placeholder");
  return (
    <>
      <Form.Item name="name" label={t("companies.columns.name")} rules={[companyFieldRule("name", t)]}>
        <Input placeholder={placeholder} maxLength={COMPANY_NAME_MAX} data-testid="company-form-name" />
      </Form.Item>
      <Form.Item name="creditCode" label={t("companies.columns.creditCode")} rules={[companyFieldRule("creditCode", t)]}>
        <Input placeholder={placeholder} allowClear data-testid="company-form-creditCode" />
      </Form.Item>
      <Form.Item name="district" label={t("companies.columns.district")} rules={[companyFieldRule("district", t)]}>
        <Input placeholder={placeholder} allowClear maxLength={COMPANY_TEXT_MAX} data-testid="company-form-district" />
      </Form.Item>
      <Form.Item name="segment" label={t("companies.columns.segment")} rules={[companyFieldRule("segment", t)]}>
        <Select
          allowClear
          placeholder={t("companies.form.selectPlaceholder")}
          options={COMPANY_SEGMENTS.map((value) => ({ value, label: t(`companies.segments.${value}`) }))}
          data-testid="company-form-segment"
        />
      </Form.Item>
      <Form.Item name="address" label={t("companies.form.address")} rules={[companyFieldRule("address", t)]}>
        <Input placeholder={placeholder} allowClear maxLength={COMPANY_TEXT_MAX} data-testid="company-form-address" />
      </Form.Item>
      <Form.Item name="contactPerson" label={t("companies.form.contactPerson")} rules={[companyFieldRule("contactPerson", t)]}>
        <Input placeholder={placeholder} allowClear showCount maxLength={CONTACT_PERSON_MAX} data-testid="company-form-contactPerson" />
      </Form.Item>
      <Form.Item name="contactPhone" label={t("companies.form.contactPhone")} rules={[companyFieldRule("contactPhone", t)]}>
        <Input placeholder={placeholder} allowClear data-testid="company-form-contactPhone" />
      </Form.Item>
      <Form.Item name="ownerIds" label={t("companies.form.owners")}>
        <CompanyOwnersSelect testId="company-form-owners" />
      </Form.Item>
      <Form.Item name="followupDays" label={t("followups.rule.action")} tooltip={t("followups.rule.label")}>
        <Select
          options={[
            { value: 0, label: t("followups.rule.none") },
            ...FOLLOWUP_RULE_DAYS.map((days) => ({ value: days, label: t("followups.rule.days", { days }) })),
          ]}
          data-testid="company-form-followupDays"
        />
      </Form.Item>
    </>
  );
}
