import type { ColumnType, Generated, Selectable } from "kysely";

/**
 * The tables as code sees them: camelCase names, which the CamelCasePlugin maps to the
 * snake_case columns the migrations create.
 */

/** SQLite hands back ISO text, PostgreSQL a Date; server/db/time.ts turns either into a Date. */
export type DbTime = Date | string;
/** Written through toDbTime(); the database fills it in when left out. */
export type Timestamp = ColumnType<DbTime, DbTime | undefined, DbTime>;
/** Booleans are 0/1 integers on both engines. */
export type Flag = ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;

export type UserStatus = "enabled" | "disabled";

export interface RolesTable {
  id: Generated<number>;
  code: string;
  name: string;
  builtin: Flag;
  createdAt: Timestamp;
}

export interface MenusTable {
  id: Generated<number>;
  code: string;
  name: string;
  parentCode: string | null;
  type: "menu" | "button";
  path: string | null;
  sort: number;
}

export interface RoleMenusTable {
  roleId: number;
  menuId: number;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  passwordHash: string;
  name: string;
  mobile: string | null;
  avatarFileId: string | null;
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  mustChangePassword: Flag;
  deleted: Flag;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface UserRolesTable {
  userId: number;
  roleId: number;
}

export interface FilesTable {
  /** 32 random hex characters: the id in download addresses, so it must not be guessable. */
  id: string;
  originalName: string;
  mimeType: string;
  size: number;
  sha256: string;
  /** Path of the stored bytes relative to the upload directory. */
  storageName: string;
  createdBy: number | null;
  createdAt: Timestamp;
}

export interface Database {
  roles: RolesTable;
  menus: MenusTable;
  roleMenus: RoleMenusTable;
  users: UsersTable;
  userRoles: UserRolesTable;
  files: FilesTable;
}

export type FileRow = Selectable<FilesTable>;
