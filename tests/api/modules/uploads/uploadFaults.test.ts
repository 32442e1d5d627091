import { randomBytes } from "node:crypto";
import { readdirSync, readlinkSync } from "node:fs";
import { connect, type AddressInfo, type Socket } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_PATH } from "../../../../contract/files";
import { Messages } from "../../../../server/errors";
import { UploadMessages } from "../../../../server/plugins/bodies";
import { testDatabases } from "../../helpers/databases";
import { multipartBody } from "../../helpers/multipart";
import { signInAsAdmin, type SignedIn } from "../../helpers/signIn";
import { startTestApp, type TestApp } from "../../helpers/testApp";

const POLL_MS = 20;

/** Resolves once `check` holds, checking every POLL_MS; the test's timeout bounds the wait. */
async function eventually(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
}

const entries = (dir: string): string[] => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

/** Files of this process open under a directory, as the kernel lists them. */
function openFilesUnder(dir: string): string[] {
  return entries("/proc/self/fd").flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      return target.startsWith(dir) ? [target] : [];
    } catch {
      return [];
    }
  });
}

interface RawAnswer {
  status: number;
  body: { code: number; message: string };
}

/** The answer in what the server sent before it closed the connection. */
function parseAnswer(text: string): RawAnswer {
  const [head, ...rest] = text.split("\r\n\r\n");
  return { status: Number(head.split(" ")[1]), body: JSON.parse(rest.join("\r\n\r\n")) };
}

describe.each(testDatabases())("uploads cut short on %s", (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let port: number;
  let incoming: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { UPLOAD_IDLE_SECONDS: "1" } });
    admin = await signInAsAdmin(t.app);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
    incoming = join(t.config.uploadDir, ".incoming");
  });
  afterAll(() => t.close());

  /**
   * Sends the head of a multipart upload and `sent` bytes of its body over a raw socket; the body
   * declares `declared` bytes in all. Resolves with the socket and everything it received until closed.
   */
  function partialUpload(sent: number, { declared = 4 * sent + 1024, url = UPLOAD_PATH, filename = "半截.bin", keepAlive = false } = {}) {
    const boundary = `----raw-${randomBytes(6).toString("hex")}`;
    const partHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const head = [
      `POST ${url} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      `Authorization: ${admin.headers.authorization}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      `Content-Length: ${Buffer.byteLength(partHead) + declared}`,
      // Closed after any answer, so that the test can read the answer to its end.
      `Connection: ${keepAlive ? "keep-alive" : "close"}`,
      "",
      "",
    ].join("\r\n");
    const socket: Socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    const closed = new Promise<string>((resolve) => {
      socket.on("close", () => resolve(Buffer.concat(chunks).toString("utf8")));
      socket.on("error", () => {});
    });
    socket.write(head);
    socket.write(partHead);
    socket.write(randomBytes(sent));
    return { socket, closed };
  }

  it("answers 400 to a body that stops arriving, closes it, and keeps no temporary file", async () => {
    const { closed } = partialUpload(256 * 1024);
    await eventually(() => entries(incoming).some((name) => name.endsWith(".part")));
    const answer = parseAnswer(await closed);
    expect(answer).toEqual({ status: 400, body: { code: 400, message: String(UploadMessages.stalled) } });
    await eventually(() => entries(incoming).length === 0 && openFilesUnder(t.config.uploadDir).length === 0);
  });

  it("answers 400 to a body whose head came but not one byte of it", async () => {
    const { closed } = partialUpload(0, { declared: 1024 });
    expect(parseAnswer(await closed)).toEqual({ status: 400, body: { code: 400, message: String(UploadMessages.stalled) } });
  });

  it("answers 400 to a company import that stops arriving", async () => {
    const { closed } = partialUpload(64 * 1024, { declared: 1024 * 1024, url: "/api/company/import", filename: "企业.xlsx" });
    expect(parseAnswer(await closed)).toEqual({ status: 400, body: { code: 400, message: String(UploadMessages.stalled) } });
  });

  it("closes the connection of a refused upload whose body then stops arriving", async () => {
    const { closed } = partialUpload(64 * 1024, { declared: 1024 * 1024, url: "/api/company/import", filename: "企业.exe", keepAlive: true });
    expect(parseAnswer(await closed)).toEqual({ status: 400, body: { code: 400, message: "请选择要导入的 .xlsx 或 .csv 文件" } });
  });

  it.each([
    [2, UPLOAD_PATH, "a.docx"],
    [128 * 1024, UPLOAD_PATH, "a.docx"],
    [2, "/api/company/import", "企业.xlsx"],
  ])("answers 400 to a whole body of %i bytes that lacks its closing boundary on %s, and keeps nothing", async (size, url, filename) => {
    const { closed } = partialUpload(size, { declared: size, url, filename });
    expect(parseAnswer(await closed)).toEqual({ status: 400, body: { code: 400, message: String(UploadMessages.stalled) } });
    await eventually(() => entries(incoming).length === 0 && openFilesUnder(t.config.uploadDir).length === 0);
  });

  it("keeps nothing of a body whose client stops sending and half-closes", async () => {
    const { socket, closed } = partialUpload(128 * 1024);
    await eventually(() => entries(incoming).some((name) => name.endsWith(".part")));
    socket.end();
    // Node's HTTP parser refuses the cut-short body before the route sees it; the answer is still an envelope.
    expect(parseAnswer(await closed)).toEqual({ status: 400, body: { code: 400, message: String(Messages.badRequest) } });
    await eventually(() => entries(incoming).length === 0 && openFilesUnder(t.config.uploadDir).length === 0);
  });

  it("keeps nothing open of an upload whose client goes away", async () => {
    const { socket, closed } = partialUpload(128 * 1024);
    await eventually(() => entries(incoming).some((name) => name.endsWith(".part")));
    socket.destroy();
    await closed;
    await eventually(() => entries(incoming).length === 0 && openFilesUnder(t.config.uploadDir).length === 0);
  });

  it.each([UPLOAD_PATH, "/api/company/import", "/api/notify/smscode"])("answers 400 with a message to multipart without a boundary on %s", async (url) => {
    const { payload } = multipartBody([{ name: "file", filename: "a.csv", content: "企业名称\n" }]);
    const res = await t.app.inject({ method: "POST", url, payload, headers: { "content-type": "multipart/form-data", ...admin.headers } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: String(UploadMessages.malformed) });
  });

  it("still takes a whole upload over the same kind of connection", async () => {
    const { payload, headers } = multipartBody([{ name: "file", filename: "完整.bin", content: randomBytes(64 * 1024) }]);
    const res = await fetch(`http://127.0.0.1:${port}${UPLOAD_PATH}`, { method: "POST", body: new Uint8Array(payload), headers: { ...headers, ...admin.headers } });
    expect(res.status).toBe(200);
    expect(entries(incoming)).toEqual([]);
  });
});
