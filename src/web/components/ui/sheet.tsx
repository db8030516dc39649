import { Dialog as DialogPrimitive } from "radix-ui";
import { X } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "../../lib/utils";

export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

const sideClasses = {
  left: "inset-y-0 left-0 w-3/4 max-w-sm border-r",
  right: "inset-y-0 right-0 w-3/4 max-w-sm border-l",
  bottom: "inset-x-0 bottom-0 max-h-[92dvh] rounded-t-xl border-t",
} as const;

/**
 * A panel that slides in from one side of the window, for navigation on small screens: a modal
 * dialog named by `title` (shown, or only read out with `titleClassName="sr-only"`), with focus kept
 * inside until Escape, the close button or a click beside it closes it.
 */
export function SheetContent({
  className,
  children,
  title,
  titleClassName,
  side = "right",
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { title: string; titleClassName?: string; side?: keyof typeof sideClasses }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40" />
      <DialogPrimitive.Content
        aria-describedby={undefined}
        className={cn("fixed z-50 flex flex-col gap-4 bg-background p-6 shadow-lg", sideClasses[side], className)}
        {...props}
      >
        <DialogPrimitive.Title className={cn("text-lg font-semibold", titleClassName)}>{title}</DialogPrimitive.Title>
        {children}
        <DialogPrimitive.Close className="absolute top-2 right-2 flex size-10 items-center justify-center rounded-md opacity-70 hover:opacity-100">
          <X className="size-5" aria-hidden />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
