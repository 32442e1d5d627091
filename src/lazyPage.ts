import { lazy, type ComponentType } from "react";
import { LAZY_CHUNK_TIMEOUT_MS } from "../contract/limits";

export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super(`A page chunk did not load within ${LAZY_CHUNK_TIMEOUT_MS / 1000} s`);
    this.name = "ChunkLoadTimeoutError";
  }
}

/**
 * A lazily loaded page, or a part of the shell only some visits show, whose chunk (script or style)
 * fails after 120 s at the latest (SPEC 8).
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), LAZY_CHUNK_TIMEOUT_MS);
        load().then(
          (mod) => {
            clearTimeout(timer);
            resolve(mod);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error);
          },
        );
      }),
  );
}

/** lazyPage for a component its module exports by name: `lazyPart(async () => (await import("./X")).X)`. */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazyPage(async () => ({ default: await load() }));
}
