/** The platform console page, one lazy chunk (routes.tsx picks it by name). */
export { PlatformConsolePage } from "./platform-console-page";
