/** Only a same-site path is an acceptable place to return to after signing in. */
export function safeRedirectTarget(value: string | null | undefined, fallback = "/app"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
