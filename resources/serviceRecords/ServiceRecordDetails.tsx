import { PageFrame } from "../../src/components/PageFrame";
import { archiveCrumbs } from "./crumbs";

export default function ServiceRecordDetails() {
  return <PageFrame title="shell.titles.serviceFilesDetails" crumbs={archiveCrumbs} />;
}
