import { RefreshCw } from "lucide-react";
import { connectionProblem } from "../../lib/api-client";
import { Alert, AlertDescription, AlertTitle } from "./alert";
import { Button } from "./button";

/**
 * Something that could not load: what failed, in the feature's words, why when it was the
 * connection (offline, the server out of reach), and a way to try again. The app's query client
 * (lib/query-client.ts) fails a load within about a second and keeps retrying it behind this, so
 * the page replaces it by itself once the failure passes. The app's one load-failure state.
 */
export function LoadProblem({
  title,
  message,
  error,
  onRetry,
  className,
}: {
  title?: string;
  message: string;
  /** The load's failure: a connection failure adds its plain words to `message`. */
  error: unknown;
  onRetry: () => void;
  className?: string;
}) {
  const connection = connectionProblem(error);
  return (
    <Alert variant="destructive" role="alert" className={className}>
      {title && <AlertTitle className="col-span-2 col-start-1">{title}</AlertTitle>}
      <AlertDescription className="col-span-2 col-start-1 flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p>{message}</p>
          {connection && <p>{connection}</p>}
        </div>
        <Button type="button" variant="outline" size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden />
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}
