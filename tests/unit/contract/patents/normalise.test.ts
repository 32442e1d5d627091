import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  companyNameKey,
  isGrantKind,
  jurisdictionOf,
  kindOf,
  legalStatusOf,
  normaliseApplicationNumber,
  normalisePublicationNumber,
  parseDate,
  patentTypeOf,
  patentTypeOfKind,
} from "../../../../contract/patents/normalise";

/** Full-width forms of ASCII letters, digits and brackets, as Chinese input methods type them. */
const fullWidth = (text: string) => text.replace(/[!-~]/gu, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

describe("publication numbers", () => {
  it("are one key however they are written", () => {
    for (const raw of ["CN115000001A", "CN 115 000 001 A", "cn115000001a", "CN-115000001-A", "CN115000001.A", fullWidth("CN115000001A")]) {
      expect(normalisePublicationNumber(raw), raw).toBe("CN115000001A");
    }
    expect(normalisePublicationNumber("")).toBeNull();
    expect(normalisePublicationNumber("无")).toBeNull();
    expect(normalisePublicationNumber("CN".padEnd(40, "1"))).toBeNull();
  });

  it("normalise idempotently, to letters and digits only", () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const once = normalisePublicationNumber(raw);
        if (once === null) return;
        expect(once).toMatch(/^[A-Z0-9]+$/u);
        expect(normalisePublicationNumber(once)).toBe(once);
      }),
    );
  });

  it("give the office and the kind code", () => {
    expect(jurisdictionOf("CN115000001A")).toBe("CN");
    expect(jurisdictionOf("WO2023123456A1")).toBe("WO");
    expect(jurisdictionOf("115000001")).toBeNull();
    expect(kindOf("CN115000001B")).toBe("B");
    expect(kindOf("US11000000B2")).toBe("B2");
    expect(kindOf("CN115000001")).toBeNull();
    expect(normaliseApplicationNumber(" cn 202310000001.x ")).toBe("CN202310000001.X");
    expect(normaliseApplicationNumber("  ")).toBeNull();
  });
});

describe("patent types", () => {
  it("fold the words exports use", () => {
    expect(patentTypeOf("发明申请")).toBe("invention");
    expect(patentTypeOf("发明授权")).toBe("invention");
    expect(patentTypeOf("发明专利")).toBe("invention");
    expect(patentTypeOf("实用新型")).toBe("utility");
    expect(patentTypeOf("外观设计")).toBe("design");
    expect(patentTypeOf("Granted Patent")).toBe("invention");
    expect(patentTypeOf("Patent Application")).toBe("invention");
    expect(patentTypeOf("Utility Model")).toBe("utility");
    expect(patentTypeOf("Design Right")).toBe("design");
    expect(patentTypeOf("Search Report")).toBeNull();
  });

  it("follow kind codes, and tell grants", () => {
    expect(["A", "B", "C", "A1", "B2"].map(patentTypeOfKind)).toEqual(["invention", "invention", "invention", "invention", "invention"]);
    expect(["U", "Y", "U1"].map(patentTypeOfKind)).toEqual(["utility", "utility", "utility"]);
    expect(["S", "D"].map(patentTypeOfKind)).toEqual(["design", "design"]);
    expect(patentTypeOfKind("P")).toBe("other");
    expect(isGrantKind("CN", "B")).toBe(true);
    expect(isGrantKind("CN", "U")).toBe(true);
    expect(isGrantKind("CN", "A")).toBe(false);
    expect(isGrantKind("US", "B2")).toBe(true);
    expect(isGrantKind("US", "A1")).toBe(false);
  });
});

describe("legal statuses", () => {
  it("fold to four", () => {
    const cases: Record<string, string> = {
      有效: "valid",
      授权: "valid",
      专利权维持: "valid",
      Active: "valid",
      审中: "pending",
      实质审查: "pending",
      实质审查的生效: "pending",
      公开: "pending",
      PENDING: "pending",
      失效: "invalid",
      撤回: "invalid",
      "发明专利申请公布后的视为撤回": "invalid",
      驳回: "invalid",
      期限届满: "invalid",
      未缴年费: "invalid",
      无效: "invalid",
      Expired: "invalid",
      Discontinued: "invalid",
      INACTIVE: "invalid",
      未确认: "unknown",
      PCT指定期内: "unknown",
      "": "unknown",
    };
    for (const [word, status] of Object.entries(cases)) expect(legalStatusOf(word), word).toBe(status);
  });
});

describe("company names", () => {
  it("match across brackets, widths, spaces and legal forms", () => {
    const key = companyNameKey("中芯国际集成电路制造（上海）有限公司");
    for (const variant of ["中芯国际集成电路制造(上海)有限公司", "中芯国际集成电路制造 (上海) 有限责任公司", "中芯国际集成电路制造上海股份有限公司", " 中芯国际集成电路制造【上海】有限公司 "]) {
      expect(companyNameKey(variant), variant).toBe(key);
    }
    expect(companyNameKey("ACME Co., Ltd.")).toBe(companyNameKey("acme ltd"));
    expect(companyNameKey("华芯科技有限公司")).not.toBe(companyNameKey("华芯微电子有限公司"));
    expect(companyNameKey("有限公司")).toBe("有限公司");
  });

  it("are the same key written full-width or with spaces anywhere", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom("有限公司", "股份有限公司", "有限责任公司"), (core, form) => {
        const name = `无锡${core}半导体${form}`;
        expect(companyNameKey(fullWidth(name))).toBe(companyNameKey(name));
        expect(companyNameKey(name.split("").join(" "))).toBe(companyNameKey(name));
      }),
    );
  });
});

describe("dates", () => {
  it("read the ways exports write them", () => {
    for (const value of ["2023-01-05", "2023/1/5", "20230105", "2023.01.05", "2023年1月5日", "2023-01-05 00:00:00", "2023-01-05T08:00:00Z", " 2023-1-05 ", 44931, "44931", 20230105, new Date(Date.UTC(2023, 0, 5))]) {
      expect(parseDate(value), String(value)).toBe("2023-01-05");
    }
  });

  it("refuse what is no day", () => {
    for (const value of ["2023-02-30", "2023-13-01", "1/5/2023", "明天", "", "2023", 0, -5, 1e12, NaN, new Date(NaN), null, undefined, {}]) {
      expect(parseDate(value), String(value)).toBeNull();
    }
  });

  it("round-trip every day in every written form", () => {
    const day = fc.date({ min: new Date(Date.UTC(1985, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, (iso) => {
        const [y, m, d] = iso.split("-");
        for (const written of [iso, `${y}/${Number(m)}/${Number(d)}`, `${y}${m}${d}`, `${y}.${m}.${d}`, `${y}年${Number(m)}月${Number(d)}日`]) expect(parseDate(written)).toBe(iso);
        const serial = (Date.UTC(Number(y), Number(m) - 1, Number(d)) - Date.UTC(1899, 11, 30)) / 86_400_000;
        expect(parseDate(serial)).toBe(iso);
      }),
    );
  });
});
