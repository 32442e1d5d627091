export interface Throttled<A extends unknown[]> {
  (...args: A): void;
  /** Drops a call still waiting for its turn. */
  cancel: () => void;
}

/**
 * Runs `fn` at once, then at most once per `waitMs`. Calls in between are folded into one that
 * runs when the wait ends, with the latest arguments, so the last event is never lost.
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, waitMs: number): Throttled<A> {
  let lastRun = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pendingArgs: A | undefined;

  const run = (args: A) => {
    lastRun = Date.now();
    fn(...args);
  };

  const throttled = (...args: A) => {
    const remaining = waitMs - (Date.now() - lastRun);
    if (remaining <= 0 && timer === undefined) {
      run(args);
      return;
    }
    pendingArgs = args;
    timer ??= setTimeout(() => {
      timer = undefined;
      const latest = pendingArgs as A;
      pendingArgs = undefined;
      run(latest);
    }, remaining);
  };

  throttled.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pendingArgs = undefined;
  };
  return throttled;
}
