import { OAuth2Server } from "oauth2-mock-server";

export interface OidcPerson {
  sub: string;
  email: string;
  name: string;
  /** Microsoft: the person's Entra ID tenant (the token's tid, and its issuer's path). */
  tenantId?: string;
  /** false leaves email_verified out, as Entra ID usually does. */
  emailVerified?: boolean;
}

export const DEFAULT_TEST_TENANT = "0a0a0a0a-0000-4000-8000-00000000000a";

/**
 * Where Entra ID's endpoints sit under an authority, for the tenant path Microsoft's multi-tenant
 * sign-in addresses (MICROSOFT_TENANT_ID's default, organizations): oauth2-mock-server's `endpoints`.
 */
export const microsoftEndpoints = {
  wellKnownDocument: "/organizations/v2.0/.well-known/openid-configuration",
  authorize: "/organizations/oauth2/v2.0/authorize",
  token: "/organizations/oauth2/v2.0/token",
  jwks: "/organizations/discovery/v2.0/keys",
};

/** The claims an Entra ID token adds for a person of `tenantId`: its issuer names that tenant. */
export function microsoftTokenClaims(authority: string, tenantId: string, sub: string) {
  return { oid: `oid-${sub}`, tid: tenantId, iss: `${authority}/${tenantId}/v2.0` };
}

/** The settings that point the app's Google and Microsoft sign-in at these local providers. */
export function socialSignInEnv(google: { discoveryUrl: string }, microsoft: { url: string }): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: "google-client",
    GOOGLE_CLIENT_SECRET: "google-secret",
    GOOGLE_DISCOVERY_URL: google.discoveryUrl,
    MICROSOFT_CLIENT_ID: "microsoft-client",
    MICROSOFT_CLIENT_SECRET: "microsoft-secret",
    MICROSOFT_AUTHORITY: microsoft.url,
  };
}

/**
 * A real OpenID Connect provider on loopback (oauth2-mock-server) standing in for Google, or with
 * `microsoft`, for Entra ID: its endpoints sit where Microsoft's do under an authority
 * (`/organizations/oauth2/v2.0/authorize`, …/token, `/organizations/discovery/v2.0/keys`) and its
 * ID tokens carry tid, oid and the issuer `<authority>/<tid>/v2.0`, as multi-tenant Entra ID's do.
 */
export async function startOidcServer(initialPerson: OidcPerson, options: { microsoft?: boolean } = {}) {
  let person = initialPerson;
  const server = new OAuth2Server(undefined, undefined, options.microsoft ? { endpoints: microsoftEndpoints } : undefined);
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  const url = server.issuer.url!;
  const claims = () => {
    const tenantId = person.tenantId ?? DEFAULT_TEST_TENANT;
    return {
      sub: person.sub,
      email: person.email,
      name: person.name,
      ...(person.emailVerified === false ? {} : { email_verified: true }),
      ...(options.microsoft ? microsoftTokenClaims(url, tenantId, person.sub) : {}),
    };
  };
  server.service.on("beforeTokenSigning", (token) => Object.assign(token.payload, claims()));
  server.service.on("beforeUserinfo", (response) => {
    response.body = claims();
  });
  return {
    url,
    discoveryUrl: `${url}/.well-known/openid-configuration`,
    setPerson(next: OidcPerson) {
      person = next;
    },
    stop: () => server.stop(),
  };
}
