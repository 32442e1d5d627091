import { LoginLayout } from "./LoginLayout";

export default function RegisterPage() {
  return <LoginLayout title="shell.titles.register" />;
}
