import { isSuccessBody, type Envelope } from "../../../contract/envelope";
import { UPLOAD_FIELD, UPLOAD_PATH, type UploadedFile } from "../../../contract/files";
import { storedLocale } from "../../../providers/storedLocale";

export type { UploadedFile };


/** Called right before each request, so a token refreshed in the meantime is the one sent. */
export type AuthHeaders = () => Record<string, string> | Promise<Record<string, string>>;

export interface UploadOptions {
  path?: string;
  field?: string;
  authHeaders?: AuthHeaders;
  /** Percent sent, 0 to 100. */
  onProgress?: (percent: number) => void;
}

/** `serverMessage` carries the envelope's message when the server refused the file. */
export class UploadError extends Error {
  constructor(readonly serverMessage?: string) {
    super(serverMessage ?? "upload failed");
    this.name = "UploadError";
  }
}

export interface UploadTask {
  done: Promise<UploadedFile>;
  abort: () => void;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function serverMessageOf(body: unknown): string | undefined {
  const message = (body as Partial<Envelope> | undefined)?.message;
  return typeof message === "string" && message !== "" ? message : undefined;
}

/**
 * Sends one file to the upload call as multipart form data. XMLHttpRequest rather than fetch
 * because only it reports upload progress.
 */
export function uploadFile(file: Blob, options: UploadOptions = {}): UploadTask {
  const xhr = new XMLHttpRequest();
  let aborted = false;

  const done = (async () => {
    const headers = (await options.authHeaders?.()) ?? {};
    if (aborted) throw new UploadError();
    return new Promise<UploadedFile>((resolve, reject) => {
      xhr.open("POST", options.path ?? UPLOAD_PATH);
      // Like every axios call (providers/http.ts): the server words its refusals in the user's language.
      xhr.setRequestHeader("Accept-Language", storedLocale());
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) {
          options.onProgress?.(Math.round((event.loaded / event.total) * 100));
        }
      };
      xhr.onload = () => {
        const body = parseBody(xhr.responseText);
        const result = (body as Envelope<UploadedFile> | undefined)?.result;
        if (xhr.status >= 200 && xhr.status < 300 && isSuccessBody(body) && result?.id) resolve(result);
        else reject(new UploadError(serverMessageOf(body)));
      };
      xhr.onerror = () => reject(new UploadError());
      xhr.onabort = () => reject(new UploadError());
      const form = new FormData();
      form.append(options.field ?? UPLOAD_FIELD, file);
      xhr.send(form);
    });
  })();

  return {
    done,
    abort: () => {
      aborted = true;
      xhr.abort();
    },
  };
}
