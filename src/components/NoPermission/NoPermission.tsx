import { Suspense } from "react";
import { lazyPart } from "../../lazyPage";

// antd's Result carries the illustrations of its 403, 404 and 500 states (about 10 KB gzip): loaded
// when a refusal is shown rather than with every list (issue 10 item 8).
const NoPermissionResult = lazyPart(async () => (await import("./NoPermissionResult")).NoPermissionResult);

/**
 * What a page shows in place of its content when the server refuses its calls (HTTP 403): one calm
 * statement instead of an error toast per call. Navigation itself is never blocked (SPEC 6).
 */
export function NoPermission() {
  return (
    <Suspense fallback={null}>
      <NoPermissionResult />
    </Suspense>
  );
}
