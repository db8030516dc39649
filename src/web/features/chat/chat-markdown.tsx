import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import type { MouseEvent, ReactNode } from "react";
import { parseCitationHref } from "../../../shared/chat";
import { useCitationOpener } from "./citation-opener";

const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * One of an answer's citations: a click shows its source beside the answer, so the conversation
 * stays where it is; a modified or middle click still opens the full viewer in a new tab.
 */
function CitationLink({ href, children }: { href: string; children: ReactNode }) {
  const openCitation = useCitationOpener();
  const target = parseCitationHref(href);
  return (
    <a
      href={href}
      className="font-medium text-primary underline underline-offset-2 hover:no-underline"
      onClick={(event) => {
        if (!openCitation || !target || !isPlainClick(event)) return;
        event.preventDefault();
        openCitation({ ...target, label: event.currentTarget.querySelector("[data-citation-label]")?.textContent ?? "" });
      }}
    >
      <span data-citation-label>{children}</span>
      {openCitation && <span className="sr-only"> (shows the source beside the answer)</span>}
    </a>
  );
}

const components: Components = {
  // Only an answer's own citations are links.
  // Any other link (a document's or a model's text) is shown as its words, so an answer never leads off the app.
  a: ({ href, children }) => (parseCitationHref(href) ? <CitationLink href={href!}>{children}</CitationLink> : <span>{children}</span>),
  // Never load a picture an answer names: a remote image is a tracking beacon.
  img: ({ alt }) => (alt ? <span>{alt}</span> : null),
};

/** An assistant answer: markdown with GitHub extensions; raw HTML in it is dropped, never rendered. */
export function ChatMarkdown({ content }: { content: string }) {
  return (
    <div className="space-y-2 break-words [&_li]:my-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto [&_table]:text-xs [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2 [&_ul]:list-disc [&_ul]:pl-5">
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {content}
      </Markdown>
    </div>
  );
}
