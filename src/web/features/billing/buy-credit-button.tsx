import { Loader2, PlusCircle } from "lucide-react";
import { Button, type ButtonProps } from "../../components/ui/button";
import { buyCreditLabel, useBillingActions } from "./use-billing";

/** 'Buy a document credit': goes to the one-time credit's checkout; a failure says 'Checkout error'. */
export function BuyCreditButton({ size, variant, className }: Pick<ButtonProps, "size" | "variant" | "className">) {
  const { buyCredit } = useBillingActions();
  return (
    <Button size={size} variant={variant} className={className} disabled={buyCredit.isPending} onClick={() => buyCredit.mutate()}>
      {buyCredit.isPending ? <Loader2 aria-hidden className="animate-spin motion-reduce:animate-none" /> : <PlusCircle aria-hidden />}
      {buyCreditLabel}
    </Button>
  );
}
