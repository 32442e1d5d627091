export { ListSearch, searchFilters } from "./ListSearch";
export { ListTable, valueEnumOf, type ListColumn, type ValueEnum, type ValueStatus, type ValueType } from "./ListTable";
export { LIST_TABLE_OPTIONS } from "./listTableOptions";
