import { Bot, Flag, Loader2, UserRound } from "lucide-react";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/utils";
import { AnswerOutcomeHeader, outcomeLooks, readOutcomeTitle } from "./answer-outcome";
import { ChatMarkdown } from "./chat-markdown";
import type { ChatTurn } from "./use-conversation";

const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });
const dateTimeFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

/** "3:04 PM" today, "Nov 20, 3:04 PM" on other days. */
export function formatMessageTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toDateString() === now.toDateString() ? timeFormat.format(date) : dateTimeFormat.format(date);
}

/** One question or answer; a stored answer offers "Report a problem with this answer" when `onReportProblem` is given. */
export function ChatMessageBubble({ turn, onReportProblem }: { turn: ChatTurn; onReportProblem?: () => void }) {
  const isUser = turn.role === "user";
  const Icon = isUser ? UserRound : Bot;
  const reply = isUser ? undefined : readOutcomeTitle(turn.content, turn.status === "streaming");
  const outcome = turn.outcome ?? reply?.outcome;
  return (
    <li className={cn("flex gap-3", isUser && "flex-row-reverse")} aria-label={isUser ? "Your question" : "Answer"}>
      <span
        aria-hidden
        className={cn(
          "flex size-8 shrink-0 items-center justify-center rounded-full max-sm:hidden",
          isUser ? "bg-primary text-primary-foreground" : "bg-muted text-muted-foreground",
        )}
      >
        <Icon className="size-4" />
      </span>
      <div className={cn("flex max-w-[min(44rem,85%)] min-w-0 flex-col gap-1", isUser ? "items-end" : "max-sm:max-w-full")}>
        <div
          className={cn(
            "rounded-2xl px-4 py-2.5 text-sm leading-relaxed",
            isUser ? "rounded-tr-sm bg-primary text-primary-foreground" : "rounded-tl-sm border",
            // A reply still waiting for its title looks like an answer until it arrives.
            !isUser && outcomeLooks[outcome ?? "answer"].bubble,
            turn.status === "failed" && "border-destructive/40 text-destructive",
          )}
        >
          {isUser ? (
            <p className="whitespace-pre-wrap break-words">{turn.content}</p>
          ) : turn.status === "pending" ? (
            <p className="flex items-center gap-2 text-muted-foreground">
              <Loader2 aria-hidden className="size-4 animate-spin" />
              Analyzing document...
            </p>
          ) : turn.status === "failed" ? (
            <p>{turn.content}</p>
          ) : (
            <>
              {outcome && <AnswerOutcomeHeader outcome={outcome} />}
              <ChatMarkdown content={reply?.body ?? turn.content} />
            </>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-x-3 px-1">
          <time dateTime={turn.createdAt} className="text-xs text-muted-foreground">
            {formatMessageTime(turn.createdAt)}
          </time>
          {onReportProblem && (
            <Button
              variant="ghost"
              size="sm"
              className="h-7 px-2 text-muted-foreground"
              aria-label="Report a problem with this answer"
              title="Report a problem with this answer"
              onClick={onReportProblem}
            >
              <Flag aria-hidden />
              Report a problem
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}
