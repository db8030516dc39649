// What other features use of chat; the router loads the chat page itself.
export { RecentSessions } from "./recent-sessions";
export { SessionDeletionsProvider, useSessionDeletions } from "./session-deletions";
