import type { AxiosProgressEvent, AxiosResponse } from "axios";
import type { AnswerConflict, AnswerItem } from "../../contract/answers";
import { http } from "../../providers/http";
import { saveDownload } from "../../providers/download";

/** A dimension tab (GET /api/archives/queryDimension). */
export interface Dimension {
  serviceNo: string;
  serviceName: string;
  /** The IP dimension, marked with a red asterisk (SPEC 2). */
  isIp: boolean | number | string;
}

/** One question of a dimension with its current answer (POST /api/archives/queryServiceQuestion). */
export interface ServiceQuestion {
  questionNo: string;
  question: string;
  isReq: "1" | "0";
  currentAnswer: string | null;
  version: number;
  lastEditDate: string | null;
  lastEditor: string | null;
}

export const DIMENSIONS_URL = "/api/archives/queryDimension";
export const QUESTIONS_URL = "/api/archives/queryServiceQuestion";
export const SAVE_ANSWERS_URL = "/api/archives/serviceAnswer";
export const REPORT_URL = "/api/archives/queryReport";

/** Saves answers; silent, so the caller shows a refusal once, with the conflicts marked. */
export function saveAnswers(items: AnswerItem[]) {
  return http.post(SAVE_ANSWERS_URL, items, { silent: true });
}

/** The conflicts a 409 refusal carries, if any. */
export function conflictsOf(body: unknown): AnswerConflict[] {
  const result = (body as { result?: { conflicts?: unknown } } | undefined)?.result;
  return Array.isArray(result?.conflicts) ? (result.conflicts as AnswerConflict[]) : [];
}

/**
 * POST /api/archives/queryReport: the whole archive as .docx, saved under the server's file name.
 * Silent: the caller shows SPEC 8's single "Export failed" warning.
 */
export async function exportReport(
  compId: number,
  fallbackName: string,
  onProgress: (percent: number) => void,
): Promise<void> {
  const response = await http.post<AxiosResponse<Blob>>(
    REPORT_URL,
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
