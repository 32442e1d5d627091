export { ExportButton } from "./ExportButton";
