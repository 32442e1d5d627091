import { describe, expect, it } from "vitest";
import { COMPANY_NAME_MAX, companyFieldProblem, type CompanyProblem } from "../../../../contract/companies";
import { problemMessage } from "../../../../server/modules/companies/rules";
import { companyFieldRule } from "../../../../resources/companies/companyForm";
import { translator } from "../../../../i18n/translate";

const zh = translator("zh-CN");

/** What the form's rule for a field says about a value: its message, or null when it passes. */
async function formSays(field: Parameters<typeof companyFieldRule>[0], value: string | undefined): Promise<string | null> {
  const rule = companyFieldRule(field, zh) as { validator: (rule: unknown, value: unknown) => Promise<void> };
  try {
    await rule.validator({}, value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe("the company rules both halves check", () => {
  it("word every problem in the form exactly as the server does", async () => {
    const cases: [Parameters<typeof companyFieldRule>[0], string | undefined, CompanyProblem][] = [
      ["name", "  ", "nameRequired"],
      ["name", "芯".repeat(COMPANY_NAME_MAX + 1), "nameTooLong"],
      ["creditCode", "91510107REPLNNJ2EA", "badCreditCode"],
      ["segment", "设计", "badSegment"],
      ["address", "路".repeat(201), "textTooLong"],
      ["contactPerson", "张".repeat(21), "contactPersonTooLong"],
      ["contactPhone", "1380013800", "badPhone"],
    ];
    for (const [field, value, problem] of cases) {
      expect(await formSays(field, value)).toBe(String(problemMessage(problem)));
    }
  });

  it("count trimmed characters, not UTF-16 units, and take a lower-case credit code", () => {
    expect(companyFieldProblem("contactPerson", ` ${"𠀀".repeat(20)} `)).toBeNull();
    expect(companyFieldProblem("creditCode", "91510107repLNNJ2EB")).toBeNull();
    expect(companyFieldProblem("contactPhone", "")).toBeNull();
    expect(companyFieldProblem("segment", "packagingTest")).toBeNull();
  });
});
