import { afterEach, describe, expect, it } from "vitest";
import { testDatabases } from "../helpers/databases";
import { startTestApp, type TestApp } from "../helpers/testApp";

describe.each(testDatabases())("site settings on %s", (kind) => {
  let t: TestApp;
  afterEach(() => t.close());

  it("serves the defaults with a generated QR code", async () => {
    t = await startTestApp(kind);
    const res = await t.app.inject({ method: "GET", url: "/api/open/site" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 200,
      message: "success",
      result: {
        associationName: "市半导体行业协会",
        associationUrl: "/",
        contactPhone: "",
        contactEmail: "",
        contactAddress: "",
        officialAccountQrUrl: "/api/open/site/qr.svg",
        customerServiceScript: null,
        aiProductUrl: null,
        aiProductContactPerson: "",
      },
    });
    const qr = await t.app.inject({ method: "GET", url: "/api/open/site/qr.svg" });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(qr.body).toMatch(/^<svg /);
  });

  it("serves the configured details", async () => {
    t = await startTestApp(kind, {
      env: {
        ASSOCIATION_NAME: "成都市半导体行业协会",
        ASSOCIATION_URL: "https://www.example-semi.org.cn",
        CONTACT_PHONE: "028-12345678",
        CONTACT_EMAIL: "office@example-semi.org.cn",
        CONTACT_ADDRESS: "天府大道 1 号",
        OFFICIAL_ACCOUNT_QR_URL: "https://www.example-semi.org.cn/qr.png",
        CS_WIDGET_SCRIPT: "https://cs.example.com/widget.js",
        AI_PRODUCT_URL: "https://ai-patent.example.com/",
        AI_PRODUCT_CONTACT_PERSON: "王工",
      },
    });
    const { result } = (await t.app.inject({ method: "GET", url: "/api/open/site" })).json();
    expect(result).toEqual({
      associationName: "成都市半导体行业协会",
      associationUrl: "https://www.example-semi.org.cn",
      contactPhone: "028-12345678",
      contactEmail: "office@example-semi.org.cn",
      contactAddress: "天府大道 1 号",
      officialAccountQrUrl: "https://www.example-semi.org.cn/qr.png",
      customerServiceScript: "https://cs.example.com/widget.js",
      aiProductUrl: "https://ai-patent.example.com/",
      aiProductContactPerson: "王工",
    });
  });
});
