import type { RouteObject } from "react-router";
import { vi } from "vitest";
import type { SiteConfig, SocialProvider } from "../../../shared/site-config";
import { renderAppRoutes } from "../../../../tests/support/render-app";
import { testSiteConfig } from "../../../../tests/support/site-config";

export function siteWith(socialProviders: SocialProvider[] = ["google", "microsoft"]): SiteConfig {
  return testSiteConfig({ socialProviders });
}

export interface RecordedCall {
  path: string;
  body: Record<string, unknown> | undefined;
}

type Answer = { status: number; body?: unknown };

/**
 * Stands in for the server at the browser boundary: answers by path (`/api/me` is 401 unless
 * given), and records every call.
 */
export function stubServer(answers: Record<string, Answer | ((call: RecordedCall) => Answer)> = {}) {
  const calls: RecordedCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = typeof input === "string" ? input : input instanceof URL ? input.pathname : input.url;
    const call = { path, body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined };
    calls.push(call);
    const configured = answers[path];
    const answer: Answer =
      typeof configured === "function"
        ? configured(call)
        : (configured ??
          (path === "/api/me" ? { status: 401, body: { error: { code: "unauthenticated", message: "Sign in first." } } } : { status: 200, body: {} }));
    return new Response(answer.status === 204 ? null : answer.body === undefined ? "" : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchStub);
  return { calls, callsTo: (path: string) => calls.filter((call) => call.path === path) };
}

/** Renders `routes` at `url` with the providers the real app wraps them in. */
export function renderRoutes(routes: RouteObject[], url: string, site: SiteConfig = siteWith()) {
  return renderAppRoutes(routes, url, site).router;
}

/** A route that only shows where navigation ended. */
export function landing(path: string): RouteObject {
  return { path, element: <p>Landed on {path}</p> };
}
