import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const webRoot = path.resolve(import.meta.dirname, "src/web");
const outDir = path.resolve(import.meta.dirname, "dist/web");
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/** Writes .br and .gz next to each text asset so the server sends them without compressing per request. */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: "clausewise-precompress",
    apply: "build",
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => compressible.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const content = await readFile(full);
          await writeFile(`${full}.br`, await brotli(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
          await writeFile(`${full}.gz`, await gz(content, { level: 9 }));
        }),
      );
    },
  };
}

export default defineConfig({
  root: webRoot,
  publicDir: path.join(webRoot, "public"),
  plugins: [react(), tailwindcss(), precompress()],
  build: { outDir, emptyOutDir: true, sourcemap: true },
});
