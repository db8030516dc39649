import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/utils";

/** A centred icon, heading and whatever explains or resolves the state (empty lists, not found, pick something first). */
export function EmptyState({
  icon: Icon,
  title,
  headingLevel: Heading = "h2",
  className,
  children,
}: {
  icon: LucideIcon;
  title: string;
  headingLevel?: "h1" | "h2";
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn("flex flex-col items-center justify-center gap-3 text-center", className)}>
      <Icon aria-hidden className="size-10 text-muted-foreground" />
      <Heading className={Heading === "h1" ? "text-2xl font-bold tracking-tight" : "text-lg font-semibold"}>{title}</Heading>
      {children}
    </div>
  );
}
