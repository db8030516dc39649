import { paths } from "../../shared/paths";

/** Only a same-site path is an acceptable place to return to after signing in. */
export function safeRedirectTarget(value: string | null | undefined, fallback: string = paths.app): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
