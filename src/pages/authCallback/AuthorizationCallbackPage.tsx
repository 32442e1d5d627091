/** SPEC 2: the return page of single sign-on shows nothing visible. */
export default function AuthorizationCallbackPage() {
  return null;
}
