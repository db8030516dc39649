import { spawn } from "node:child_process";
import { OAuth2Server } from "oauth2-mock-server";
import { microsoftEndpoints, microsoftTokenClaims } from "../../support/oidc-server";

/**
 * The e2e web server: two local OpenID Connect providers, one standing in for Google and one for
 * Microsoft Entra ID (at Microsoft's paths under an authority, with tenant-issued tokens), then
 * the built app configured to use them. Each provider signs in whoever the app names in
 * login_hint, so each test chooses its person.
 */
const fallbackEmail = "oidc.person@clinic.example";
const E2E_TENANT = "0e0e0e0e-0000-4000-8000-00000000000e";

function claimsFor(email: string) {
  const name = email
    .split("@")[0]!
    .replace(/[._-]+/g, " ")
    .replace(/\b\w/g, (letter) => letter.toUpperCase());
  return { sub: `oidc-${email}`, email, email_verified: true, name };
}

async function startProvider(options: { port: number; microsoft: boolean }) {
  const oidc = new OAuth2Server(undefined, undefined, options.microsoft ? { endpoints: microsoftEndpoints } : undefined);
  await oidc.issuer.keys.generate("RS256");
  await oidc.start(options.port, "127.0.0.1");
  const url = oidc.issuer.url!;
  const emailByCode = new Map<string, string>();
  const tokenClaimsFor = (email: string) => ({
    ...claimsFor(email),
    ...(options.microsoft ? microsoftTokenClaims(url, E2E_TENANT, email) : {}),
  });
  // Authorize: remember whom this code is for. Token: sign that person's claims into both tokens.
  // Userinfo: read them back from the bearer token.
  oidc.service.on("beforeAuthorizeRedirect", (redirect, request) => {
    const hint = new URL(request.url ?? "", "http://oidc").searchParams.get("login_hint");
    const code = redirect.url.searchParams.get("code");
    if (code) emailByCode.set(code, hint || fallbackEmail);
  });
  oidc.service.on("beforeTokenSigning", (token, request) => {
    const code = (request as { body?: { code?: string } }).body?.code;
    Object.assign(token.payload, tokenClaimsFor((code && emailByCode.get(code)) || fallbackEmail));
  });
  oidc.service.on("beforeUserinfo", (response, request) => {
    const bearer = request.headers.authorization?.replace(/^Bearer /, "") ?? "";
    const payload = JSON.parse(Buffer.from(bearer.split(".")[1] ?? "", "base64url").toString() || "{}") as { email?: string };
    response.body = tokenClaimsFor(payload.email ?? fallbackEmail);
  });
  return url;
}

const googleUrl = await startProvider({ port: Number(process.env.OIDC_PORT ?? 0), microsoft: false });
const microsoftUrl = await startProvider({ port: 0, microsoft: true });
Object.assign(process.env, {
  GOOGLE_CLIENT_ID: "e2e-google",
  GOOGLE_CLIENT_SECRET: "e2e-google-secret",
  GOOGLE_DISCOVERY_URL: `${googleUrl}/.well-known/openid-configuration`,
  MICROSOFT_CLIENT_ID: "e2e-microsoft",
  MICROSOFT_CLIENT_SECRET: "e2e-microsoft-secret",
  MICROSOFT_AUTHORITY: microsoftUrl,
});
// The built server runs in a Node process of its own: imported here, through tsx's loader, its
// 15 MB bundle took 27 s of a CI machine's 2 cores to start (and 1.4 GB), against 12 s (0.6 GB).
// Playwright stops this process's whole group; a signal to this process alone reaches the server too.
const server = spawn(process.execPath, ["dist/server/main.js"], { stdio: "inherit", env: process.env });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
