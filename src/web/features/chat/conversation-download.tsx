import { FileText, FileType } from "lucide-react";
import { DownloadMenu } from "../../components/ui/download-menu";
import { conversationExportUrl } from "./chat-api";

/** "Download conversation": the stored conversation, with its citations, as Markdown or PDF (the browser saves the file). */
export function ConversationDownload({ sessionId, disabled = false }: { sessionId: string; disabled?: boolean }) {
  return (
    <DownloadMenu
      name="Download conversation"
      disabled={disabled}
      choices={[
        { href: conversationExportUrl(sessionId, "markdown"), label: "Markdown (.md)", icon: FileText },
        { href: conversationExportUrl(sessionId, "pdf"), label: "PDF", icon: FileType },
      ]}
    />
  );
}
