import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { paths } from "../../../shared/paths";
import { planKeys, subscriptionPlans } from "../../../shared/plans";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { errorMessage } from "../../lib/api-client";
import { billingApi } from "./billing-api";
import { TestModeLayout } from "./test-mode-layout";
import { billingSummaryKey, useBillingSummary } from "./use-billing";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long" });

/** /billing/portal — the local provider's billing portal: change plan, cancel at period end, resume. */
export function LocalPortalPage() {
  const queryClient = useQueryClient();
  const summary = useBillingSummary();
  const change = useMutation({
    mutationFn: billingApi.changeLocalSubscription,
    onSuccess: (next) => queryClient.setQueryData(billingSummaryKey, next),
  });
  const subscription = summary.data && summary.data.mode !== "off" ? summary.data.subscription : null;

  return (
    <TestModeLayout title="Billing portal">
      <Card className="space-y-5 p-6">
        {summary.isPending ? (
          <p role="status">Loading...</p>
        ) : !subscription ? (
          <p>You have no subscription yet.</p>
        ) : (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Plan</dt>
              <dd className="font-medium">{subscriptionPlans[subscription.planKey].name}</dd>
              <dt className="text-muted-foreground">Status</dt>
              <dd>{subscription.willCancel ? "Cancels at the end of the period" : subscription.status}</dd>
              <dt className="text-muted-foreground">Current period ends</dt>
              <dd>{dateFormat.format(new Date(subscription.currentPeriodEnd))}</dd>
            </dl>
            <div className="flex flex-wrap gap-2">
              {planKeys
                .filter((key) => key !== subscription.planKey)
                .map((key) => (
                  <Button key={key} disabled={change.isPending} onClick={() => change.mutate({ action: "switch", plan: key })}>
                    Switch to {subscriptionPlans[key].name}
                  </Button>
                ))}
              {subscription.willCancel ? (
                <Button variant="outline" disabled={change.isPending} onClick={() => change.mutate({ action: "resume" })}>
                  Keep my subscription
                </Button>
              ) : (
                <Button variant="outline" disabled={change.isPending} onClick={() => change.mutate({ action: "cancel" })}>
                  Cancel at period end
                </Button>
              )}
            </div>
            {change.isError && (
              <p role="alert" className="text-sm text-destructive">
                {errorMessage(change.error)}
              </p>
            )}
          </>
        )}
        <Link to={paths.documents} className="inline-block text-sm font-medium text-primary underline">
          Back to the app
        </Link>
      </Card>
    </TestModeLayout>
  );
}
