import type { AxiosProgressEvent, AxiosResponse } from "axios";
import type { AnswerConflict } from "../../contract/answers";
import type { Dimension, ServiceQuestion } from "../../contract/questionnaires";
import { http } from "../../providers/http";
import { saveDownload } from "../../providers/download";
import { serviceRecords } from "./resource";

/** A dimension tab (GET /api/archives/queryDimension) and one of its questions with the current answer. */
export type { Dimension, ServiceQuestion };

/** The conflicts a 409 refusal carries, if any. */
export function conflictsOf(body: unknown): AnswerConflict[] {
  const result = (body as { result?: { conflicts?: unknown } } | undefined)?.result;
  return Array.isArray(result?.conflicts) ? (result.conflicts as AnswerConflict[]) : [];
}

/**
 * The declared report call: the whole archive as .docx, saved under the server's file name. A
 * download with progress, so plain http rather than a data hook. Silent: the caller shows SPEC 8's
 * single "Export failed" warning.
 */
export async function exportReport(
  compId: number,
  fallbackName: string,
  onProgress: (percent: number) => void,
): Promise<void> {
  const response = await http.post<AxiosResponse<Blob>>(
    serviceRecords.actions.report.url,
    { compId },
    {
      responseType: "blob",
      silent: true,
      onDownloadProgress: (event: AxiosProgressEvent) => {
        if (event.total) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      },
    },
  );
  saveDownload(response, fallbackName);
}
