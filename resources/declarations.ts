import type { ResourceDeclaration } from "./declareResource";

/**
 * Every export of every resources/<folder>/resource.ts, so adding a resource adds a file and edits
 * no list here. Sorted by name: discovery order must not decide anything.
 */
export const declarations = Object.entries(import.meta.glob<Record<string, ResourceDeclaration>>("./*/resource.ts", { eager: true }))
  .flatMap(([file, module]) =>
    Object.entries(module).map(([exported, declaration]) => {
      if (typeof declaration?.name !== "string") throw new Error(`resources: ${file} exports ${exported}, which is not a resource`);
      return declaration;
    }),
  )
  .sort((a, b) => a.name.localeCompare(b.name));
