import { useCallback, useEffect, useState } from "react";

/**
 * Runs a load on mount and on `reload()`, keeping the last answer. A failed load leaves `data` as it
 * was: the request layer has told the user why.
 */
export function useLoaded<T>(load: () => Promise<T>): { data: T | undefined; loading: boolean; reload: () => void } {
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let alive = true;
    setLoading(true);
    load().then(
      (value) => {
        if (!alive) return;
        setData(value);
        setLoading(false);
      },
      (error: unknown) => {
        if (!alive) return;
        console.warn("load failed", error);
        setLoading(false);
      },
    );
    return () => {
      alive = false;
    };
  }, [load, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { data, loading, reload };
}
