import { useEffect, useRef } from "react";

/**
 * Asks the user about unsaved work before the session ends: resolves true when it may end (the work
 * was saved or let go), false when the user chose to stay.
 */
export type LeaveGuard = () => Promise<boolean>;

const guards = new Set<LeaveGuard>();

/** Adds a guard for as long as the returned function is not called. */
export function registerLeaveGuard(guard: LeaveGuard): () => void {
  guards.add(guard);
  return () => {
    guards.delete(guard);
  };
}

/**
 * Runs the guards one after another, before anything of the session is cleared, so that a Save
 * still goes out with a valid token. False as soon as one says stay.
 */
export async function confirmLeaving(): Promise<boolean> {
  for (const guard of [...guards]) {
    if (!(await guard())) return false;
  }
  return true;
}

/** Registers `guard` while the component is mounted and `active` holds; the latest guard is the one asked. */
export function useLeaveGuard(active: boolean, guard: LeaveGuard): void {
  const latest = useRef(guard);
  latest.current = guard;
  useEffect(() => (active ? registerLeaveGuard(() => latest.current()) : undefined), [active]);
}
