import type { Crumb } from "../../src/components/PageFrame";
import { Paths } from "../../contract/paths";

/** SPEC 2: Home > data-intelligence page > Knock-door service archive. */
export const archiveCrumbs: Crumb[] = [
  { title: "shell.titles.home", path: Paths.HOME },
  // The company finder: where an archive is picked.
  { title: "shell.crumbs.dataIntelligence", path: Paths.SERVICE_FILES },
  { title: "shell.titles.serviceFiles" },
];
