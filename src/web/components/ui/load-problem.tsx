import { RefreshCw } from "lucide-react";
import { Alert, AlertDescription } from "./alert";
import { Button } from "./button";

/**
 * Something that could not load: what failed, in the feature's words, and a way to try again. The
 * app's query client (lib/query-client.ts) fails a load within about a second and keeps retrying it
 * behind this, so the page replaces it by itself once the failure passes.
 */
export function LoadProblem({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert variant="destructive" role="alert">
      <AlertDescription className="col-span-2 col-start-1 flex flex-wrap items-center justify-between gap-3">
        <p>{message}</p>
        <Button type="button" variant="outline" size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden />
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}
