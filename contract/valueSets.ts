/** Value sets travel and are stored as codes; the app shows them through i18n. */
export const EVALUATIONS = ["excellent", "good", "average"] as const;
export type Evaluation = (typeof EVALUATIONS)[number];
export const DEFAULT_EVALUATION: Evaluation = "average";

export const ACCOUNT_OPEN_STATES = ["opened", "notOpened", "noIntention"] as const;
export type AccountOpenState = (typeof ACCOUNT_OPEN_STATES)[number];
export const DEFAULT_ACCOUNT_OPEN_STATE: AccountOpenState = "notOpened";
