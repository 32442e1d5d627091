import { LoginLayout } from "./LoginLayout";

export default function RetrievePasswordPage() {
  return <LoginLayout title="shell.titles.retrievePassword" />;
}
