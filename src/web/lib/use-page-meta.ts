import { useEffect } from "react";

function setMetaDescription(description: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = "description";
    document.head.append(meta);
  }
  meta.content = description;
}

/** Sets the document title and meta description for the current page. */
export function usePageMeta({ title, description }: { title: string; description?: string }): void {
  useEffect(() => {
    document.title = title;
    if (description) setMetaDescription(description);
  }, [title, description]);
}
