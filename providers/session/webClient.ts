/**
 * The OAuth client the app is at /uaa/oauth/token (DESIGN.md: WEB_CLIENT_ID, WEB_CLIENT_SECRET). A
 * secret shipped to browsers proves nothing; the server treats it as an identifier.
 */
export const WEB_CLIENT = { id: "web", secret: "web-secret" } as const;
