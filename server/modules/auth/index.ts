import type { App } from "../../types";
import { decorateGrants, registerGrant } from "./grants";
import { passwordGrant } from "./passwordGrant";
import authRoutes from "./routes";
import { decorateUserInfo } from "./userInfo";

/**
 * Sign-in on the root instance: the grant registry (with the password grant) and the user-info
 * enrichers, which other modules extend, then the routes. Register before those modules.
 */
export async function registerSignIn(app: App): Promise<void> {
  decorateGrants(app);
  decorateUserInfo(app);
  registerGrant(app, "password", passwordGrant(app));
  await app.register(authRoutes);
}
