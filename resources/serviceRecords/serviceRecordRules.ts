import type { Rule } from "antd/es/form";
import { isContactPhone } from "../../contract/phone";
import { REQUIRED_FIELDS, richText, richTextLength, TEXT_LIMITS, type ServiceRecordField } from "../../contract/serviceRecord";
import type { Translate } from "../../i18n/types";

const message = (t: Translate, key: string) => t(`archive.validation.${key}`);

/**
 * The form's rules, from the contract the server checks too (SPEC 5): the required fields, the
 * optional phone's pattern, and the lengths, the service record's counted on its text, not its HTML.
 */
export function serviceRecordRules(t: Translate): Partial<Record<ServiceRecordField, Rule[]>> {
  const rules: Partial<Record<ServiceRecordField, Rule[]>> = {};
  const add = (field: ServiceRecordField, rule: Rule) => (rules[field] = [...(rules[field] ?? []), rule]);

  for (const required of REQUIRED_FIELDS) {
    add(required.field, {
      validator: async (_, value: unknown) => {
        const raw = String(value ?? "");
        // Editor output with no text is empty, unless it holds a picture (as the contract reads it).
        const text = required.field === "serviceContent" ? richText(raw) : raw;
        const picture = required.field === "serviceContent" && /<img\b/i.test(raw);
        if (text.trim() === "" && !picture) throw new Error(message(t, required.message));
      },
    });
  }
  add("contactPersonPhone", {
    validator: async (_, value: unknown) => {
      const phone = String(value ?? "").trim();
      if (phone !== "" && !isContactPhone(phone)) throw new Error(message(t, "contactPhoneInvalid"));
    },
  });
  for (const [field, limit] of Object.entries(TEXT_LIMITS) as [keyof typeof TEXT_LIMITS, (typeof TEXT_LIMITS)[keyof typeof TEXT_LIMITS]][]) {
    add(field, {
      validator: async (_, value: unknown) => {
        const text = String(value ?? "");
        const length = field === "serviceContent" ? richTextLength(text) : [...text].length;
        if (length > limit.max) throw new Error(message(t, limit.message));
      },
    });
  }
  return rules;
}
