/** One record of POST /api/user/listData. */
export interface UserRow {
  id: string | number;
  username: string;
  name: string | null;
  mobile: string | null;
  status: string | number;
  roles: { code: string; name: string }[];
  company: unknown;
  createdDate: string | null;
  lastSignInDate: string | null;
}
