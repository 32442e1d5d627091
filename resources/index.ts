import { http } from "../providers/http";
import { createDataProvider } from "../providers/dataProvider";
import type { ResourceDeclaration } from "./declareResource";
import { buildRegistry } from "./registry";

/**
 * Every export of every resources/<folder>/resource.ts, so adding a resource adds a file and edits
 * no list here. Sorted by name: discovery order must not decide anything.
 */
const declarations = Object.entries(import.meta.glob<Record<string, ResourceDeclaration>>("./*/resource.ts", { eager: true }))
  .flatMap(([file, module]) =>
    Object.entries(module).map(([exported, declaration]) => {
      if (typeof declaration?.name !== "string") throw new Error(`resources: ${file} exports ${exported}, which is not a resource`);
      return declaration;
    }),
  )
  .sort((a, b) => a.name.localeCompare(b.name));

export const { resources, endpoints, routes: resourceRoutes, menuCodeOf } = buildRegistry(declarations);

/** Refine's data provider over the declared resources' calls. */
export const dataProvider = createDataProvider(http, endpoints);
