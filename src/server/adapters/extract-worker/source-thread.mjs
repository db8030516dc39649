// Running from source (npm run dev, tests), a worker thread cannot load TypeScript on its own:
// register tsx, then load the thread module. The interval keeps the thread alive meanwhile.
import { register } from "tsx/esm/api";

const keepAlive = setInterval(() => {}, 60_000);
register();
await import(new URL("./extraction-thread.ts", import.meta.url).href);
clearInterval(keepAlive);
