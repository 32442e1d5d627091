import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { throttle } from "../../../src/components/LazyImage";

describe("throttle", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs the first call at once", () => {
    const fn = vi.fn();
    throttle(fn, 300)("a");
    expect(fn).toHaveBeenCalledWith("a");
  });

  it("folds the calls of the next 300 ms into one, run when they end with the latest arguments", () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 300);
    throttled(1);
    vi.advanceTimersByTime(100);
    throttled(2);
    throttled(3);
    vi.advanceTimersByTime(199);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(fn).toHaveBeenLastCalledWith(3);
  });

  it("runs at most once per 300 ms under a steady stream of calls", () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 300);
    for (let t = 0; t < 1000; t += 10) {
      throttled(t);
      vi.advanceTimersByTime(10);
    }
    vi.runAllTimers();
    expect(fn.mock.calls.length).toBeLessThanOrEqual(5);
    expect(fn).toHaveBeenLastCalledWith(990);
  });

  it("runs at once again after a quiet period", () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 300);
    throttled("a");
    vi.advanceTimersByTime(500);
    throttled("b");
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it("drops a waiting call when cancelled", () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 300);
    throttled(1);
    throttled(2);
    throttled.cancel();
    vi.runAllTimers();
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
