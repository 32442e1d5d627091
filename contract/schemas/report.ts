import { Type } from "typebox";
import { Id } from "./primitives";

/** POST /api/archives/queryReport: the company whose whole archive is exported as .docx. */
export const ReportBody = Type.Object({ compId: Id({ description: "企业编号" }) });
