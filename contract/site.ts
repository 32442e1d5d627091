/**
 * The association's name when ASSOCIATION_NAME is unset. The app shows this default in the
 * reader's language (its catalog's shell.footer.association); a configured name is data.
 */
export const DEFAULT_ASSOCIATION_NAME = "市半导体行业协会";
