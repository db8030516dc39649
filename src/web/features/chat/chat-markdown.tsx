import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { isCitationHref } from "../../../shared/chat";

const components: Components = {
  // Only an answer's own citations are links; each opens in a new tab, so the conversation stays where it is.
  // Any other link (a document's or a model's text) is shown as its words, so an answer never leads off the app.
  a: ({ href, children }) =>
    isCitationHref(href) ? (
      <a href={href} target="_blank" rel="noopener noreferrer" className="font-medium text-primary underline underline-offset-2 hover:no-underline">
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    ) : (
      <span>{children}</span>
    ),
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
