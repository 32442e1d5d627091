import type { ServiceRecordMessageKey } from "../../../../contract/serviceRecord";
import { text, type ServerText } from "../../../i18n";

/** The form's own messages (archive.validation), so the server says exactly what the form says. */
export const validationMessage = (key: ServiceRecordMessageKey): ServerText => text(`archive.validation.${key}`);

export const RecordMessages = {
  notFound: text("server.archive.recordNotFound"),
  unknownCompany: text("server.archive.unknownCompany"),
  badDate: text("server.archive.badDate"),
  attachmentMissing: text("server.archive.attachmentMissing"),
  attachmentNotOffice: text("server.archive.attachmentNotOffice"),
  researcherNotStaff: text("server.archive.researcherNotStaff"),
  notYours: text("server.archive.recordNotYours"),
  voided: text("server.archive.recordVoided"),
  conflict: text("server.archive.recordConflict"),
  conflictBy: (editor: string, editDate: string, fields: ServerText[]) => text("server.archive.recordConflictBy", { editor, editDate, fields }),
  voidReasonRequired: text("server.archive.voidReasonRequired"),
} as const;
