import { http } from "../providers/http";
import { createDataProvider } from "../providers/dataProvider";
import { declarations } from "./declarations";
import { buildRegistry } from "./registry";

export const { resources, endpoints, routes: resourceRoutes, menuCodeOf } = buildRegistry(declarations);

/** Refine's data provider over the declared resources' calls. */
export const dataProvider = createDataProvider(http, endpoints);
