/** What a request says about the page that sent it: the browser's own headers, when it sent them. */
export interface RequestOrigin {
  method: string;
  /** `Sec-Fetch-Site`: set by every current browser, and not by a page's script. */
  fetchSite?: string;
  /** `Origin`: set by browsers on every cross-origin request and on same-origin POSTs. */
  origin?: string;
}

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a request that could change something came from a page of another site, riding on the
 * visitor's cookie (cross-site request forgery). A request without either header did not come
 * from a browser page, so it carries no visitor's cookie to abuse (a Stripe webhook, a script).
 */
export function isCrossSiteWrite(request: RequestOrigin, appOrigin: string): boolean {
  if (safeMethods.has(request.method.toUpperCase())) return false;
  if (request.fetchSite !== undefined) return request.fetchSite !== "same-origin" && request.fetchSite !== "none";
  if (request.origin !== undefined) return request.origin !== appOrigin;
  return false;
}
