import { storage } from "../../../providers/storage";
import { StorageKey } from "../../../providers/storageKeys";

/** SPEC 3 searchInputVal: the home search text, kept across visits and sign-ins, as a plain string. */
export const readSearchInput = (): string => storage.getText(StorageKey.SEARCH_INPUT_VAL) ?? "";

export const keepSearchInput = (text: string): void => storage.setText(StorageKey.SEARCH_INPUT_VAL, text);
