import { useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import type { ChatSessionSummary } from "../../../shared/contracts/chat";
import { paths } from "../../../shared/paths";
import { chatApi } from "./chat-api";
import { chatKeys, logQuietFailure } from "./use-chat-sessions";

/** How long a chat deleted from the sidebar can be brought back before its deletion is sent. */
export const UNDO_DELETE_MS = 6_000;

interface UndoableDeletion {
  timer: ReturnType<typeof setTimeout>;
  toastId: string | number;
  wasOpen: boolean;
}

export interface SessionDeletions {
  /** Chats deleted in this tab that lists leave out: still undoable, or being deleted on the server. */
  hiddenIds: ReadonlySet<string>;
  deleteSession(session: ChatSessionSummary, options: { isOpen: boolean }): void;
  /** Sends every deletion still in its undo window now (before signing out, which would refuse it). */
  sendPending(): Promise<void>;
}

const SessionDeletionsContext = createContext<SessionDeletions | undefined>(undefined);

function without(ids: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(ids);
  next.delete(id);
  return next;
}

/**
 * Deleting a chat from the sidebar hides it at once and offers Undo for UNDO_DELETE_MS; only then
 * is the deletion sent, so Undo restores exactly what was there and needs nothing from the server.
 * Held by the app shell, the window survives the sidebar closing and navigation within the app.
 * Leaving the signed-in app, hiding the tab or closing it sends what is pending at once (keepalive
 * requests outlive the page); a browser killed before that keeps the chat, never the reverse.
 */
export function SessionDeletionsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  // Undo reopens a chat deleted while open only if the person is still on the new chat it left them at.
  const isOnNewChat = useRef(false);
  useLayoutEffect(() => {
    isOnNewChat.current = location.pathname === paths.chat && location.search === "";
  });
  const undoable = useRef(new Map<string, UndoableDeletion>());
  const [hiddenIds, setHiddenIds] = useState<ReadonlySet<string>>(() => new Set());

  const send = useCallback(
    async (sessionId: string) => {
      const deletion = undoable.current.get(sessionId);
      if (!deletion) return;
      undoable.current.delete(sessionId);
      clearTimeout(deletion.timer);
      toast.dismiss(deletion.toastId);
      try {
        await chatApi.deleteSession(sessionId);
        queryClient.removeQueries({ queryKey: chatKeys.session(sessionId) });
      } catch (error) {
        logQuietFailure("delete", error);
      } finally {
        // Shown again only once the list is fresh: gone if deleted, back if the server refused.
        await queryClient.invalidateQueries({ queryKey: chatKeys.sessions() });
        setHiddenIds((ids) => without(ids, sessionId));
      }
    },
    [queryClient],
  );

  const undo = useCallback(
    (sessionId: string) => {
      const deletion = undoable.current.get(sessionId);
      if (!deletion) return;
      undoable.current.delete(sessionId);
      clearTimeout(deletion.timer);
      setHiddenIds((ids) => without(ids, sessionId));
      if (deletion.wasOpen && isOnNewChat.current) navigate(paths.chatSession(sessionId));
    },
    [navigate],
  );

  const deleteSession = useCallback(
    (session: ChatSessionSummary, { isOpen }: { isOpen: boolean }) => {
      setHiddenIds((ids) => new Set(ids).add(session.id));
      const toastId = toast("Chat deleted", {
        description: session.title,
        duration: Infinity,
        action: { label: "Undo", onClick: () => undo(session.id) },
        // Closing the toast accepts the deletion.
        onDismiss: () => void send(session.id),
      });
      undoable.current.set(session.id, { timer: setTimeout(() => void send(session.id), UNDO_DELETE_MS), toastId, wasOpen: isOpen });
    },
    [send, undo],
  );

  const sendPending = useCallback(async () => {
    await Promise.all([...undoable.current.keys()].map(send));
  }, [send]);

  useEffect(() => {
    const onVisibilityChange = () => {
      if (document.visibilityState === "hidden") void sendPending();
    };
    const onPageHide = () => void sendPending();
    document.addEventListener("visibilitychange", onVisibilityChange);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      document.removeEventListener("visibilitychange", onVisibilityChange);
      window.removeEventListener("pagehide", onPageHide);
      void sendPending();
    };
  }, [sendPending]);

  const deletions = useMemo(() => ({ hiddenIds, deleteSession, sendPending }), [hiddenIds, deleteSession, sendPending]);
  return <SessionDeletionsContext.Provider value={deletions}>{children}</SessionDeletionsContext.Provider>;
}

export function useSessionDeletions(): SessionDeletions {
  const deletions = useContext(SessionDeletionsContext);
  if (!deletions) throw new Error("useSessionDeletions must be used inside SessionDeletionsProvider");
  return deletions;
}
