import { readFile } from "node:fs/promises";
import type http from "node:http";
import { fileURLToPath } from "node:url";
import type { WebShell } from "./spa";

/** Development only: Vite in middleware mode on the same server, with hot reload. */
export async function createDevWebShell(server: http.Server) {
  const { createServer } = await import("vite");
  const configFile = fileURLToPath(new URL("../../../vite.config.ts", import.meta.url));
  const vite = await createServer({
    configFile,
    server: { middlewareMode: true, hmr: { server } },
    appType: "custom",
  });
  const indexFile = fileURLToPath(new URL("../../web/index.html", import.meta.url));
  const shell: WebShell = {
    loadIndexHtml: async (url) => vite.transformIndexHtml(new URL(url).pathname, await readFile(indexFile, "utf8")),
  };
  return { shell, middleware: vite.middlewares };
}
