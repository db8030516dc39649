import { OAuth2Server } from "oauth2-mock-server";

/**
 * The e2e web server: a local OpenID Connect provider (standing in for Google and Microsoft)
 * on OIDC_PORT, then the built app configured to use it. The provider signs in whoever the
 * app names in login_hint, so each test chooses its person.
 */
const oidcPort = Number(process.env.OIDC_PORT ?? 3108);
const fallbackEmail = "oidc.person@clinic.example";

const oidc = new OAuth2Server();
await oidc.issuer.keys.generate("RS256");
await oidc.start(oidcPort, "127.0.0.1");
const emailByCode = new Map<string, string>();

function claimsFor(email: string) {
  const name = email
    .split("@")[0]!
    .replace(/[._-]+/g, " ")
    .replace(/\b\w/g, (letter) => letter.toUpperCase());
  return { sub: `oidc-${email}`, email, email_verified: true, name };
}

// Authorize: remember whom this code is for. Token: sign that person's claims into both tokens.
// Userinfo: read them back from the bearer token.
oidc.service.on("beforeAuthorizeRedirect", (redirect, request) => {
  const hint = new URL(request.url ?? "", "http://oidc").searchParams.get("login_hint");
  const code = redirect.url.searchParams.get("code");
  if (code) emailByCode.set(code, hint || fallbackEmail);
});
oidc.service.on("beforeTokenSigning", (token, request) => {
  const code = (request as { body?: { code?: string } }).body?.code;
  Object.assign(token.payload, claimsFor((code && emailByCode.get(code)) || fallbackEmail));
});
oidc.service.on("beforeUserinfo", (response, request) => {
  const bearer = request.headers.authorization?.replace(/^Bearer /, "") ?? "";
  const payload = JSON.parse(Buffer.from(bearer.split(".")[1] ?? "", "base64url").toString() || "{}") as { email?: string };
  response.body = claimsFor(payload.email ?? fallbackEmail);
});

const discoveryUrl = `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`;
Object.assign(process.env, {
  GOOGLE_CLIENT_ID: "e2e-google",
  GOOGLE_CLIENT_SECRET: "e2e-google-secret",
  GOOGLE_DISCOVERY_URL: discoveryUrl,
  MICROSOFT_CLIENT_ID: "e2e-microsoft",
  MICROSOFT_CLIENT_SECRET: "e2e-microsoft-secret",
  MICROSOFT_DISCOVERY_URL: discoveryUrl,
});
await import("../../../dist/server/main.js" as string);
