import { declarations } from "./declarations";
import { buildRegistry } from "./registry";

/**
 * The resources' page routes alone, for the route table every first visit loads (src/routes.ts):
 * the rest of the registry and the data provider (./index) load with Refine, which the sign-in
 * pages go without.
 */
export const resourceRoutes = buildRegistry(declarations).routes;
