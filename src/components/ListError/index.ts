export { ListError, retryUnlessRefused } from "./ListError";
