export { ListTable } from "./ListTable";
