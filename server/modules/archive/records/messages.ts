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
} as const;
