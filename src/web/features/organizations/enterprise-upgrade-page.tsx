import { CalendarDays, CheckCircle2, Mail } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { enterpriseUpgradeMailto, organizationStatusLabels } from "../../../shared/organizations";
import { FeatureList } from "../../components/feature-list";
import { PageHeader } from "../../components/layout/page-header";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card";
import { useSiteConfig } from "../../lib/site-config-context";
import { useSession } from "../session";
import { TrialBadge } from "./trial-badge";

const enterpriseFeatures = [
  "Every member manages documents on your organization's plan, with no personal subscriptions",
  "A monthly document allowance sized to your practice",
  "Microsoft (Entra ID) sign-in, which you can require for your members",
  "Invitations, roles and sign-in methods managed by your admins",
  "User and storage limits set for your practice",
  "Priority processing and support",
] as const;

function RequestSent({ salesEmail, onSendAnother }: { salesEmail: string; onSendAnother: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The view replaced the button that was focused: bring keyboard and screen reader users to what happened.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Card className="max-w-2xl">
      <CardContent className="flex flex-col items-center gap-4 p-10 text-center">
        <CheckCircle2 aria-hidden className="size-10 text-primary" />
        <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
          Request Sent!
        </h2>
        <p className="max-w-md text-muted-foreground">
          Your email app opened a message to <span className="font-medium break-all text-foreground">{salesEmail}</span>. Once you send it, our sales team will
          reply within 24 hours.
        </p>
        <Button type="button" variant="outline" onClick={onSendAnother}>
          Send Another Request
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * The enterprise upgrade page (also /app/contact-sales): what Enterprise adds, the trial's days,
 * 'Email Sales Team' (a pre-filled email to the site's sales address) and 'Schedule Demo' when a
 * booking page is configured.
 */
export function EnterpriseUpgradePage() {
  const site = useSiteConfig();
  const { user } = useSession();
  const [isSent, setSent] = useState(false);
  const organizationName = user?.organizationName ?? user?.displayName ?? "my practice";
  const status = user?.organizationStatus ?? null;

  return (
    <>
      <PageHeader title="Upgrade to Enterprise" description={`${site.productName} for your whole practice, on one plan.`} />
      {isSent ? (
        <RequestSent salesEmail={site.salesEmail} onSendAnother={() => setSent(false)} />
      ) : (
        <Card className="max-w-2xl">
          <CardHeader>
            <div className="flex flex-wrap items-center gap-2">
              <CardTitle className="text-lg">Enterprise for {organizationName}</CardTitle>
              {status === "trial" && user?.trialDaysLeft != null && <TrialBadge daysLeft={user.trialDaysLeft} />}
              {status && status !== "trial" && <Badge variant="outline">{organizationStatusLabels[status]}</Badge>}
            </div>
            <CardDescription>Tell us about your practice and we will set Enterprise up with you.</CardDescription>
          </CardHeader>
          <CardContent>
            <FeatureList features={enterpriseFeatures} className="grid gap-2" />
          </CardContent>
          <CardFooter className="flex-col items-stretch gap-3 sm:flex-row sm:items-center">
            <Button asChild>
              <a href={enterpriseUpgradeMailto(site.salesEmail, organizationName)} onClick={() => setSent(true)}>
                <Mail aria-hidden />
                Email Sales Team
              </a>
            </Button>
            {site.salesBookingUrl && (
              <Button asChild variant="outline">
                <a href={site.salesBookingUrl} target="_blank" rel="noopener noreferrer">
                  <CalendarDays aria-hidden />
                  Schedule Demo
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </Button>
            )}
            <p className="text-sm text-muted-foreground">Our sales team replies within 24 hours.</p>
          </CardFooter>
        </Card>
      )}
    </>
  );
}
