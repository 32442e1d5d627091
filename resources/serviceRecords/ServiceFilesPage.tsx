import { PageFrame } from "../../src/components/PageFrame";
import { archiveCrumbs } from "./crumbs";

export default function ServiceFilesPage() {
  return <PageFrame title="shell.titles.serviceFiles" crumbs={archiveCrumbs} />;
}
