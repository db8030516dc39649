import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ChatSessionSummary } from "../../../shared/contracts/chat";
import { useLiveEvents } from "../../lib/live-events";
import { chatApi } from "./chat-api";

export const chatKeys = {
  all: ["chat"] as const,
  sessions: () => ["chat", "sessions"] as const,
  session: (id: string) => ["chat", "session", id] as const,
};

/** The spec: rename and delete failures in the sidebar are only logged. */
export function logQuietFailure(action: string, error: unknown) {
  // eslint-disable-next-line no-console -- the spec keeps these failures out of the interface
  console.warn(`Chat session ${action} failed`, error);
}

/** The signed-in person's recent sessions, newest first, kept live by the server's session events. */
export function useChatSessions() {
  const queryClient = useQueryClient();
  useLiveEvents("chat_session", () => void queryClient.invalidateQueries({ queryKey: chatKeys.sessions() }));
  return useQuery({ queryKey: chatKeys.sessions(), queryFn: chatApi.listSessions });
}

function updateCachedSessions(queryClient: ReturnType<typeof useQueryClient>, update: (sessions: ChatSessionSummary[]) => ChatSessionSummary[]) {
  queryClient.setQueryData<ChatSessionSummary[]>(chatKeys.sessions(), (current) => (current ? update(current) : current));
}

/** Renames at once in the list; a refusal is logged and the list refetched. */
export function useRenameSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => chatApi.renameSession(id, title),
    onMutate: ({ id, title }) =>
      updateCachedSessions(queryClient, (sessions) => sessions.map((session) => (session.id === id ? { ...session, title } : session))),
    onError: (error) => logQuietFailure("rename", error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.sessions() }),
  });
}
