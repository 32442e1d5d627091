export { LoginPromptDialog, LOGIN_PROMPT_WIDTH } from "./LoginPromptDialog";
export type { LoginPromptDialogProps, LoginPromptOptions } from "./LoginPromptDialog";
