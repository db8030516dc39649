import { Check, History, MoreHorizontal, Pencil, Trash2, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { RECENT_SESSIONS_SHOWN, UNKNOWN_DOCUMENT } from "../../../shared/chat";
import { check } from "../../../shared/contracts/check";
import { renameSessionRequestSchema, SESSION_TITLE_MAX_CHARS, type ChatSessionSummary } from "../../../shared/contracts/chat";
import { paths } from "../../../shared/paths";
import { Button } from "../../components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from "../../components/ui/dropdown-menu";
import { Input } from "../../components/ui/input";
import { LoadProblem } from "../../components/ui/load-problem";
import { Skeleton } from "../../components/ui/skeleton";
import { Tooltip } from "../../components/ui/tooltip";
import { formatDate } from "../../lib/format-date";
import { cn } from "../../lib/utils";
import { useSessionDeletions } from "./session-deletions";
import { useChatSessions, useRenameSession } from "./use-chat-sessions";

/** The session open on /app/chat, if any. */
function useOpenSessionId(): string | null {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  return location.pathname === paths.chat ? searchParams.get("session") : null;
}

function RenameForm({ session, onDone }: { session: ChatSessionSummary; onDone: () => void }) {
  const [title, setTitle] = useState(session.title);
  const rename = useRenameSession();
  const checked = check(renameSessionRequestSchema, { title });

  // An empty title is not saved (spec): the form stays open until there is one, or it is cancelled.
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!checked.ok) return;
    if (checked.value.title !== session.title) rename.mutate({ id: session.id, title: checked.value.title });
    onDone();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onDone();
    }
  };
  return (
    <form onSubmit={save} className="flex items-center gap-1 py-1 pl-1">
      <Input
        aria-label="Chat title"
        value={title}
        maxLength={SESSION_TITLE_MAX_CHARS}
        autoFocus
        onFocus={(event) => event.target.select()}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={onKeyDown}
        className="h-8 px-2 max-md:h-10"
      />
      <Button type="submit" variant="ghost" size="icon" className="size-8" aria-label="Save title" disabled={!checked.ok}>
        <Check aria-hidden />
      </Button>
      <Button type="button" variant="ghost" size="icon" className="size-8" aria-label="Cancel rename" onClick={onDone}>
        <X aria-hidden />
      </Button>
    </form>
  );
}

/** The keys that open a recent chat's actions from its link (the platform's context-menu keys). */
function isActionsKey(event: KeyboardEvent): boolean {
  return event.key === "ContextMenu" || (event.key === "F10" && event.shiftKey);
}

/** Where focus goes when an action ends: back to the chat's link, or (after Delete or Rename) elsewhere. */
type AfterMenu = "link" | "elsewhere";

/**
 * One recent chat: one tab stop (its link), its actions (Rename, Delete) in a menu that the
 * context-menu keys (Shift+F10, the Menu key) open from the link, or a tap on the "…" button
 * beside it (shown on hover and focus, always on touch screens; out of the tab order) — ADR 030.
 */
function SessionItem({
  session,
  isOpen,
  hintId,
  onDelete,
  registerLink,
}: {
  session: ChatSessionSummary;
  isOpen: boolean;
  hintId: string;
  onDelete: () => void;
  registerLink: (id: string, link: HTMLAnchorElement | null) => void;
}) {
  const navigate = useNavigate();
  const { deleteSession } = useSessionDeletions();
  const [isEditing, setEditing] = useState(false);
  const [isMenuOpen, setMenuOpen] = useState(false);
  const link = useRef<HTMLAnchorElement | null>(null);
  const afterMenu = useRef<AfterMenu>("link");
  // The key that opened the menu is followed by the browser's contextmenu event: that one is ours.
  const openedByKeyAt = useRef(0);
  // Closing the rename form puts focus back on the chat's link rather than losing it to the page.
  const shouldReturnFocus = useRef(false);
  useEffect(() => {
    if (shouldReturnFocus.current && !isEditing) {
      shouldReturnFocus.current = false;
      link.current?.focus();
    }
  }, [isEditing]);

  if (isEditing) {
    return (
      <li>
        <RenameForm
          session={session}
          onDone={() => {
            shouldReturnFocus.current = true;
            setEditing(false);
          }}
        />
      </li>
    );
  }
  const filename = session.documentFilename ?? UNKNOWN_DOCUMENT;
  const openMenu = (event: KeyboardEvent) => {
    if (!isActionsKey(event)) return;
    event.preventDefault();
    openedByKeyAt.current = Date.now();
    afterMenu.current = "link";
    setMenuOpen(true);
  };
  return (
    <li className="group relative flex items-start">
      <Link
        ref={(element) => {
          link.current = element;
          registerLink(session.id, element);
        }}
        to={paths.chatSession(session.id)}
        aria-current={isOpen ? "page" : undefined}
        aria-describedby={hintId}
        onKeyDown={openMenu}
        onContextMenu={(event) => {
          if (Date.now() - openedByKeyAt.current < 1_000) event.preventDefault();
        }}
        className={cn(
          "block min-w-0 flex-1 rounded-md px-3 py-2 hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring",
          isOpen && "bg-accent text-accent-foreground",
        )}
      >
        <span className="block truncate text-sm font-medium" title={session.title}>
          {session.title}
        </span>
        <span className="block truncate text-xs text-muted-foreground" title={filename}>
          {filename}
        </span>
        <time dateTime={session.updatedAt} className="block text-xs text-muted-foreground">
          {formatDate(session.updatedAt)}
        </time>
      </Link>
      <DropdownMenu modal={false} open={isMenuOpen} onOpenChange={setMenuOpen}>
        <DropdownMenuTrigger asChild>
          {/* Over the end of the title only while shown, so titles use the whole width otherwise; beside it, always shown, in the drawer of small screens. */}
          <Button
            variant="ghost"
            size="icon"
            tabIndex={-1}
            aria-label={`Actions for ${session.title}`}
            onPointerDown={() => (afterMenu.current = "link")}
            className="absolute top-1 right-1 h-7 w-auto min-w-7 gap-1 bg-accent px-1 text-accent-foreground opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 data-[state=open]:opacity-100 max-md:static max-md:bg-transparent max-md:text-inherit max-md:opacity-100 [@media(hover:none)]:opacity-100"
          >
            {/* What a keyboard opens the menu with, shown while the link has keyboard focus. */}
            <kbd aria-hidden className="hidden font-sans text-[0.625rem] md:group-has-[a:focus-visible]:inline">
              Shift+F10
            </kbd>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="end"
          aria-label={`Actions for ${session.title}`}
          onInteractOutside={() => (afterMenu.current = "elsewhere")}
          onCloseAutoFocus={(event) => {
            // Not the hidden "…" button: the link, unless the person went elsewhere or the chat is gone.
            event.preventDefault();
            if (afterMenu.current === "link") link.current?.focus();
          }}
        >
          <DropdownMenuItem
            onSelect={() => {
              afterMenu.current = "elsewhere";
              setEditing(true);
            }}
          >
            <Pencil aria-hidden />
            Rename
          </DropdownMenuItem>
          <DropdownMenuItem
            className="text-destructive data-[highlighted]:text-destructive"
            onSelect={() => {
              afterMenu.current = "elsewhere";
              onDelete();
              deleteSession(session, { isOpen });
              if (isOpen) navigate(paths.chat);
            }}
          >
            <Trash2 aria-hidden />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </li>
  );
}

/** The narrow sidebar has no room for the list: the recent sessions open from a menu. */
function RecentSessionsMenu({ sessions }: { sessions: ChatSessionSummary[] | undefined }) {
  const navigate = useNavigate();
  return (
    <DropdownMenu>
      <Tooltip content="Recent chats" side="right">
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="w-full" aria-label="Recent chats">
            <History aria-hidden />
          </Button>
        </DropdownMenuTrigger>
      </Tooltip>
      <DropdownMenuContent side="right" align="start" className="w-72">
        <DropdownMenuLabel>Recent chats</DropdownMenuLabel>
        {sessions?.length ? (
          sessions.map((session) => (
            <DropdownMenuItem key={session.id} onSelect={() => navigate(paths.chatSession(session.id))} className="flex-col items-start gap-0">
              <span className="w-full truncate font-medium">{session.title}</span>
              <span className="w-full truncate text-xs text-muted-foreground">
                {session.documentFilename ?? UNKNOWN_DOCUMENT} · {formatDate(session.updatedAt)}
              </span>
            </DropdownMenuItem>
          ))
        ) : (
          <DropdownMenuItem disabled>{sessions ? "No chats yet" : "Loading..."}</DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** After a chat is deleted from the list, focus moves to the chat after it (else the one before, else the heading). */
function useFocusAfterDeletion(visible: ChatSessionSummary[]) {
  const links = useRef(new Map<string, HTMLAnchorElement>());
  const heading = useRef<HTMLHeadingElement>(null);
  const pending = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (pending.current === undefined) return;
    const target = pending.current === null ? undefined : links.current.get(pending.current);
    pending.current = undefined;
    (target ?? heading.current)?.focus();
  });
  return {
    heading,
    registerLink: (id: string, link: HTMLAnchorElement | null) => {
      if (link) links.current.set(id, link);
      else links.current.delete(id);
    },
    willDelete: (id: string) => {
      const index = visible.findIndex((session) => session.id === id);
      pending.current = (visible[index + 1] ?? visible[index - 1])?.id ?? null;
    },
  };
}

/** The sidebar's recent chat sessions: 20 loaded, 5 shown until expanded, live; one tab stop a chat. */
export function RecentSessions({ isCollapsed }: { isCollapsed: boolean }) {
  const sessionsQuery = useChatSessions();
  const { hiddenIds } = useSessionDeletions();
  const openSessionId = useOpenSessionId();
  const [isExpanded, setExpanded] = useState(false);
  const hintId = useId();
  const loaded = sessionsQuery.data?.filter((session) => !hiddenIds.has(session.id));
  const sessions = loaded ?? [];
  const visible = isExpanded ? sessions : sessions.slice(0, RECENT_SESSIONS_SHOWN);
  const { heading, registerLink, willDelete } = useFocusAfterDeletion(visible);
  if (isCollapsed) return <RecentSessionsMenu sessions={loaded} />;

  const hiddenCount = Math.max(0, sessions.length - RECENT_SESSIONS_SHOWN);
  return (
    <section aria-labelledby="recent-chats-heading">
      <h2
        ref={heading}
        id="recent-chats-heading"
        tabIndex={-1}
        className="px-3 pb-1 text-xs font-semibold tracking-wider text-muted-foreground uppercase focus-visible:outline-2 focus-visible:outline-ring"
      >
        Recent chats
      </h2>
      {sessionsQuery.isPending ? (
        <div role="status" aria-label="Loading recent chats" className="space-y-2 px-3 py-1">
          <Skeleton className="h-9" />
          <Skeleton className="h-9" />
        </div>
      ) : sessionsQuery.isError ? (
        <LoadProblem
          message="Your chats could not be loaded."
          error={sessionsQuery.error}
          onRetry={() => void sessionsQuery.refetch()}
          className="mx-3 w-auto"
        />
      ) : sessions.length === 0 ? (
        <p className="px-3 text-sm text-muted-foreground">No chats yet. Ask about a document to start one.</p>
      ) : (
        <>
          <p id={hintId} className="sr-only">
            Shift+F10 opens Rename and Delete.
          </p>
          <ul className="space-y-0.5">
            {visible.map((session) => (
              <SessionItem
                key={session.id}
                session={session}
                isOpen={session.id === openSessionId}
                hintId={hintId}
                registerLink={registerLink}
                onDelete={() => willDelete(session.id)}
              />
            ))}
          </ul>
          {hiddenCount > 0 && (
            <Button
              variant="ghost"
              size="sm"
              className="mt-1 w-full justify-start text-muted-foreground"
              aria-expanded={isExpanded}
              onClick={() => setExpanded(!isExpanded)}
            >
              {isExpanded ? "Show Less" : `Show ${hiddenCount} More`}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
