import JSZip from "jszip";
import type { Download, Page } from "playwright-core";
import { expect } from "vitest";

/** A minimal but real .docx: what the server's content check looks for. */
export async function minimalDocx(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    "[Content_Types].xml",
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    "_rels/.rels",
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    "word/document.xml",
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>走访纪要</w:t></w:r></w:p></w:body></w:document>',
  );
  return zip.generateAsync({ type: "nodebuffer" });
}

export interface VisitRecord {
  researchers: string;
  contactPerson: string;
  contactPersonPhone: string;
  cooperativePartner: string;
  belongCustomer: string;
  businessOpportunity: string;
  mainBusiness: string;
  serviceContent: string;
  /** YYYY-MM-DD HH:mm:ss */
  serviceTime: string;
  /** Attached through the upload control when given. */
  attachment?: { name: string; content: Buffer };
}

/** Fills the visit record form (/serviceFilesDetails) as a user types, and saves it. */
export async function recordVisit(page: Page, visit: VisitRecord): Promise<void> {
  // The researchers' picker (antd Select, tags mode): a staff member of that name is picked, anyone
  // else stays as typed.
  await page.getByTestId("form-researchers").click();
  await page.keyboard.type(visit.researchers);
  await page.keyboard.press("Enter");
  await page.keyboard.press("Escape");
  await page.getByTestId("form-contactPerson").fill(visit.contactPerson);
  await page.getByTestId("form-contactPersonPhone").fill(visit.contactPersonPhone);
  await page.getByTestId("form-cooperativePartner").fill(visit.cooperativePartner);
  await page.getByTestId("form-belongCustomer").fill(visit.belongCustomer);
  await page.getByTestId("form-businessOpportunity").fill(visit.businessOpportunity);
  await page.getByTestId("form-mainBusiness").fill(visit.mainBusiness);
  const editor = page.getByTestId("form-serviceContent").locator("[contenteditable=true]");
  await editor.waitFor({ timeout: 30_000 });
  await editor.click();
  await page.keyboard.type(visit.serviceContent);
  const serviceTime = page.getByTestId("form-serviceTime");
  await serviceTime.click();
  await serviceTime.fill(visit.serviceTime);
  await page.keyboard.press("Enter");
  if (visit.attachment) {
    const chooser = page.waitForEvent("filechooser");
    await page.getByText("上传文件").first().click();
    await (await chooser).setFiles({
      name: visit.attachment.name,
      mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      buffer: visit.attachment.content,
    });
    // Listed at once, saved with the record only once sent: the form refuses to save before that.
    const sent = page.locator(".ant-upload-list-item-done").filter({ hasText: visit.attachment.name });
    await expect.poll(() => sent.count(), { timeout: 15_000 }).toBe(1);
  }
  await page.getByTestId("form-save").click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/serviceFiles");
}

/** The text of word/document.xml inside a downloaded .docx. */
export async function documentXmlOf(download: Download): Promise<string> {
  const path = await download.path();
  const { readFile } = await import("node:fs/promises");
  const zip = await JSZip.loadAsync(await readFile(path));
  return (await zip.file("word/document.xml")?.async("string")) ?? "";
}
