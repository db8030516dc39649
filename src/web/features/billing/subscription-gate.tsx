import { Ban, CreditCard } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { can } from "../../../shared/access";
import { accessSubjectOf } from "../../../shared/app-user";
import { paths } from "../../../shared/paths";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Skeleton } from "../../components/ui/skeleton";
import { useSiteConfig } from "../../lib/site-config-context";
import { useSession } from "../session";
import { PlanCards } from "./plan-cards";
import { hasDocumentAccess, useBillingActions, useBillingSummary } from "./use-billing";

/**
 * Document management needs an active subscription: without one, plan cards take the place of
 * the content. Errors starting a subscription from here stay silent, as the spec has it.
 */
export function SubscriptionGate({ header, children }: { header: ReactNode; children: ReactNode }) {
  const summary = useBillingSummary();
  const { subscribe } = useBillingActions({ isSilent: true });
  if (summary.isPending) {
    return (
      <>
        {header}
        <div role="status" aria-label="Checking your subscription" className="space-y-3">
          <Skeleton className="h-6 w-64" />
          <Skeleton className="h-40 w-full max-w-2xl" />
        </div>
      </>
    );
  }
  // A summary that cannot load is tolerated (spec): the library itself still answers for access.
  if (summary.isError || hasDocumentAccess(summary.data)) return <>{children}</>;
  // No plan would let a suspended organization's members process documents: they are told why and
  // whom to ask instead of being offered plans, and keep reading what they have.
  if (summary.data.mode !== "off" && summary.data.organizationPlan?.status === "suspended") {
    return (
      <>
        <SuspendedOrganizationNotice />
        {children}
      </>
    );
  }
  return (
    <>
      {header}
      <section aria-labelledby="subscription-gate-title" className="max-w-3xl space-y-5">
        <div className="flex gap-3">
          <CreditCard aria-hidden className="mt-1 size-5 shrink-0 text-primary" />
          <div>
            <h2 id="subscription-gate-title" className="text-lg font-semibold">
              Choose a plan to manage your documents
            </h2>
            <p className="text-sm text-muted-foreground">
              Uploading and processing contracts needs an active subscription. Chat about processed documents is unlimited on every plan.
            </p>
            {summary.data.mode !== "off" && summary.data.organizationPlan?.status === "trial" && (
              <p className="mt-2 text-sm">
                Your organization&apos;s trial has ended.{" "}
                <Link to={paths.enterpriseUpgrade} className="font-medium text-primary underline underline-offset-4">
                  Ask about Enterprise for your practice
                </Link>
                , or choose a personal plan below.
              </p>
            )}
          </div>
        </div>
        <PlanCards onChoose={(plan) => subscribe.mutate(plan)} pendingPlan={subscribe.isPending ? (subscribe.variables ?? null) : null} />
      </section>
    </>
  );
}

/** Why a suspended organization's member cannot process documents, and whom to ask: the administrator, or for them, support. */
function SuspendedOrganizationNotice() {
  const { user } = useSession();
  const site = useSiteConfig();
  const isAdministrator = user !== null && can(accessSubjectOf(user), "organization.manage");
  return (
    <Alert role="status" className="mb-6">
      <Ban aria-hidden />
      <AlertTitle>{user?.organizationName ? `${user.organizationName}'s access is suspended` : "Your organization's access is suspended"}</AlertTitle>
      <AlertDescription>
        <p>New documents cannot be processed until it is restored. Your processed documents and chats stay open to you.</p>
        {isAdministrator ? (
          <p>
            As its administrator, write to{" "}
            <a href={`mailto:${site.supportEmail}`} className="font-medium text-primary underline underline-offset-4">
              {site.supportEmail}
            </a>{" "}
            to find out why and to restore it.
          </p>
        ) : (
          <p>Your organization&apos;s administrator can tell you why and when it will be restored.</p>
        )}
      </AlertDescription>
    </Alert>
  );
}
