export { FormModal } from "./FormModal";
