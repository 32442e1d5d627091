import { useCallback, useEffect, useState } from "react";

/**
 * Whole seconds left until a deadline, ticking once a second. Counted from the clock rather than by
 * decrementing, so a throttled background tab still ends on time.
 */
export function useCountdown(): { secondsLeft: number; start: (durationMs: number) => void } {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) setDeadline(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback((durationMs: number) => {
    const current = Date.now();
    setNow(current);
    setDeadline(current + durationMs);
  }, []);

  const secondsLeft = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return { secondsLeft, start };
}
