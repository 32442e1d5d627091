import { PageFrame } from "../../src/components/PageFrame";

export default function LogList() {
  return <PageFrame title="shell.titles.logs" crumbs={[{ title: "shell.titles.home", path: "/" }, { title: "shell.titles.logs" }]} />;
}
