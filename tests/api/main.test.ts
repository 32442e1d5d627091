import { request } from "node:http";
import { createServer } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { UPLOAD_PATH } from "../../contract/files";
import { freePort, spawnServer, stopServer, waitUntilHealthy } from "../support/serverProcess";

const PASSWORD_LINE = /^管理员账号 admin 的初始密码: ([A-Za-z0-9]{16})$/m;
const CAPTCHA_FIXED_CODE = "5up3";

/** The administrator's authorization header, through the captcha and the password grant like the app. */
async function signInAdmin(baseUrl: string, password: string): Promise<string> {
  const { result } = await (await fetch(`${baseUrl}/uaa/identity/captcha`)).json();
  const params = { grant_type: "password", client_id: "web", client_secret: "web-secret", username: "admin", password, vid: result.vid, vcode: CAPTCHA_FIXED_CODE };
  const token = await (await fetch(`${baseUrl}/uaa/oauth/token`, { method: "POST", body: new URLSearchParams(params) })).json();
  return `${token.token_type} ${token.access_token}`;
}

const changedPassword = (stdout: string) => `${PASSWORD_LINE.exec(stdout)?.[1] ?? ""}-changed`;

/**
 * Signs in as admin with the password the first start printed, and replaces it (with
 * changedPassword) as a generated password must be before anything else answers; uploads need a
 * signed-in user.
 */
async function adminAuthorization(baseUrl: string, stdout: string): Promise<string> {
  const password = PASSWORD_LINE.exec(stdout)?.[1] ?? "";
  const authorization = await signInAdmin(baseUrl, password);
  const changed = await fetch(`${baseUrl}/patnavi/ucenter/rest/user/passwd`, {
    method: "POST",
    headers: { authorization, "content-type": "application/json" },
    body: JSON.stringify({ oldPassword: password, newPassword: changedPassword(stdout) }),
  });
  expect((await changed.json()).code).toBe(200);
  return authorization;
}

// Each test starts real server processes (tsx compiling the server in each): on two busy cores
// that alone can take most of Vitest's default half minute.
describe("the server process", { timeout: 90_000 }, () => {
  const workDir = mkdtempSync(join(tmpdir(), "api-main-"));
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  async function start(dataDir: string, env: Record<string, string> = {}) {
    const port = await freePort();
    const server = spawnServer(
      { NODE_ENV: "test", CAPTCHA_FIXED_CODE, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "info", STATIC_DIR: join(workDir, "dist"), ...env },
      workDir,
    );
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitUntilHealthy(baseUrl, server);
    return { server, baseUrl, port };
  }

  it("prints the generated administrator password at the first start only, and keeps data across starts", async () => {
    const dataDir = join(workDir, "restart");
    const first = await start(dataDir);
    expect(first.server.stdout()).toMatch(PASSWORD_LINE);
    expect(first.server.stdout().match(/初始密码/g)).toHaveLength(1);
    const form = new FormData();
    form.append("file", new Blob([Buffer.from("第一次启动时上传")]), "说明.txt");
    const authorization = await adminAuthorization(first.baseUrl, first.server.stdout());
    const uploaded = await (await fetch(`${first.baseUrl}${UPLOAD_PATH}`, { method: "POST", body: form, headers: { authorization } })).json();
    expect(uploaded.code).toBe(200);
    expect(await stopServer(first.server)).toBe(0);

    const second = await start(dataDir);
    expect(second.server.stdout()).not.toContain("初始密码");
    // Attachments are downloaded by signed-in callers; the changed password was kept too.
    const again = await signInAdmin(second.baseUrl, changedPassword(first.server.stdout()));
    const download = await fetch(`${second.baseUrl}${uploaded.result.url}`, { headers: { authorization: again } });
    expect(await download.text()).toBe("第一次启动时上传");
    expect(await stopServer(second.server)).toBe(0);
  });

  it("finishes an upload in flight after SIGTERM, then exits 0", async () => {
    const { server, port, baseUrl } = await start(join(workDir, "shutdown"));
    const authorization = await adminAuthorization(baseUrl, server.stdout());
    const boundary = "----graceful-shutdown-test";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="慢速上传.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    const chunk = Buffer.alloc(64 * 1024, 7);

    const response = new Promise<{ status: number; body: string }>((done, fail) => {
      const req = request(
        { host: "127.0.0.1", port, method: "POST", path: UPLOAD_PATH, headers: { "content-type": `multipart/form-data; boundary=${boundary}`, authorization } },
        (res) => {
          let body = "";
          res.on("data", (data: Buffer) => (body += data.toString()));
          res.on("end", () => done({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", fail);
      req.write(head);
      req.write(chunk);
      // The request is under way: stop the server, then send the rest slowly.
      setTimeout(() => {
        server.child.kill("SIGTERM");
        let sent = 0;
        const timer = setInterval(() => {
          req.write(chunk);
          if (++sent === 5) {
            clearInterval(timer);
            req.end(tail);
          }
        }, 100);
      }, 300);
    });

    const { status, body } = await response;
    const answeredAt = Date.now();
    expect(status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ code: 200, result: { size: 6 * chunk.length, name: "慢速上传.bin" } });
    expect(await server.exited).toBe(0);
    // Once the last request is answered nothing holds the process: no idle keep-alive wait.
    expect(Date.now() - answeredAt).toBeLessThan(2500);
    expect(server.stdout()).toContain('"msg":"database closed"');
    expect(server.stderr()).toBe("");
  });

  it("with WORKERS=2 serves from two processes, replaces one that dies, and stops them all on SIGTERM", async () => {
    const { server, baseUrl } = await start(join(workDir, "workers"), { WORKERS: "2" });
    /** The pids of the processes that said they are serving, in order. */
    const serving = () =>
      server
        .stdout()
        .split("\n")
        .filter((line) => line.includes('"msg":"serving the platform'))
        .map((line) => (JSON.parse(line) as { pid: number }).pid);
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    await expect.poll(() => serving().length, { timeout: 20_000 }).toBe(2);
    const [first, second] = serving();
    expect(first).not.toBe(second);
    // The database is prepared once, by the first process: one generated password.
    expect(server.stdout().match(/初始密码/g)).toHaveLength(1);

    process.kill(first, "SIGKILL");
    await expect.poll(() => serving().length, { timeout: 20_000 }).toBe(3);
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);

    expect(await stopServer(server)).toBe(0);
    expect(serving().filter(alive)).toEqual([]);
  });

  it("with WORKERS=2 stops with the reason when the processes cannot listen", async () => {
    const port = await freePort();
    const taken = createServer();
    await new Promise<void>((done) => taken.listen(port, "127.0.0.1", done));
    try {
      const server = spawnServer(
        { NODE_ENV: "test", PORT: String(port), DATA_DIR: join(workDir, "taken"), LOG_LEVEL: "warn", STATIC_DIR: join(workDir, "dist"), WORKERS: "2" },
        workDir,
      );
      expect(await server.exited).toBe(1);
      expect(server.stderr()).toContain(`PORT: ${port} is already in use on 127.0.0.1`);
    } finally {
      taken.close();
    }
  });
});
