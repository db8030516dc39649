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

/** The tenant Microsoft's multi-tenant endpoints are addressed by (MICROSOFT_TENANT_ID's default). */
const MICROSOFT_TENANT_PATH = "organizations";
export const DEFAULT_TEST_TENANT = "0a0a0a0a-0000-4000-8000-00000000000a";

/**
 * A real OpenID Connect provider on loopback (oauth2-mock-server) standing in for Google, or with
 * `microsoft`, for Entra ID: its endpoints sit where Microsoft's do under an authority
 * (`/organizations/oauth2/v2.0/authorize`, …/token, `/organizations/discovery/v2.0/keys`) and its
 * ID tokens carry tid, oid and the issuer `<authority>/<tid>/v2.0`, as multi-tenant Entra ID's do.
 */
export async function startOidcServer(initialPerson: OidcPerson, options: { microsoft?: boolean } = {}) {
  let person = initialPerson;
  const server = new OAuth2Server(
    undefined,
    undefined,
    options.microsoft
      ? {
          endpoints: {
            wellKnownDocument: `/${MICROSOFT_TENANT_PATH}/v2.0/.well-known/openid-configuration`,
            authorize: `/${MICROSOFT_TENANT_PATH}/oauth2/v2.0/authorize`,
            token: `/${MICROSOFT_TENANT_PATH}/oauth2/v2.0/token`,
            jwks: `/${MICROSOFT_TENANT_PATH}/discovery/v2.0/keys`,
          },
        }
      : undefined,
  );
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
      ...(options.microsoft ? { oid: `oid-${person.sub}`, tid: tenantId, iss: `${url}/${tenantId}/v2.0` } : {}),
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
