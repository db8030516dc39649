/** What a caller's answer says about access: let through, asked to sign in, refused, or shown nothing there. */
export type Outcome = "allowed" | "unauthenticated" | "forbidden" | "hidden" | "failed";

export function outcomeOf(status: number): Outcome {
  if (status === 401) return "unauthenticated";
  if (status === 403) return "forbidden";
  if (status === 404) return "hidden";
  if (status >= 500) return "failed";
  return "allowed";
}

/** A route's path with its parameters filled in (or `spec.path` instead, for wildcard routes) and its query. */
export function pathOf(routePath: string, spec: { path?: string; params?: Record<string, string>; query?: string }): string {
  const filled = spec.path ?? routePath.replace(/:(\w+)/g, (_match, name: string) => spec.params?.[name] ?? `:${name}`);
  if (filled.includes(":") || filled.includes("*")) throw new Error(`no value for a parameter of ${routePath}`);
  return spec.query ? `${filled}?${spec.query}` : filled;
}
