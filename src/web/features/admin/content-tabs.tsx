import { FileText, MessageSquare, X } from "lucide-react";
import { formatAdminSize } from "../../../shared/admin";
import type { AdminChat, AdminChatListResponse, AdminDocument, AdminDocumentListResponse } from "../../../shared/contracts/admin";
import { documentStatuses, statusBadgeLabels } from "../../../shared/documents";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import type { RecordColumn } from "../../components/ui/record-table";
import { formatDate } from "../../lib/format-date";
import { adminApi } from "./admin-api";
import { FilterSelect, PagedTable, SearchBox, Toolbar } from "./console-parts";
import { formatDateTime } from "./console-format";
import { useConsoleList } from "./use-console";
import type { ConsoleUrl } from "./use-console-url";

/** An organization filter set from an organization's details: shown so it can be cleared. */
export function OrganizationFilter({ url }: { url: ConsoleUrl }) {
  if (!url.get("org")) return null;
  return (
    <Button type="button" variant="secondary" size="sm" onClick={() => url.setFilter("org", undefined)}>
      One organization
      <X aria-hidden />
      <span className="sr-only">Show every organization</span>
    </Button>
  );
}

const documentStatusOptions = [{ value: "", label: "Any status" }, ...documentStatuses.map((status) => ({ value: status, label: statusBadgeLabels[status] }))];

const documentColumns: RecordColumn<AdminDocument>[] = [
  { header: "File name", isTitle: true, className: "font-medium break-all", cell: (document) => document.filename },
  { header: "Owner", className: "break-all", cell: (document) => document.ownerEmail },
  { header: "Organization", cell: (document) => document.organizationName ?? "—" },
  {
    header: "Status",
    cell: (document) => <Badge variant={document.status === "failed" ? "destructive" : "secondary"}>{statusBadgeLabels[document.status]}</Badge>,
  },
  { header: "Size", className: "whitespace-nowrap tabular-nums", cell: (document) => formatAdminSize(document.fileSize) },
  { header: "Pages", className: "tabular-nums", cell: (document) => document.pageCount ?? "—" },
  { header: "Created", className: "whitespace-nowrap", cell: (document) => formatDate(document.createdAt) },
];

/** Every document's metadata: never its text. */
export function DocumentsTab({ url }: { url: ConsoleUrl }) {
  const query = useConsoleList(
    "documents",
    { search: url.get("q"), status: url.get("status"), organizationId: url.get("org"), offset: String(url.offset) },
    adminApi.documents,
  );
  return (
    <>
      <Toolbar>
        <SearchBox url={url} label="Search documents" placeholder="File name or owner email" />
        <FilterSelect url={url} name="status" label="Status" options={documentStatusOptions} />
        <OrganizationFilter url={url} />
      </Toolbar>
      <PagedTable<AdminDocumentListResponse, AdminDocument>
        label="Documents"
        query={query}
        rowsOf={(data) => data.documents}
        url={url}
        empty={{ icon: FileText, title: "No documents found", text: "No document matches this search and filter." }}
        columns={documentColumns}
      />
    </>
  );
}

const chatColumns: RecordColumn<AdminChat>[] = [
  { header: "Title", isTitle: true, className: "font-medium break-words", cell: (chat) => chat.title },
  { header: "User", className: "break-all", cell: (chat) => chat.userEmail },
  { header: "Organization", cell: (chat) => chat.organizationName ?? "—" },
  { header: "Document", className: "break-all", cell: (chat) => chat.documentFilename },
  { header: "Messages", className: "tabular-nums", cell: (chat) => chat.messageCount },
  { header: "Updated", className: "whitespace-nowrap", cell: (chat) => formatDateTime(chat.updatedAt) },
];

/** Every conversation's title and count: never its messages. */
export function ChatsTab({ url }: { url: ConsoleUrl }) {
  const query = useConsoleList("chats", { search: url.get("q"), organizationId: url.get("org"), offset: String(url.offset) }, adminApi.chats);
  return (
    <>
      <Toolbar>
        <SearchBox url={url} label="Search chats" placeholder="Title or user email" />
        <OrganizationFilter url={url} />
      </Toolbar>
      <PagedTable<AdminChatListResponse, AdminChat>
        label="Chats"
        query={query}
        rowsOf={(data) => data.chats}
        url={url}
        empty={{ icon: MessageSquare, title: "No chats found", text: "No conversation matches this search." }}
        columns={chatColumns}
      />
    </>
  );
}
