import { PageFrame } from "../../src/components/PageFrame";

export default function UserList() {
  return <PageFrame title="shell.titles.userList" crumbs={[{ title: "shell.titles.home", path: "/" }, { title: "shell.titles.userList" }]} />;
}
