/** How session code outside React moves the app: the router's navigate once the app has registered it. */
export type SessionNavigate = (path: string) => void;

let navigateInApp: SessionNavigate | null = null;

/** Pass null when the router goes away; navigation then falls back to a full page load. */
export function setSessionNavigator(navigate: SessionNavigate | null): void {
  navigateInApp = navigate;
}

export function goTo(path: string): void {
  if (navigateInApp) navigateInApp(path);
  else window.location.assign(path);
}
