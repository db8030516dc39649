import { vi } from "vitest";

export interface RecordedCall {
  method: string;
  path: string;
  /** The path's query string, parsed ("" when none). */
  search: URLSearchParams;
  body: unknown;
}

export type Answer = { status: number; body?: unknown };
/** A handler answers JSON, or a whole Response (a streamed body, say) when it needs one. */
export type Handler = Answer | Response | ((call: RecordedCall) => Answer | Response);

/**
 * The server at the browser boundary: fetch (and XMLHttpRequest, which the upload uses for its
 * progress events) answer by "METHOD /path" (without the query string); every call is recorded.
 * Unknown calls get 404.
 */
export function stubServer(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const answer = (method: string, url: string, body: unknown): Answer | Response => {
    const parsed = new URL(url, "http://localhost");
    const call = { method, path: parsed.pathname, search: parsed.searchParams, body };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    if (!handler) return { status: 404, body: { error: { code: "not_found", message: "Not found." } } };
    return typeof handler === "function" ? handler(call) : handler;
  };
  const bodyText = (value: unknown) => (value === undefined ? "" : JSON.stringify(value));

  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      const method = init?.method ?? "GET";
      const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : init?.body;
      const result = answer(method, url, body);
      if (result instanceof Response) return result;
      const { status, body: responseBody } = result;
      return new Response(status === 204 ? null : bodyText(responseBody), { status, headers: { "Content-Type": "application/json" } });
    }),
  );

  class FakeXMLHttpRequest {
    status = 0;
    responseText = "";
    withCredentials = false;
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = "GET";
    private path = "";
    open(method: string, path: string) {
      this.method = method;
      this.path = path;
    }
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        const result = answer(this.method, this.path, body);
        if (result instanceof Response) throw new Error("XMLHttpRequest answers are JSON only in this stub.");
        this.status = result.status;
        this.responseText = bodyText(result.body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXMLHttpRequest);

  // What Radix's menus and dialogs, and sonner's toasts, use and jsdom lacks.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  Element.prototype.scrollIntoView ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.setPointerCapture ??= () => {};
  Element.prototype.releasePointerCapture ??= () => {};

  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}

/**
 * A streamed response whose lines the test writes when it likes: each `send` is one NDJSON line,
 * `end` closes the body. Until then the page is mid-stream.
 */
export function ndjsonResponse() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { "Content-Type": "application/x-ndjson" } }),
    send: (event: unknown) => controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`)),
    /** Raw text, to split one event across chunks. */
    sendText: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    /** The body fails mid-stream, as when the connection drops. */
    fail: (error: Error) => controller.error(error),
  };
}

/** An answer whose body never arrives: the page stays loading. */
export const neverAnswered = (): Response => new Response(new ReadableStream<Uint8Array>(), { status: 200 });

/** No answer at all, as fetch fails offline or with the server down: the browser's own TypeError. */
export const noConnection = (): never => {
  throw new TypeError("Failed to fetch");
};
