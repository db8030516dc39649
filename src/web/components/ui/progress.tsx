import type { ComponentProps } from "react";
import { cn } from "../../lib/utils";

/** A determinate progress bar (0–100), announced as role="progressbar". Name it with aria-label or aria-labelledby. */
export function Progress({
  value,
  valueText,
  className,
  indicatorClassName,
  ...props
}: Omit<ComponentProps<"div">, "role" | "children"> & { value: number; valueText?: string; indicatorClassName?: string }) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-secondary", className)}
      {...props}
    >
      <div className={cn("h-full rounded-full bg-primary transition-[width] duration-300 ease-out", indicatorClassName)} style={{ width: `${clamped}%` }} />
    </div>
  );
}
