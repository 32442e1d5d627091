import type { RouteOptions } from "fastify";

/**
 * An onRoute hook for a scope whose routes come from a third-party plugin (docs viewer, static
 * files) and so cannot state their access themselves: they are for everyone.
 */
export function markPublic(route: RouteOptions): void {
  route.config = { ...route.config, access: "public" };
}
