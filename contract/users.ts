/** User administration (/user, /userCenter/userManage): what the list shows and the form sends. */

export const USER_STATUSES = ["enabled", "disabled"] as const;
export type UserStatusValue = (typeof USER_STATUSES)[number];

/**
 * The name the seed gives the administrator it creates. The app shows it in the reader's language
 * (the greeting); a name someone typed is data and shown as typed.
 */
export const SEEDED_ADMIN_NAME = "管理员";

/** A person's name, as the personal-details form also accepts it. */
export const USER_NAME_MAX = 50;
/** The list's free-text search (name, username or mobile). */
export const USER_KEYWORD_MAX = 50;

/*
 * The wire shapes of user administration are TypeBox schemas in schemas/users.ts; their types are
 * re-exported here so the app names them without loading TypeBox.
 */
export type {
  ActiveSession,
  AdminUser,
  AdminUserPage,
  CompanyOrg,
  CreatedUser,
  NewUserInput,
  RoleSummary,
  UserEditInput,
  UserListFilter,
} from "./schemas/users";
