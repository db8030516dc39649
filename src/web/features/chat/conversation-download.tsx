import { ChevronDown, Download, FileText, FileType } from "lucide-react";
import type { ChatExportFormat } from "../../../shared/contracts/chat";
import { Button } from "../../components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../components/ui/dropdown-menu";
import { conversationExportUrl } from "./chat-api";

const formats: Array<{ format: ChatExportFormat; label: string; icon: typeof FileText }> = [
  { format: "markdown", label: "Markdown (.md)", icon: FileText },
  { format: "pdf", label: "PDF", icon: FileType },
];

/** "Download conversation": the stored conversation, with its citations, as Markdown or PDF (the browser saves the file). */
export function ConversationDownload({ sessionId, disabled = false }: { sessionId: string; disabled?: boolean }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" disabled={disabled} aria-label="Download conversation">
          <Download aria-hidden />
          <span className="max-sm:sr-only">Download</span>
          <ChevronDown aria-hidden className="max-sm:hidden" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {formats.map(({ format, label, icon: Icon }) => (
          <DropdownMenuItem key={format} asChild>
            <a href={conversationExportUrl(sessionId, format)} download>
              <Icon aria-hidden />
              {label}
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
