import userEvent, { PointerEventsCheckLevel } from "@testing-library/user-event";
import { useState } from "react";
import { Outlet, useLocation } from "react-router";
import { anAppUser } from "../../../../tests/support/app-user";
import type { ChatMessage, ChatSessionSummary } from "../../../shared/contracts/chat";
import { renderAppRoutes } from "../../../../tests/support/render-app";
import { testSiteConfig } from "../../../../tests/support/site-config";
import { TooltipProvider } from "../../components/ui/tooltip";
import { AppSidebar, type SupportDialogKind } from "../app-shell/app-sidebar";
import { FeedbackDialog, HelpDialog } from "../support";
import { aDocument } from "../documents/documents-test-utils";
import { ChatPage } from "./chat-page";
import { SessionDeletionsProvider } from "./session-deletions";

export const contract = aDocument({
  id: "0d0c0000-0000-4000-8000-000000000001",
  filename: "Aetna Provider Agreement.pdf",
  status: "completed",
  pageCount: 3,
});

/** userEvent without its pointer-events style checks, which crawl in jsdom across the sidebar's many controls. */
export const setupUser = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

let sequence = 0;
const uuid = () => {
  sequence += 1;
  return `5e55e000-0000-4000-8000-${String(sequence).padStart(12, "0")}`;
};

export function aSession(overrides: Partial<ChatSessionSummary> = {}): ChatSessionSummary {
  return {
    id: uuid(),
    title: "What are the termination clauses",
    documentId: contract.id,
    documentFilename: contract.filename,
    messageCount: 2,
    updatedAt: "2026-11-20T15:00:00.000Z",
    ...overrides,
  };
}

export function aMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: uuid(),
    role: "user",
    content: "What are the termination clauses?",
    sequenceNumber: 1,
    metadata: {},
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

const user = anAppUser();

/** Shows the router's current URL, so tests can check what the page put there. */
function CurrentUrl() {
  const location = useLocation();
  return <output aria-label="Current URL">{`${location.pathname}${location.search}`}</output>;
}

/** The sidebar and the dialogs its foot opens, as the app shell holds them. */
function Shell({ isCollapsed }: { isCollapsed: boolean }) {
  const [supportDialog, setSupportDialog] = useState<SupportDialogKind | null>(null);
  const onOpenChange = (open: boolean) => !open && setSupportDialog(null);
  return (
    <SessionDeletionsProvider>
      <TooltipProvider>
        <AppSidebar user={user} placement="rail" isCollapsed={isCollapsed} onToggle={() => {}} onOpenSupport={setSupportDialog} />
        <FeedbackDialog open={supportDialog === "feedback"} onOpenChange={onOpenChange} />
        <HelpDialog open={supportDialog === "help"} onOpenChange={onOpenChange} contactEmail={user.email} />
        <main>
          <Outlet />
        </main>
        <CurrentUrl />
      </TooltipProvider>
    </SessionDeletionsProvider>
  );
}

/** The chat page inside the real sidebar, at `url`. */
export function renderChat(url = "/app/chat", { isCollapsed = false } = {}) {
  return renderAppRoutes(
    [
      {
        element: <Shell isCollapsed={isCollapsed} />,
        children: [
          { path: "/app/chat", element: <ChatPage /> },
          { path: "/app/documents", element: <h1>Document Library</h1> },
          { path: "/app/documents/:documentId", element: <h1>Document view</h1> },
        ],
      },
    ],
    url,
    testSiteConfig(),
  );
}
