import { useMutation } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { toast } from "sonner";

interface ToastCopy {
  title: string;
  description: string;
}

/** A request's two toasts: sent, and could not be sent. */
export interface SupportToasts {
  sent: ToastCopy;
  failed: ToastCopy;
}

/** The spec's toasts (section 8). A problem report is feedback about one answer, and says so the same way. */
export const feedbackToasts: SupportToasts = {
  sent: { title: "Thank you!", description: "Your feedback has been sent." },
  failed: { title: "Failed to send feedback", description: "Please try again later." },
};
export const helpToasts: SupportToasts = {
  sent: { title: "Request sent", description: "We will get back to you soon." },
  failed: { title: "Failed to send request", description: "Please try again later." },
};

/** The page the person is on, with its query: what support is told they were looking at. */
export function usePagePath(): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

/** Sends a request with `send`, toasts the outcome in the spec's words, and calls `onSent` once it is stored. */
export function useSendSupportRequest<Request>(send: (request: Request) => Promise<unknown>, toasts: SupportToasts, onSent: () => void) {
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      toast.success(toasts.sent.title, { description: toasts.sent.description });
      onSent();
    },
    onError: () => {
      toast.error(toasts.failed.title, { description: toasts.failed.description });
    },
  });
}
