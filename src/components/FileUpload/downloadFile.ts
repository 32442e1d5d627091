import type { AxiosResponse } from "axios";
import { downloadPath } from "../../../contract/files";
import { saveDownload } from "../../../providers/download";
import { http } from "../../../providers/http";

/**
 * Fetches a stored file with the caller's token and saves it: a file that is no image (a visit
 * record's attachment) is served to signed-in callers allowed to read it, so a plain link, which
 * carries no token, would be refused. A refusal is shown by the http layer's error toast.
 */
export async function downloadStoredFile(id: string, fallbackName: string): Promise<void> {
  const response = await http.get<AxiosResponse<Blob>>(downloadPath(id), { responseType: "blob" });
  saveDownload(response, fallbackName);
}
