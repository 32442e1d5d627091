import { LoginLayout } from "./LoginLayout";

export default function LoginPage() {
  return <LoginLayout title="shell.titles.login" />;
}
