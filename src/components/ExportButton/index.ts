export { ExportButton, exportFailure } from "./ExportButton";
