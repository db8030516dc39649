import { OAuth2Server } from "oauth2-mock-server";

export interface OidcPerson {
  sub: string;
  email: string;
  name: string;
}

/**
 * A real OpenID Connect provider on loopback (oauth2-mock-server) standing in for Google or
 * Microsoft: it signs ID tokens and answers userinfo for whichever person is set.
 */
export async function startOidcServer(initialPerson: OidcPerson) {
  let person = initialPerson;
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  const claims = () => ({ sub: person.sub, email: person.email, email_verified: true, name: person.name });
  server.service.on("beforeTokenSigning", (token) => Object.assign(token.payload, claims()));
  server.service.on("beforeUserinfo", (response) => {
    response.body = claims();
  });
  const url = server.issuer.url!;
  return {
    url,
    discoveryUrl: `${url}/.well-known/openid-configuration`,
    setPerson(next: OidcPerson) {
      person = next;
    },
    stop: () => server.stop(),
  };
}
