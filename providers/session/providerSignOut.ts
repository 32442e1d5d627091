import { loadSsoConfig } from "./ssoConfig";

/**
 * OpenID Connect RP-Initiated Logout: sends the whole window to the provider's end_session_endpoint,
 * which ends the provider's own session and sends the browser back to the login page, so the next
 * 统一身份认证登录 on a shared computer asks for a password again. The id token goes as a form
 * post (the spec has every provider accept POST), so it is in no address. Resolves true once the
 * window is leaving; false when the provider offers no sign-out or its settings cannot be read,
 * and the caller goes on to the login page.
 */
export async function signOutAtProvider(idToken: string): Promise<boolean> {
  let endSessionUrl: string | null;
  let fields: Record<string, string>;
  try {
    const config = await loadSsoConfig();
    endSessionUrl = config.endSessionUrl;
    fields = { id_token_hint: idToken, post_logout_redirect_uri: config.postLogoutRedirectUri, client_id: config.clientId };
  } catch (error) {
    console.warn("single sign-on settings unavailable: the provider's session is not ended", error);
    return false;
  }
  if (!endSessionUrl) return false;
  const form = document.createElement("form");
  form.method = "post";
  form.action = endSessionUrl;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  return true;
}
