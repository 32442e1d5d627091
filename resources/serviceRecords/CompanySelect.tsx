import { useSelect } from "@refinedev/antd";
import { Select, type SelectProps } from "antd";
import type { CSSProperties } from "react";
import type { CompanySearchRow as Company } from "../../contract/companies";
import { useT } from "../../src/i18n/I18nContext";

/** SPEC 2 company picker: searches companies by keywords; the picked one is fetched for its label. */
export function CompanySelect({
  id,
  value,
  onChange,
  allowClear,
  placeholder,
  testId = "form-compId",
  style,
}: {
  /** From the Form.Item, so its label names the picker. */
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
  /** A filter's picker may be emptied (the visit list). */
  allowClear?: boolean;
  placeholder?: string;
  testId?: string;
  style?: CSSProperties;
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
      id={id}
      value={value}
      onChange={(next) => onChange?.(next === undefined || next === null ? undefined : Number(next))}
      allowClear={allowClear}
      placeholder={placeholder ?? t("archive.form.compIdPlaceholder")}
      data-testid={testId}
      style={style}
    />
  );
}
