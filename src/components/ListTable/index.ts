export { ListTable } from "./ListTable";
export { LIST_TABLE_OPTIONS } from "./listTableOptions";
export { valueEnumOf, type ValueStatus } from "./valueEnum";
