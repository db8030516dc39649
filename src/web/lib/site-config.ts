import { isSiteConfig, type SiteConfig } from "../../shared/site-config";

/** Reads the deployment facts the server injected into the page (src/server/web/spa.ts). */
export function readSiteConfig(doc: Document = document): SiteConfig {
  const parsed: unknown = JSON.parse(doc.getElementById("site-config")?.textContent || "null");
  if (!isSiteConfig(parsed)) throw new Error("The page is missing its site configuration.");
  return parsed;
}
