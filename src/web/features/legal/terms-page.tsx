import { LegalPage } from "./legal-page";
import { termsOfService } from "./terms-content";

export function TermsPage() {
  return <LegalPage document={termsOfService} />;
}
