export { PageFrame, type Crumb } from "./PageFrame";
