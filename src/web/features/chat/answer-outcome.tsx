import { CircleCheck, SearchX, TextSearch, type LucideIcon } from "lucide-react";
import { outcomeLabels } from "../../../shared/chat";
import { answerOutcomes, type AnswerOutcome } from "../../../shared/contracts/chat";
import { Badge } from "../../components/ui/badge";

interface OutcomeLook {
  /** Said beside the label, for an outcome that must not be read as an answer. */
  hint?: string;
  icon: LucideIcon;
  badge: string;
  bubble: string;
}

export const outcomeLooks: Record<AnswerOutcome, OutcomeLook> = {
  answer: { icon: CircleCheck, badge: "border-transparent bg-primary/10 text-primary", bubble: "bg-card" },
  closest: {
    hint: "Unconfirmed: these passages may not answer your question.",
    icon: TextSearch,
    badge: "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200",
    bubble: "border-amber-300 bg-amber-50/40 dark:border-amber-800 dark:bg-amber-950/30",
  },
  "not-addressed": {
    icon: SearchX,
    badge: "border-transparent bg-muted text-muted-foreground",
    bubble: "border-dashed bg-muted/40",
  },
};

const titleOf = (outcome: AnswerOutcome) => `**${outcomeLabels[outcome]}**`;

/**
 * The outcome a reply's markdown names in its first line, and the markdown after that line, so the
 * title shows once, as the header. While the reply streams, a first line that may still grow into a
 * title is held back rather than flash as raw asterisks.
 */
export function readOutcomeTitle(content: string, isStreaming: boolean): { outcome?: AnswerOutcome; body: string } {
  const [firstLine = "", ...rest] = content.trimStart().split("\n");
  const outcome = answerOutcomes.find((candidate) => firstLine.trimEnd() === titleOf(candidate));
  if (outcome) return { outcome, body: rest.join("\n") };
  const isTitleToCome = isStreaming && rest.length === 0 && answerOutcomes.some((candidate) => titleOf(candidate).startsWith(firstLine));
  return { body: isTitleToCome ? "" : content };
}

/** The reply's header: its outcome as a labelled badge with an icon and, for closest passages, the hint that they are unconfirmed. */
export function AnswerOutcomeHeader({ outcome }: { outcome: AnswerOutcome }) {
  const { hint, icon: Icon, badge } = outcomeLooks[outcome];
  const label = outcomeLabels[outcome];
  return (
    <p className="mb-2 flex flex-wrap items-center gap-x-2 gap-y-1">
      <Badge variant="outline" className={badge}>
        <Icon aria-hidden className="size-3.5" />
        {label}
      </Badge>
      {hint && <span className="text-xs text-amber-800 dark:text-amber-300">{hint}</span>}
    </p>
  );
}
