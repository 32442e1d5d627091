import { useSelect } from "@refinedev/antd";
import { Select } from "antd";
import { useT } from "../../../i18n/I18nContext";
import type { CompanyOrg } from "./types";


interface CompanySelectProps {
  /** From the Form.Item, so its label names the picker. */
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The company the user belongs to now: shown by name before any search has found it. */
  current?: { id: number; name: string } | null;
}

/** A debounced, searchable picker over POST /api/patnavi/company/org. */
export function CompanySelect({ id, value, onChange, current }: CompanySelectProps) {
  const t = useT();
  const { selectProps } = useSelect<CompanyOrg>({
    resource: "orgCompanies",
    optionLabel: "name",
    optionValue: "id",
    // The call takes the typed text as `keywords`, not as a field filter.
    onSearch: (keywords) => [{ field: "keywords", operator: "contains", value: keywords }],
    pagination: { pageSize: 20, mode: "server" },
  });
  const options = selectProps.options ?? [];
  const missing = current && !options.some((option) => option.value === current.id);
  return (
    <Select<number | undefined>
      id={id}
      showSearch
      filterOption={false}
      loading={selectProps.loading}
      onSearch={selectProps.onSearch}
      options={missing ? [{ label: current.name, value: current.id }, ...options] : options}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      allowClear
      placeholder={t("userManage.form.companyPlaceholder")}
      data-testid="user-form-company"
    />
  );
}
