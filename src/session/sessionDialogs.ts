import { useSyncExternalStore } from "react";
import type { LoginPromptOptions } from "../components/LoginPromptDialog";

/** Which of the session dialogs is open; SessionHost renders them, anything may open them. */
export interface SessionDialogState {
  loginPromptOpen: boolean;
  /** Kept after closing, so the prompt keeps its texts while it fades out. */
  loginPrompt: LoginPromptOptions;
  certification: boolean;
}

let state: SessionDialogState = { loginPromptOpen: false, loginPrompt: {}, certification: false };
const listeners = new Set<() => void>();

function update(change: Partial<SessionDialogState>): void {
  state = { ...state, ...change };
  listeners.forEach((listener) => listener());
}

export const openLoginPrompt = (options: LoginPromptOptions = {}): void =>
  update({ loginPromptOpen: true, loginPrompt: options });
export const closeLoginPrompt = (): void => update({ loginPromptOpen: false });
export const openCertificationDialog = (): void => update({ certification: true });
export const closeCertificationDialog = (): void => update({ certification: false });

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionDialogs(): SessionDialogState {
  return useSyncExternalStore(subscribe, () => state);
}
