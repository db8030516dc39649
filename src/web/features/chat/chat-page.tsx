import { FileText, MessageSquareText, SendHorizontal } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { suggestedQuestions } from "../../../shared/chat";
import { askQuestionRequestSchema, CHAT_QUESTION_MAX_CHARS } from "../../../shared/contracts/chat";
import { check } from "../../../shared/contracts/check";
import type { DocumentSummary } from "../../../shared/contracts/documents";
import { paths } from "../../../shared/paths";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { PageHeader } from "../../components/layout/page-header";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { LoadProblem } from "../../components/ui/load-problem";
import { Skeleton } from "../../components/ui/skeleton";
import { CitationSourcePanel, useDocumentList, type CitationSource } from "../documents";
import { ProblemReportDialog, type ReportedAnswer } from "../support";
import { chatApi } from "./chat-api";
import { ChatMessageBubble } from "./chat-message";
import { CitationOpenerContext } from "./citation-opener";
import { ConversationDownload } from "./conversation-download";
import { DocumentPicker } from "./document-picker";
import { useConversation, type ChatTurn } from "./use-conversation";

function ActiveConversation() {
  return (
    <p className="inline-flex items-center gap-2 rounded-full border px-3 py-1 text-xs font-medium">
      <span aria-hidden className="size-2 rounded-full bg-emerald-500" />
      Active conversation
    </p>
  );
}

const centered = "flex-1 overflow-y-auto p-4 sm:p-6";

function LoadingState({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex-1 space-y-4 p-6">
      <Skeleton className="ml-auto h-10 w-1/2" />
      <Skeleton className="h-24 w-3/4" />
      <Skeleton className="ml-auto h-10 w-1/3" />
    </div>
  );
}

function LoadFailed({ message, error, onRetry }: { message: string; error: unknown; onRetry: () => void }) {
  return (
    <div className="flex-1 p-6">
      <LoadProblem message={message} error={error} onRetry={onRetry} />
    </div>
  );
}

function Suggestions({ onAsk, disabled }: { onAsk: (question: string) => void; disabled: boolean }) {
  return (
    <EmptyState icon={MessageSquareText} title="Start a conversation" className={centered}>
      <p className="max-w-md text-sm text-muted-foreground">
        Ask anything about this document in plain English; every point of an answer cites its clause and page. Or start with one of these:
      </p>
      <ul className="mt-2 flex max-w-2xl flex-wrap justify-center gap-2">
        {suggestedQuestions.map((question) => (
          <li key={question}>
            <Button variant="outline" size="sm" className="h-auto whitespace-normal py-2 text-left" disabled={disabled} onClick={() => onAsk(question)}>
              {question}
            </Button>
          </li>
        ))}
      </ul>
    </EmptyState>
  );
}

function MessageLog({ turns, isSending, onReportProblem }: { turns: ChatTurn[]; isSending: boolean; onReportProblem: (messageId: string) => void }) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = root.current;
    if (container) container.scrollTop = container.scrollHeight;
  }, [turns]);
  return (
    <div ref={root} role="log" aria-label="Conversation" aria-busy={isSending} className="flex-1 overflow-y-auto p-3 sm:p-6">
      <ol className="space-y-5">
        {turns.map(({ messageId, ...turn }) => (
          <ChatMessageBubble
            key={turn.id}
            turn={turn}
            onReportProblem={turn.role === "assistant" && messageId !== undefined ? () => onReportProblem(messageId) : undefined}
          />
        ))}
      </ol>
    </div>
  );
}

function Composer({ disabled, placeholder, onSend }: { disabled: boolean; placeholder: string; onSend: (question: string) => void }) {
  const id = useId();
  const [text, setText] = useState("");
  const textarea = useRef<HTMLTextAreaElement>(null);
  // Sending disables the box, which drops focus; give it back when the answer is in.
  const shouldRefocus = useRef(false);
  useEffect(() => {
    if (!disabled && shouldRefocus.current) {
      shouldRefocus.current = false;
      textarea.current?.focus();
    }
  }, [disabled]);

  const isAskable = check(askQuestionRequestSchema.shape.question, text).ok;
  const submit = () => {
    if (disabled || !isAskable) return;
    shouldRefocus.current = true;
    onSend(text);
    setText("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        Your question
      </label>
      <textarea
        id={id}
        ref={textarea}
        value={text}
        rows={2}
        maxLength={CHAT_QUESTION_MAX_CHARS}
        disabled={disabled}
        placeholder={placeholder}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        className="max-h-40 min-h-11 flex-1 resize-y rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 md:text-sm"
      />
      <span id={`${id}-hint`} className="sr-only">
        Enter sends; Shift+Enter starts a new line.
      </span>
      <Button type="submit" size="icon" className="size-11" aria-label="Send" disabled={disabled || !isAskable}>
        <SendHorizontal aria-hidden />
      </Button>
    </form>
  );
}

function NoDocuments() {
  return (
    <EmptyState icon={FileText} title="No processed documents yet" className={centered}>
      <p className="max-w-md text-sm text-muted-foreground">Upload a contract and process it in the Document Library, then come back here to ask about it.</p>
      <Button asChild>
        <Link to={paths.documents}>Go to the Document Library</Link>
      </Button>
    </EmptyState>
  );
}

function SelectDocument({ documents, onChoose }: { documents: DocumentSummary[]; onChoose: (id: string) => void }) {
  return (
    <EmptyState icon={FileText} title="Select a Document" className={centered}>
      <p className="max-w-md text-sm text-muted-foreground">
        Choose the processed contract you want to ask about. Every point of an answer cites its clause and page.
      </p>
      <DocumentPicker documents={documents} value={null} onChange={onChoose} className="w-full max-w-sm text-left" />
    </EmptyState>
  );
}

/** Why an open conversation's document cannot be asked about. */
const documentUnavailable = {
  reprocessing: {
    title: "This conversation's document is being processed again",
    description: "You can read the conversation now, and ask more once the document is Ready.",
  },
  gone: {
    title: "This conversation's document is no longer available",
    description: "You can read the conversation, or choose another document to start a new one.",
  },
};

/** /app/chat — questions about one processed document, answered with cited clauses. */
export function ChatPage() {
  const { conversation, isLoadingSession, loadFailed, retryLoad, send, chooseDocument } = useConversation();
  // No live document feed here: the list refreshes on focus, and every open stream holds one of
  // the six connections a browser allows this host.
  const documentsQuery = useDocumentList();
  const documents = documentsQuery.data ?? [];
  const completed = documents.filter((document) => document.status === "completed");
  const conversationDocument = documents.find((document) => document.id === conversation.documentId);
  const selected = conversationDocument?.status === "completed" ? conversationDocument : null;
  // A document is processed again (Reprocess) with its conversations kept: they wait, not vanish.
  const isBeingReprocessed = conversationDocument !== undefined && selected === null;
  const unavailableDocument = isBeingReprocessed ? documentUnavailable.reprocessing : documentUnavailable.gone;
  const selectedId = selected?.id;
  useEffect(() => {
    // Only a head start for the first question, which reports its own failure: a failed one changes nothing.
    if (selectedId) chatApi.prepareDocument(selectedId).catch(() => undefined);
  }, [selectedId]);
  const { turns, isSending, error } = conversation;
  const [reportedAnswer, setReportedAnswer] = useState<ReportedAnswer | null>(null);
  const [openCitation, setOpenCitation] = useState<CitationSource>();
  const reportProblem = (messageId: string) => {
    if (conversation.sessionId) setReportedAnswer({ sessionId: conversation.sessionId, messageId });
  };
  const hasTurns = turns.length > 0;
  const canAsk = selected !== null && conversation.isHydrated && !isSending;

  let body: ReactNode;
  if (documentsQuery.isPending) body = <LoadingState label="Loading documents" />;
  else if (documentsQuery.isError)
    body = <LoadFailed message="Your documents could not be loaded." error={documentsQuery.error} onRetry={() => void documentsQuery.refetch()} />;
  else if (isLoadingSession) body = <LoadingState label="Loading conversation" />;
  else if (loadFailed) body = <LoadFailed message="This conversation could not be loaded." error={loadFailed} onRetry={retryLoad} />;
  else if (!selected && !hasTurns) body = completed.length === 0 ? <NoDocuments /> : <SelectDocument documents={completed} onChoose={chooseDocument} />;
  else {
    body = (
      <>
        <div className="flex items-end gap-2 border-b p-3 sm:gap-3 sm:p-4">
          <DocumentPicker
            documents={completed}
            value={selected?.id ?? null}
            onChange={chooseDocument}
            disabled={isSending}
            className="min-w-0 flex-1 sm:max-w-md"
          />
          {selected && (
            <Button variant="ghost" asChild>
              <Link to={paths.document(selected.id)}>
                <FileText aria-hidden />
                <span className="max-sm:sr-only">View document</span>
              </Link>
            </Button>
          )}
          {conversation.sessionId && hasTurns && <ConversationDownload sessionId={conversation.sessionId} disabled={isSending} />}
        </div>
        {!selected && (
          <Alert className="m-4 mb-0 w-auto">
            <AlertTitle>{unavailableDocument.title}</AlertTitle>
            <AlertDescription>{unavailableDocument.description}</AlertDescription>
          </Alert>
        )}
        {hasTurns ? (
          <CitationOpenerContext value={setOpenCitation}>
            <MessageLog turns={turns} isSending={isSending} onReportProblem={reportProblem} />
          </CitationOpenerContext>
        ) : (
          <Suggestions onAsk={(question) => void send(question)} disabled={!canAsk} />
        )}
        <ProblemReportDialog answer={reportedAnswer} onClose={() => setReportedAnswer(null)} />
        <CitationSourcePanel source={openCitation} onClose={() => setOpenCitation(undefined)} />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Contract Chat" actions={hasTurns ? <ActiveConversation /> : undefined} />
      {/* Below the top bar and the title, the chat fills the rest of the screen, its question box in view. */}
      <section
        aria-label="Chat"
        className="-mx-4 flex h-[calc(100dvh-12rem)] min-h-[24rem] flex-col overflow-hidden border-y bg-card sm:mx-0 sm:h-[calc(100dvh-14rem)] sm:min-h-[30rem] sm:rounded-xl sm:border"
      >
        {body}
        <div className="space-y-2 border-t p-3 sm:p-4">
          {error !== null && (
            <Alert role="alert" variant="destructive">
              <AlertTitle>Sorry, an error occurred. Please try again.</AlertTitle>
              <AlertDescription>
                <p>{error}</p>
              </AlertDescription>
            </Alert>
          )}
          <Composer
            disabled={!canAsk}
            placeholder={selected ? "Ask a question about this document..." : "Select a document to ask a question"}
            onSend={(question) => void send(question)}
          />
          <p className="text-xs text-muted-foreground">
            AI answers can be wrong: check each point against the clause and page it cites. Never enter patient names or any other protected health information
            (PHI).
          </p>
        </div>
      </section>
    </>
  );
}
