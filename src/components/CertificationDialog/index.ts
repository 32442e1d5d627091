export { CertificationDialog, CERTIFICATION_DIALOG_WIDTH } from "./CertificationDialog";
export type { CertificationDialogProps } from "./CertificationDialog";
