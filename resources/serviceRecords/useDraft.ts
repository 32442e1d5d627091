import { useCallback, useEffect, useMemo, useRef } from "react";
import { DraftKeyPrefix } from "../../providers/storageKeys";

/**
 * Drafts of the archive's forms (the visit record form, a question tab's answers) in localStorage:
 * written a moment after the user stops typing, and when the page goes away, so that a reload, a
 * crash or an expired session does not cost what was typed; offered back when the form opens again
 * (DraftNotice) and removed once the form is saved or the draft is let go.
 *
 * A draft's key names the signed-in user (so another user of the browser is never offered it), the
 * company, and the record or dimension. A draft above DRAFT_MAX_BYTES is not written (the previous
 * one stays), a full storage is ignored, and drafts older than DRAFT_MAX_AGE_MS are removed.
 */

export interface Draft<V> {
  /** When it was written, in ms since the epoch. */
  savedAt: number;
  values: V;
}

/** The largest draft written, as the browser stores it (UTF-16, two bytes a code unit). */
export const DRAFT_MAX_BYTES = 1024 * 1024;
/** How long after the last change a draft is written. */
export const DRAFT_DELAY_MS = 500;
/** Drafts left this long are removed when a form with drafts opens. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

type Prefix = (typeof DraftKeyPrefix)[keyof typeof DraftKeyPrefix];

/** A draft's storage key; null without a signed-in user, whose drafts are then neither read nor written. */
export function draftKey(prefix: Prefix, userId: string | number | null | undefined, ...parts: (string | number)[]): string | null {
  if (userId === null || userId === undefined || userId === "") return null;
  return [prefix, ...[userId, ...parts].map((part) => encodeURIComponent(String(part)))].join(":");
}

const isDraftKey = (key: string) => Object.values(DraftKeyPrefix).some((prefix) => key.startsWith(`${prefix}:`));

function parse<V>(raw: string | null): Draft<V> | null {
  if (raw === null) return null;
  try {
    const draft = JSON.parse(raw) as Partial<Draft<V>> | null;
    if (!draft || typeof draft.savedAt !== "number" || typeof draft.values !== "object" || draft.values === null) return null;
    return draft as Draft<V>;
  } catch {
    return null;
  }
}

/** The stored draft, or null (none, unreadable or too old; storage unavailable). */
export function readDraft<V>(key: string): Draft<V> | null {
  try {
    const draft = parse<V>(localStorage.getItem(key));
    return draft && Date.now() - draft.savedAt <= DRAFT_MAX_AGE_MS ? draft : null;
  } catch {
    return null;
  }
}

/** Writes a draft; false when it is too large or the browser refused it (quota, private mode). */
export function writeDraft<V>(key: string, values: V): boolean {
  try {
    const text = JSON.stringify({ savedAt: Date.now(), values } satisfies Draft<V>);
    if (text.length * 2 > DRAFT_MAX_BYTES) return false;
    localStorage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

export function removeDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage unavailable: there is nothing to remove either.
  }
}

let pruned = false;

/** Once a page load: removes every user's drafts older than DRAFT_MAX_AGE_MS, and unreadable ones. */
function pruneOldDrafts(): void {
  if (pruned) return;
  pruned = true;
  try {
    const old: string[] = [];
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index);
      if (key === null || !isDraftKey(key)) continue;
      const draft = parse(localStorage.getItem(key));
      if (!draft || Date.now() - draft.savedAt > DRAFT_MAX_AGE_MS) old.push(key);
    }
    old.forEach(removeDraft);
  } catch {
    // Storage unavailable.
  }
}

/**
 * A form's draft under `key`: `read` the stored one, `save` values (written after DRAFT_DELAY_MS
 * without another save, or at once when the page is hidden or the form unmounts), `clear` it (and
 * any write still waiting). A waiting write keeps the key it was made under, so a session that ends
 * meanwhile still files it under its user.
 */
export function useDraft<V>(key: string | null): {
  read: () => Draft<V> | null;
  save: (values: V) => void;
  clear: () => void;
} {
  const waiting = useRef<{ key: string; values: V } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const next = waiting.current;
    waiting.current = null;
    if (next) writeDraft(next.key, next.values);
  }, []);

  const save = useCallback(
    (values: V) => {
      if (key === null) return;
      waiting.current = { key, values };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, DRAFT_DELAY_MS);
    },
    [key, flush],
  );

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    waiting.current = null;
    if (key !== null) removeDraft(key);
  }, [key]);

  const read = useCallback(() => (key === null ? null : readDraft<V>(key)), [key]);

  useEffect(() => {
    pruneOldDrafts();
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [flush]);

  return useMemo(() => ({ read, save, clear }), [read, save, clear]);
}
