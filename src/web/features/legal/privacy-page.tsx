import { LegalPage } from "./legal-page";
import { privacyPolicy } from "./privacy-content";

export function PrivacyPage() {
  return <LegalPage document={privacyPolicy} />;
}
