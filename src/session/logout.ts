import { authProvider } from "../../providers/authProvider";
import { Paths } from "../routes";

/** SPEC 4 logout for views outside Refine's hooks (the header): the authProvider's logout, then its page. */
export async function logout(navigate: (path: string) => void): Promise<void> {
  const { redirectTo } = await authProvider.logout({});
  navigate(redirectTo ?? Paths.LOGIN_INDEX);
}
