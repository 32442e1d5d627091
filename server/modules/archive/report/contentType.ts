/** A .docx's media type: apart from document.ts, so that the export's route names it without loading docx. */
export const DOCX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
