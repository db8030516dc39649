import { useMutation, useQuery } from "@tanstack/react-query";
import { Loader2 } from "lucide-react";
import { Link, useParams } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { errorMessage } from "../../lib/api-client";
import { goTo } from "../../lib/go-to";
import { billingApi } from "./billing-api";
import { TestModeLayout } from "./test-mode-layout";
import { paths } from "../../../shared/paths";

/** /billing/checkout/:checkoutId — the local provider's checkout; confirming runs the real fulfilment. */
export function LocalCheckoutPage() {
  const { checkoutId = "" } = useParams();
  const checkout = useQuery({ queryKey: ["billing", "local-checkout", checkoutId], queryFn: () => billingApi.localCheckout(checkoutId), retry: false });
  const confirm = useMutation({ mutationFn: () => billingApi.confirmLocalCheckout(checkoutId), onSuccess: goTo });
  const cancel = useMutation({ mutationFn: () => billingApi.cancelLocalCheckout(checkoutId), onSuccess: goTo });
  const isBusy = confirm.isPending || cancel.isPending || confirm.isSuccess;

  if (checkout.isPending) {
    return (
      <TestModeLayout title="Checkout">
        <p role="status">Loading...</p>
      </TestModeLayout>
    );
  }
  if (checkout.isError) {
    return (
      <TestModeLayout title="Checkout">
        <Alert variant="destructive" role="alert">
          <AlertTitle>Checkout not found</AlertTitle>
          <AlertDescription>
            <p>{errorMessage(checkout.error)}</p>
            <Link to={paths.documents} className="font-medium text-primary underline">
              Back to the app
            </Link>
          </AlertDescription>
        </Alert>
      </TestModeLayout>
    );
  }
  const { description, priceUsd, kind, status } = checkout.data;
  return (
    <TestModeLayout title="Checkout">
      <Card className="space-y-5 p-6">
        <div className="flex items-baseline justify-between gap-4">
          <p className="font-medium">{description}</p>
          <p className="text-xl font-bold tabular-nums">
            ${priceUsd}
            {kind === "subscription" && <span className="text-sm font-normal text-muted-foreground">/month</span>}
          </p>
        </div>
        <p className="text-sm text-muted-foreground">
          Confirming takes the same steps as a paid checkout would — your plan or credit becomes available at once — but no card is asked for and nothing is
          charged.
        </p>
        {status !== "open" ? (
          <Alert role="status">
            <AlertTitle>{status === "completed" ? "This checkout is complete." : "This checkout was cancelled."}</AlertTitle>
            <AlertDescription>
              <Link to={paths.documents} className="font-medium text-primary underline">
                Back to the app
              </Link>
            </AlertDescription>
          </Alert>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button disabled={isBusy} onClick={() => confirm.mutate()}>
              {confirm.isPending && <Loader2 aria-hidden className="animate-spin" />}
              Confirm test payment
            </Button>
            <Button variant="outline" disabled={isBusy} onClick={() => cancel.mutate()}>
              Cancel
            </Button>
          </div>
        )}
        {(confirm.isError || cancel.isError) && (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(confirm.error ?? cancel.error)}
          </p>
        )}
      </Card>
    </TestModeLayout>
  );
}
