import { useSelect } from "@refinedev/antd";
import { Select, type SelectProps } from "antd";
import { useT } from "../../src/i18n/I18nContext";

interface Company {
  id: number;
  name: string;
}

/** SPEC 2 company picker: searches companies by keywords; the picked one is fetched for its label. */
export function CompanySelect({
  value,
  onChange,
  disabled,
}: {
  value?: number;
  onChange?: (value: number) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const { selectProps } = useSelect<Company>({
    resource: "companies",
    optionLabel: "name",
    optionValue: "id",
    defaultValue: value,
    onSearch: (keywords) => [{ field: "keywords", operator: "contains", value: keywords }],
    pagination: { pageSize: 20 },
  });
  return (
    <Select
      // Refine types the props by option, antd's Select by value; the values here are company ids.
      {...(selectProps as SelectProps<number>)}
      value={value}
      onChange={(next) => onChange?.(Number(next))}
      disabled={disabled}
      placeholder={t("archive.form.compIdPlaceholder")}
      data-testid="form-compId"
    />
  );
}
