/**
 * The columns each list can be sorted by: the `orders` its page call accepts (contract/schemas
 * `Orders`) and the headers its table lets a reader click. A column is here only where its order
 * is cheap enough on a full table (an index, or a list bounded in size).
 */
export const ListSorts = {
  users: ["username", "name", "createdDate", "lastSignInDate"],
  sessions: ["signInDate", "lastCallDate"],
  certifications: ["createdAt", "reviewedAt"],
  logs: ["lastModifiedDate"],
  serviceRecords: ["serviceTime"],
  /** Every visit across companies: by service time, or by company name (its unique index, then the newest visit). */
  visits: ["serviceTime", "companyName"],
} as const;

export type ListSortColumn<List extends keyof typeof ListSorts> = (typeof ListSorts)[List][number];
