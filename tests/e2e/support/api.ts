import { expect } from "vitest";
import { FIXED_CAPTCHA, type RunningServer } from "./server";

/** Calls our server as a signed-in user, the way the app does: bearer token, JSON envelope. */
export interface ApiCaller {
  get<T = unknown>(path: string): Promise<T>;
  post<T = unknown>(path: string, body: unknown): Promise<T>;
  /** A multipart upload of one file, as the field `file`. */
  upload<T = unknown>(path: string, filename: string, content: Buffer): Promise<T>;
}

/** Signs in over HTTP (captcha, then the password grant) and returns a caller holding the token. */
export async function apiAs(server: RunningServer, username: string, password: string): Promise<ApiCaller> {
  const captcha = await (await fetch(`${server.baseUrl}/uaa/identity/captcha`)).json();
  const tokenAnswer = await fetch(`${server.baseUrl}/uaa/oauth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      grant_type: "password",
      client_id: "web",
      client_secret: "web-secret",
      username,
      password,
      vid: captcha.result.vid,
      vcode: FIXED_CAPTCHA,
      auth_code: "",
    }),
  });
  const token = await tokenAnswer.json();
  expect(token.access_token, `sign-in of ${username}`).toBeTruthy();
  return {
    async get<T>(path: string): Promise<T> {
      const res = await fetch(server.baseUrl + path, { headers: { Authorization: `bearer ${token.access_token}` } });
      const envelope = await res.json();
      expect(envelope.code, `${path}: ${envelope.message}`).toBe(200);
      return envelope.result as T;
    },
    async post<T>(path: string, body: unknown): Promise<T> {
      const res = await fetch(server.baseUrl + path, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `bearer ${token.access_token}` },
        body: JSON.stringify(body),
      });
      const envelope = await res.json();
      expect(envelope.code, `${path}: ${envelope.message}`).toBe(200);
      return envelope.result as T;
    },
    async upload<T>(path: string, filename: string, content: Buffer): Promise<T> {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(content)]), filename);
      const res = await fetch(server.baseUrl + path, { method: "POST", headers: { Authorization: `bearer ${token.access_token}` }, body: form });
      const envelope = await res.json();
      expect(envelope.code, `${path}: ${envelope.message}`).toBe(200);
      return envelope.result as T;
    },
  };
}

/**
 * A user of one built-in role created by the administrator, who has already replaced the generated
 * password (a generated one must be changed before anything else).
 */
export async function createUserWithRole(
  server: RunningServer,
  role: "staff" | "member",
  username: string,
  name: string,
  password: string,
): Promise<number> {
  const admin = await apiAs(server, "admin", server.adminPassword);
  const created = await admin.post<{ id: number; initialPassword: string }>("/api/user/edit", { username, name, roleCodes: [role] });
  const user = await apiAs(server, username, created.initialPassword);
  await user.post("/patnavi/ucenter/rest/user/passwd", { oldPassword: created.initialPassword, newPassword: password });
  return created.id;
}

/** Returns the new user's id. */
export function createStaffMember(server: RunningServer, username: string, name: string, password: string): Promise<number> {
  return createUserWithRole(server, "staff", username, name, password);
}
