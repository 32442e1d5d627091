import { useCustom } from "@refinedev/core";
import { Select } from "antd";
import type { CompanyOwner } from "../../contract/companies";
import type { Envelope } from "../../contract/envelope";
import { customCall } from "../../providers/endpoints";
import { useT } from "../../src/i18n/I18nContext";
import { companies } from "./resource";

/** Picks a company's owners among the accounts that use the archive (GET /api/company/ownerCandidates). */
export function CompanyOwnersSelect({
  value,
  onChange,
  id,
  testId,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
  testId: string;
}) {
  const t = useT();
  const { result, query } = useCustom<Envelope<CompanyOwner[]>>(customCall(companies.actions.ownerCandidates));
  const candidates = result.data?.result ?? [];
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      allowClear
      showSearch
      optionFilterProp="label"
      loading={query.isLoading}
      placeholder={t("companies.form.selectPlaceholder")}
      aria-label={t("companies.form.owners")}
      options={candidates.map((owner) => ({ value: owner.id, label: owner.name }))}
      value={value}
      onChange={onChange}
      data-testid={testId}
    />
  );
}
