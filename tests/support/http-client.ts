import type { TestApp } from "./test-app";

/**
 * A browser-like client for app.request(): keeps cookies between calls and sends the
 * Origin header Better Auth requires on cookie-bearing POSTs.
 */
let clientCount = 0;

/** A documentation-range address (RFC 5737) per client, seen by the app when TRUST_PROXY is on. */
function nextClientAddress(): string {
  clientCount += 1;
  return `203.0.${113 + Math.floor(clientCount / 250)}.${clientCount % 250}`;
}

export class HttpClient {
  readonly cookies = new Map<string, string>();
  private readonly extraHeaders: Record<string, string>;

  constructor(
    private readonly testApp: TestApp,
    extraHeaders: Record<string, string> = {},
  ) {
    this.extraHeaders = { "X-Forwarded-For": nextClientAddress(), ...extraHeaders };
  }

  get origin(): string {
    return this.testApp.container.env.publicUrl;
  }

  async request(path: string, init: { method?: string; json?: unknown; form?: FormData; headers?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { Origin: this.origin, ...this.extraHeaders, ...init.headers };
    if (this.cookies.size > 0) headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    if (init.json !== undefined) headers["Content-Type"] = "application/json";
    const hasBody = init.json !== undefined || init.form !== undefined;
    const response = await this.testApp.app.request(path, {
      method: init.method ?? (hasBody ? "POST" : "GET"),
      headers,
      body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
    });
    this.storeCookies(response);
    return response;
  }

  post(path: string, json: unknown = {}): Promise<Response> {
    return this.request(path, { method: "POST", json });
  }

  upload(path: string, filename: string, bytes: Uint8Array, fieldName = "file"): Promise<Response> {
    const form = new FormData();
    form.append(fieldName, new File([new Uint8Array(bytes)], filename));
    return this.request(path, { method: "POST", form });
  }

  get(path: string): Promise<Response> {
    return this.request(path);
  }

  private storeCookies(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(";");
      const [name, ...valueParts] = pair!.split("=");
      const value = valueParts.join("=");
      const isExpired = attributes.some((attribute) => /max-age=0\b/i.test(attribute.trim())) || value === "";
      if (isExpired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
  }
}
