import type { ComponentProps } from "react";
import { cn } from "../../lib/utils";

/** A placeholder block while content loads; hidden from assistive technology. The app's one loading primitive. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />;
}

/** A list or table's rows while it loads, announced by `label` ("Loading users"). */
export function SkeletonRows({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="space-y-2 rounded-lg border p-4">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-8 w-full" />
      ))}
    </div>
  );
}
