import { useCallback, useEffect, useRef, useState } from "react";
import { useBlocker } from "react-router";
import { useLeaveGuard } from "../../src/session/leaveGuards";

/** What the page shows in its UnsavedChangesDialog (the variant with Stay). */
export interface LeaveDialogProps {
  open: boolean;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onStay: () => void;
}

/**
 * While `dirty`, every way out of the page asks first: another page of the app (react-router's
 * blocker, which needs the data router), the browser closing or reloading the window (its own
 * prompt), and logging out (a leave guard, asked before the session ends). Save leaves once
 * `save` reports success, Don't save calls `discard` and leaves, Stay cancels.
 * `release` lets the page leave without asking, e.g. after it saved on its own.
 */
export function useLeaveConfirmation({
  dirty,
  save,
  discard,
}: {
  dirty: boolean;
  save: () => Promise<boolean>;
  discard: () => void;
}): { dialog: LeaveDialogProps; release: () => void } {
  // Read by the blocker and the unload prompt, so a choice made a moment ago counts before React re-renders.
  const asking = useRef(dirty);
  useEffect(() => {
    asking.current = dirty;
  }, [dirty]);
  const release = useCallback(() => {
    asking.current = false;
  }, []);

  useEffect(() => {
    if (!dirty) return undefined;
    const ask = (event: BeforeUnloadEvent) => {
      if (!asking.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);

  // A change of the query alone (a tab of the same page) is the page's own business.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      asking.current && currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
  );

  // The logout waiting for the user's answer.
  const [loggingOut, setLoggingOut] = useState<{ answer: (leave: boolean) => void }>();
  useLeaveGuard(dirty, () => new Promise<boolean>((answer) => setLoggingOut({ answer })));
  // A page that goes away while a logout waits has nothing left to save.
  const waiting = useRef(loggingOut);
  waiting.current = loggingOut;
  useEffect(() => () => waiting.current?.answer(true), []);

  const [saving, setSaving] = useState(false);

  const finish = (leave: boolean) => {
    if (leave) release();
    if (blocker.state === "blocked") {
      if (leave) blocker.proceed();
      else blocker.reset();
    }
    loggingOut?.answer(leave);
    setLoggingOut(undefined);
  };

  const onSave = async () => {
    setSaving(true);
    const saved = await save();
    setSaving(false);
    if (saved) finish(true);
  };

  return {
    dialog: {
      open: blocker.state === "blocked" || loggingOut !== undefined,
      saving,
      onSave: () => void onSave(),
      onDiscard: () => {
        discard();
        finish(true);
      },
      onStay: () => finish(false),
    },
    release,
  };
}
