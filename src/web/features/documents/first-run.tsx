import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Circle, FlaskConical, Loader2 } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import type { OnboardingResponse, OnboardingStep, SampleDocumentResponse } from "../../../shared/contracts/onboarding";
import type { DocumentSummary } from "../../../shared/contracts/documents";
import { paths } from "../../../shared/paths";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { apiRequest, failureReason } from "../../lib/api-client";
import { storeDocument } from "./use-documents";

const onboardingKey = ["onboarding"] as const;

const onboardingApi = {
  get: () => apiRequest<OnboardingResponse>("/api/onboarding"),
  addSample: async () => (await apiRequest<SampleDocumentResponse>("/api/onboarding/sample", { method: "POST" })).document,
  markFactSheetOpened: () => apiRequest<void>("/api/onboarding/fact-sheet-opened", { method: "POST" }),
};

/** Marks a document that is the sample agreement, on its card. */
export function SampleBadge() {
  return (
    <Badge variant="secondary" title="A sample agreement written by our team to try the product. Delete it whenever you like.">
      <FlaskConical aria-hidden className="size-3" />
      Sample
    </Badge>
  );
}

/** "Try a sample agreement": adds the sample to the library, processed free of credit. */
export function TrySampleButton({ variant = "outline" }: { variant?: "outline" | "default" }) {
  const queryClient = useQueryClient();
  const addSample = useMutation({
    mutationFn: onboardingApi.addSample,
    onSuccess: (document) => {
      storeDocument(queryClient, document, { prepend: true });
      void queryClient.invalidateQueries({ queryKey: onboardingKey });
      toast.success("Sample agreement added", { description: "It is being processed now, free of credit. Its card updates as it goes." });
    },
    onError: (error) => toast.error("Could not add the sample", { description: failureReason(error) }),
  });
  return (
    <Button variant={variant} onClick={() => addSample.mutate()} disabled={addSample.isPending}>
      {addSample.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <FlaskConical aria-hidden />}
      Try a sample agreement
    </Button>
  );
}

function useOnboarding() {
  return useQuery({ queryKey: onboardingKey, queryFn: onboardingApi.get, staleTime: 0 });
}

function stepContent(step: OnboardingStep, firstReady: DocumentSummary | undefined): { label: string; action?: ReactNode } {
  const link = (to: string, text: string) => (
    <Link to={to} className="inline-flex min-h-10 items-center font-medium text-primary underline underline-offset-2 hover:no-underline md:min-h-0">
      {text}
    </Link>
  );
  switch (step) {
    case "upload":
      return { label: "Upload a contract" };
    case "ask":
      return { label: "Ask a question", action: firstReady && link(paths.chatAbout(firstReady.id), "Ask about one") };
    case "fact-sheet":
      return { label: "Open the fact sheet", action: firstReady && link(paths.documentFactSheet(firstReady.id), "Open one") };
    case "invite":
      return { label: "Invite a colleague", action: link(paths.organizationAdmin, "Invite") };
  }
}

/**
 * The first-hour checklist above the library: what is left of uploading a contract, asking a
 * question, opening a fact sheet and inviting a colleague; it goes once all are done.
 */
export function OnboardingChecklist({ documents }: { documents: DocumentSummary[] }) {
  const onboarding = useOnboarding();
  const queryClient = useQueryClient();
  // Steps are read from what the person did: look again whenever the library changes.
  const libraryVersion = documents.map((document) => `${document.id}:${document.status}`).join(",");
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: onboardingKey });
  }, [libraryVersion, queryClient]);
  const data = onboarding.data;
  if (!data || data.isComplete || data.steps.length === 0) return null;
  const firstReady = documents.find((document) => document.status === "completed");
  const done = data.steps.filter((step) => step.isDone).length;
  return (
    <Card className="mb-6 gap-3 p-4" aria-labelledby="first-steps-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="first-steps-title" className="font-semibold">
          Get started
        </h2>
        <p className="text-sm text-muted-foreground">
          {done} of {data.steps.length} done
        </p>
      </div>
      <ul aria-label="Getting started checklist" className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {data.steps.map(({ step, isDone }) => {
          const { label, action } = stepContent(step, firstReady);
          return (
            <li key={step} className="flex items-center gap-2 text-sm">
              {isDone ? (
                <CheckCircle2 aria-hidden className="size-4 shrink-0 text-emerald-600" />
              ) : (
                <Circle aria-hidden className="size-4 shrink-0 text-muted-foreground" />
              )}
              <span className={isDone ? "text-muted-foreground line-through" : undefined}>{label}</span>
              <span className="sr-only">{isDone ? "(done)" : "(to do)"}</span>
              {!isDone && action}
            </li>
          );
        })}
      </ul>
      {!data.sampleDocumentId && documents.length > 0 && (
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          No contract to hand? <TrySampleButton />
        </div>
      )}
    </Card>
  );
}

/** Opening a document's fact sheet counts as the checklist's step (once; a failure is of no matter to the reader). */
export function useMarkFactSheetOpened(isOpen: boolean) {
  const queryClient = useQueryClient();
  const isMarked = useRef(false);
  useEffect(() => {
    if (!isOpen || isMarked.current) return;
    isMarked.current = true;
    onboardingApi.markFactSheetOpened().then(
      () => queryClient.invalidateQueries({ queryKey: onboardingKey }),
      () => undefined,
    );
  }, [isOpen, queryClient]);
}
