import { vi } from "vitest";

/** Stands in for XMLHttpRequest: records what is sent and answers when the test says so. */
export class FakeXhr {
  static sent: FakeXhr[] = [];

  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  responseText = "";
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  send(body: FormData): void {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  abort(): void {
    this.onabort?.();
  }

  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  respond(status: number, body: unknown): void {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }

  fail(): void {
    this.onerror?.();
  }

  /** The file sent under a multipart field. */
  fileIn(field: string): File | undefined {
    const value = this.body?.get(field);
    return value instanceof File ? value : undefined;
  }
}

export function installFakeXhr(): void {
  FakeXhr.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
}

export const stored = (id: string, name: string) => ({
  code: 200,
  message: "success",
  result: { id, name, size: 10, mimeType: "application/octet-stream", url: `/api/open/download/${id}` },
});
