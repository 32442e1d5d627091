import { createHash, randomBytes } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_PATH, downloadPath } from "../../../contract/files";
import { testDatabases } from "../helpers/databases";
import { multipartBody, type FormPart } from "../helpers/multipart";
import { signInAsAdmin, type SignedIn } from "../helpers/signIn";
import { startTestApp, type TestApp } from "../helpers/testApp";

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(3000)]);
const DOCX = Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), randomBytes(5000)]);
const SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** Every regular file under a directory, recursively. */
function filesUnder(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe.each(testDatabases())("files on %s", (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { UPLOAD_MAX_MB: "1" } });
    admin = await signInAsAdmin(t.app);
  });
  afterAll(() => t.close());

  const upload = (parts: FormPart[]) => {
    const { payload, headers } = multipartBody(parts);
    return t.app.inject({ method: "POST", url: UPLOAD_PATH, payload, headers: { ...headers, ...admin.headers } });
  };

  it("stores an image and serves it back byte for byte, inline", async () => {
    const name = "企业 logo（终稿）.png";
    const res = await upload([{ name: "file", filename: name, content: PNG, contentType: "image/png" }]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, message: "success" });
    expect(body.result).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/), name, size: PNG.length, mimeType: "image/png", url: downloadPath(body.result.id) });

    const row = await t.database.db.selectFrom("files").selectAll().where("id", "=", body.result.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ originalName: name, size: PNG.length, mimeType: "image/png", sha256: createHash("sha256").update(PNG).digest("hex"), createdBy: admin.userId });

    const download = await t.app.inject({ method: "GET", url: body.result.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect(download.headers["content-type"]).toBe("image/png");
    expect(download.headers["content-length"]).toBe(String(PNG.length));
    expect(download.headers["x-content-type-options"]).toBe("nosniff");
    const disposition = download.headers["content-disposition"] as string;
    expect(disposition).toMatch(/^inline; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1])).toBe(name);
  });

  it("offers an Office document as an attachment with its Chinese name intact", async () => {
    const name = "敲门服务档案.docx";
    const { result } = (await upload([{ name: "file", filename: name, content: DOCX }])).json();
    expect(result.mimeType).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    const download = await t.app.inject({ method: "GET", url: downloadPath(result.id), headers: admin.headers });
    expect(download.rawPayload.equals(DOCX)).toBe(true);
    expect(download.headers["content-type"]).toBe(result.mimeType);
    expect(download.headers["content-disposition"]).toBe(`attachment; filename="______.docx"; filename*=UTF-8''${encodeURIComponent(name)}`);
  });

  it("never serves an SVG inline, whatever the browser claimed", async () => {
    const { result } = (await upload([{ name: "file", filename: "logo.png", content: SVG, contentType: "image/png" }])).json();
    expect(result.mimeType).toBe("image/svg+xml");
    const download = await t.app.inject({ method: "GET", url: downloadPath(result.id), headers: admin.headers });
    expect(download.headers["content-disposition"]).toMatch(/^attachment;/);
    expect(download.headers["content-security-policy"]).toContain("sandbox");
  });

  it("serves a file that is no image to its signed-in uploader only", async () => {
    const { result } = (await upload([{ name: "file", filename: "logo.svg", content: SVG }])).json();
    const anonymous = await t.app.inject({ method: "GET", url: downloadPath(result.id) });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: 40101, message: "登录已失效，请重新登录" });
  });

  it("answers 304 when the browser already has the file", async () => {
    const { result } = (await upload([{ name: "file", filename: "a.png", content: PNG }])).json();
    const first = await t.app.inject({ method: "GET", url: downloadPath(result.id) });
    const again = await t.app.inject({ method: "GET", url: downloadPath(result.id), headers: { "if-none-match": first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it("answers an unknown id with a 404 envelope", async () => {
    const res = await t.app.inject({ method: "GET", url: downloadPath("0123456789abcdef0123456789abcdef") });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: "文件不存在" });
  });

  it("answers a malformed id with 400", async () => {
    const res = await t.app.inject({ method: "GET", url: downloadPath("../../etc/passwd") });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: "参数 id 格式不正确" });
  });

  it("refuses a file over UPLOAD_MAX_MB with 413 and keeps nothing of it", async () => {
    const before = filesUnder(t.config.uploadDir);
    const count = async () => Number((await t.database.db.selectFrom("files").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const rows = await count();
    const res = await upload([{ name: "file", filename: "大文件.zip", content: randomBytes(1024 * 1024 + 1) }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, message: "文件大小不能超过 1MB" });
    expect(filesUnder(t.config.uploadDir)).toEqual(before);
    expect(await count()).toBe(rows);
  });

  it("takes a file of exactly UPLOAD_MAX_MB", async () => {
    const res = await upload([{ name: "file", filename: "刚好.bin", content: randomBytes(1024 * 1024) }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.mimeType).toBe("application/octet-stream");
  });

  it.each([
    ["no file part", [{ name: "note", content: "hello" }]],
    ["a file under another field", [{ name: "attachment", filename: "a.png", content: PNG }]],
  ])("answers 400 for %s", async (_case, parts) => {
    const res = await upload(parts as FormPart[]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: "请选择要上传的文件" });
  });

  it("answers 400 for a body that is not multipart", async () => {
    const res = await t.app.inject({ method: "POST", url: UPLOAD_PATH, payload: { file: "x" }, headers: admin.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: "请选择要上传的文件" });
  });

  it("refuses an upload without a signed-in user, before reading the body", async () => {
    const { payload, headers } = multipartBody([{ name: "file", filename: "a.png", content: PNG }]);
    const res = await t.app.inject({ method: "POST", url: UPLOAD_PATH, payload, headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 40101, message: "登录已失效，请重新登录" });
  });

  it("answers 400 for an empty file", async () => {
    const res = await upload([{ name: "file", filename: "空.txt", content: "" }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
  });

  it("keeps only the base name of a path sent as the file name", async () => {
    const res = await upload([{ name: "file", filename: "C:\\Users\\张三\\报告.txt", content: "内容" }]);
    expect(res.json().result).toMatchObject({ name: "报告.txt", mimeType: "text/plain" });
  });
});
