import { describe, expect, it } from "vitest";
import { fieldOfHeader, foldHeader, mappingFor, splitterFor } from "../../../../contract/patents/headers";

describe("the header alias table", () => {
  it("reads full- and half-width brackets, 【】 and spaces alike", () => {
    expect(foldHeader("公开（公告）号")).toBe(foldHeader("公开(公告)号"));
    expect(fieldOfHeader("公开（公告）号")).toBe("publicationNumber");
    expect(fieldOfHeader(" 公开 ( 公告 ) 日 ")).toBe("publicationDate");
    expect(fieldOfHeader("【标】原始申请（专利权）人")).toBe("applicants");
    expect(fieldOfHeader("ＩＰＣ分类号")).toBe("ipc");
    expect(fieldOfHeader("display key")).toBe("publicationNumber");
  });

  it("knows the headers the issue names, from each source", () => {
    const expected: Record<string, string> = {
      申请号: "applicationNumber",
      申请日: "applyDate",
      授权公告日: "grantDate",
      标题: "title",
      名称: "title",
      摘要: "abstract",
      "当前申请(专利权)人": "applicants",
      当前权利人: "applicants",
      申请人地址: "applicantAddress",
      "当前申请(专利权)人州/省": "province",
      "当前申请(专利权)人地市": "city",
      "当前申请(专利权)人区县": "district",
      中国申请人地市: "city",
      中国申请人区县: "district",
      工商统一社会信用代码: "creditCode",
      发明人: "inventors",
      IPC: "ipc",
      IPC主分类号: "mainIpc",
      主分类号: "mainIpc",
      CPC: "cpc",
      专利类型: "patentType",
      简单法律状态: "legalStatus",
      当前法律状态: "legalStatus",
      专利有效性: "legalStatus",
      优先权号: "priorityNumbers",
      简单同族: "family",
      被引证次数: "citedBy",
      Jurisdiction: "jurisdiction",
      Kind: "kind",
      "Publication Date": "publicationDate",
      "Application Number": "applicationNumber",
      "Application Date": "applyDate",
      Title: "title",
      Abstract: "abstract",
      Applicants: "applicants",
      Inventors: "inventors",
      "IPCR Classifications": "ipc",
      "CPC Classifications": "cpc",
      "Legal Status": "legalStatus",
      "Cited by Patent Count": "citedBy",
    };
    for (const [header, field] of Object.entries(expected)) expect(fieldOfHeader(header), header).toBe(field);
    expect(fieldOfHeader("Lens ID")).toBeNull();
    expect(fieldOfHeader("客户备注")).toBeUndefined();
  });
});

describe("mappingFor", () => {
  it("gives each field its best-ranked header and leaves the others out", () => {
    const { mapping, unmapped, complete } = mappingFor(["序号", "公开(公告)号", "标题", "当前申请(专利权)人", "申请(专利权)人", "客户备注"]);
    expect(mapping).toEqual({ 序号: null, "公开(公告)号": "publicationNumber", 标题: "title", "当前申请(专利权)人": null, "申请(专利权)人": "applicants", 客户备注: null });
    expect(unmapped).toEqual(["客户备注"]);
    expect(complete).toBe(true);
  });

  it("lets a given mapping (a preset) decide the headers it names, the table the rest", () => {
    const { mapping, unmapped, complete } = mappingFor(["文献编号", "标题", "申请人", "备注"], { 文献编号: "publicationNumber", 申请人: null, 备注: "abstract" });
    expect(mapping).toEqual({ 文献编号: "publicationNumber", 标题: "title", 申请人: null, 备注: "abstract" });
    expect(unmapped).toEqual([]);
    expect(complete).toBe(true);
  });

  it("does not give the table's guess a field the given mapping already fills", () => {
    const { mapping } = mappingFor(["公开号", "我的号码", "标题"], { 我的号码: "publicationNumber" });
    expect(mapping.公开号).toBeNull();
    expect(mapping.我的号码).toBe("publicationNumber");
  });

  it("is incomplete without a publication number or a title", () => {
    expect(mappingFor(["标题", "摘要"]).complete).toBe(false);
    expect(mappingFor(["公开号", "摘要"]).complete).toBe(false);
  });
});

describe("splitterFor", () => {
  it("splits as each source writes several values", () => {
    const patsnap = splitterFor(["公开(公告)号", "标题"]);
    expect(patsnap("甲公司 | 乙公司")).toEqual(["甲公司", "乙公司"]);
    expect(patsnap("H01L21/02|H01L21/67")).toEqual(["H01L21/02", "H01L21/67"]);
    expect(patsnap("甲公司; 乙公司；丙公司")).toEqual(["甲公司", "乙公司", "丙公司"]);
    expect(patsnap(" 甲 ;;  ; 甲 ")).toEqual(["甲"]);
    const lens = splitterFor(["Display Key", "Title", "Applicants"]);
    expect(lens("ACME; INC;;FOO CO LTD")).toEqual(["ACME; INC", "FOO CO LTD"]);
  });
});
