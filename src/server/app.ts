import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import type { Container } from "./container";
import { AppError } from "./http/app-error";
import type { AppBindings } from "./http/bindings";
import { isDatabaseReachable } from "./db/client";
import { createErrorHandler, databaseUnavailableError } from "./http/error-handler";
import { securityHeaders } from "./http/security-headers";
import { refuseCrossSiteWrites } from "./http/cross-site-guard";
import { clientIp, headersWithClientIp } from "./http/client-ip";
import { identifyActor } from "./http/identify-actor";
import { refuseNulCharacters } from "./http/nul-guard";
import { isEmailSendingAuthPath } from "../core/access/rate-limit";
import { authRateLimit, requestEmail } from "./http/rate-limit";
import { passwordBackoff } from "./http/password-backoff";
import { requestContext } from "./http/request-context";
import { adminRoutes } from "./modules/admin/admin.routes";
import { auditRoutes, recordDeniedRequests } from "./modules/audit/audit.routes";
import { emailLinkRoutes } from "./modules/auth/email-link.routes";
import { billingRoutes } from "./modules/billing/billing.routes";
import { chatRoutes } from "./modules/chat/chat.routes";
import { documentsRoutes } from "./modules/documents/documents.routes";
import { eventsRoutes } from "./modules/events/events.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { emailDeliveryRoutes, withEmailDeliveryReceipt } from "./modules/mail/mail.routes";
import { offersDevMailbox } from "./modules/mailbox/mailbox-access";
import { mailboxRoutes } from "./modules/mailbox/mailbox.routes";
import { invitationsRoutes } from "./modules/organizations/invitations.routes";
import { organizationsRoutes, platformOrganizationsRoutes } from "./modules/organizations/organizations.routes";
import { accountRoutes, emailChangeCodeRoutes } from "./modules/account/account.routes";
import { avatarRoutes, meRoutes } from "./modules/profiles/profiles.routes";
import { AVATAR_MAX_BYTES } from "../shared/profile";
import { documentSearchRoutes } from "./modules/retrieval/retrieval.routes";
import { factSheetRoutes } from "./modules/fact-sheet/fact-sheet.routes";
import { onboardingRoutes } from "./modules/onboarding/onboarding.routes";
import { supportRoutes } from "./modules/support/support.routes";
import { contractDetailsRoutes, portfolioRoutes } from "./modules/portfolio/portfolio.routes";
import { mountSpa, type WebShell } from "./web/spa";
import { withSignInAttempt } from "./auth/sign-in-attempt";
import { organizationTwoFactorRoutes, platformTwoFactorRoutes, twoFactorRoutes, twoFactorSignInRoutes } from "./modules/two-factor/two-factor.routes";
import { requireTwoFactorSetUp } from "./modules/two-factor/two-factor-setup-guard";

const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

function authRoutes(container: Container) {
  return new Hono<AppBindings>()
    .use(authRateLimit({ db: container.db, trustProxy: container.env.auth.trustProxy, requestsPerMinute: container.env.auth.requestsPerMinute }))
    .use(
      passwordBackoff({
        db: container.db,
        knownDevices: container.knownDevices,
        trustProxy: container.env.auth.trustProxy,
        isHttps: container.env.publicUrl.startsWith("https:"),
      }),
    )
    .route("/email-link", emailLinkRoutes(container, container.env.auth.trustProxy))
    .route("/email-change", emailChangeCodeRoutes(container))
    .route("/two-factor", twoFactorSignInRoutes(container))
    .on(["GET", "POST"], "/*", async (c) => {
      const headers = headersWithClientIp(c.req.raw.headers, clientIp(c, container.env.auth.trustProxy));
      // A request that sends an email through the job queue (SMTP) gets a receipt for it, so its code
      // screen can tell when sending fails; the local outbox is written in the request itself.
      const sendsEmail = container.mailer.kind !== "outbox" && c.req.method === "POST" && isEmailSendingAuthPath(c.req.path.replace(/^\/api\/auth/, ""));
      const email = sendsEmail ? await requestEmail(c.req.raw, (name) => c.req.query(name)) : undefined;
      const askedAt = new Date();
      // The audit log's sign-in events name the request they came with.
      headers.set("x-request-id", c.get("requestId"));
      const response = await withSignInAttempt(() => container.auth.handler(new Request(c.req.raw, { headers })));
      // Better Auth answers its own failures; one during an outage is the outage (see the error handler).
      if (response.status >= 500 && !(await isDatabaseReachable(container.db))) throw databaseUnavailableError();
      if (!email || !response.ok) return response;
      return withEmailDeliveryReceipt(response, container.emailDeliveries.receiptFor(email, askedAt), container.env.publicUrl.startsWith("https:"));
    });
}

/**
 * JSON bodies stay small; the avatar endpoint takes a picture up to its size (and a form's
 * overhead). A document upload streams to disk and its route counts the file's bytes as they
 * arrive: hono's limit would hold a body sent without a length in memory to count it.
 */
function requestBodyLimit() {
  const json = bodyLimit({ maxSize: JSON_BODY_LIMIT_BYTES });
  const avatar = bodyLimit({ maxSize: AVATAR_MAX_BYTES + JSON_BODY_LIMIT_BYTES });
  return (c: Parameters<typeof json>[0], next: Parameters<typeof json>[1]) => {
    if (c.req.method === "POST" && c.req.path === "/api/documents") return next();
    if (c.req.method === "PUT" && c.req.path === "/api/me/avatar") return avatar(c, next);
    return json(c, next);
  };
}

function apiRoutes(container: Container) {
  return (
    new Hono<AppBindings>()
      // First, so it sees every refusal: the cross-site guard's, the sign-in guards', the routes'.
      .use(recordDeniedRequests(container.audit, container.env.auth.trustProxy))
      .use(refuseCrossSiteWrites(container.env.publicUrl))
      .use(requestBodyLimit())
      .use(refuseNulCharacters())
      .route("/health", healthRoutes(container))
      .route("/auth", authRoutes(container))
      .route("/email-delivery", emailDeliveryRoutes(container))
      .route("/avatars", avatarRoutes(container))
      // After /auth, whose handlers answer every request they match: Better Auth reads its own
      // session there, and every route from here on has the actor without a second look-up.
      .use(
        identifyActor({
          auth: container.auth,
          trustProxy: container.env.auth.trustProxy,
          memberships: container.organizations.memberships,
          cache: container.actorCache,
          isTwoFactorRequired: container.twoFactor.isRequired,
        }),
      )
      .use(requireTwoFactorSetUp())
      .route("/me/two-factor", twoFactorRoutes(container))
      .route("/me", meRoutes(container))
      .route("/account", accountRoutes(container))
      .route("/invitations", invitationsRoutes(container))
      .route("/organizations", organizationTwoFactorRoutes(container))
      .route("/organizations", organizationsRoutes(container))
      .route("/platform/organizations", platformOrganizationsRoutes(container))
      .route("/admin/two-factor", platformTwoFactorRoutes(container))
      .route("/admin", adminRoutes(container))
      .route("/audit", auditRoutes(container))
      .route("/billing", billingRoutes(container))
      // Before the documents' own routes: /documents/contract-details is not a document id.
      .route("/documents", contractDetailsRoutes(container))
      .route("/documents", documentsRoutes(container))
      .route("/documents", documentSearchRoutes(container))
      .route("/documents", factSheetRoutes(container))
      .route("/onboarding", onboardingRoutes(container))
      .route("/portfolio", portfolioRoutes(container))
      .route("/chat", chatRoutes(container))
      .route("/support", supportRoutes(container))
      .route("/events", eventsRoutes(container))
  );
}

export type ApiType = ReturnType<typeof apiRoutes>;

export function createApp(container: Container, web?: WebShell) {
  const app = new Hono<AppBindings>();
  app.use(requestContext(container.logger));
  app.use(secureHeaders({ crossOriginEmbedderPolicy: false, strictTransportSecurity: false }));
  app.use(securityHeaders(container.env.publicUrl));
  app.onError(createErrorHandler(container.logger, () => isDatabaseReachable(container.db)));
  app.route("/api", apiRoutes(container));
  app.all("/api/*", () => {
    throw new AppError("not_found", "No such API endpoint.");
  });
  const { env } = container;
  const isMailboxOffered = offersDevMailbox({
    setting: env.mail.devMailbox,
    isOutboxActive: container.mailer.kind === "outbox",
    bindHost: env.host,
    isProduction: env.isProduction,
  });
  app.route("/dev/mailbox", mailboxRoutes({ db: container.db, isOffered: isMailboxOffered, setting: env.mail.devMailbox }));
  if (web) mountSpa(app, web, container.site);
  app.notFound(() => {
    throw new AppError("not_found", "Not found.");
  });
  return app;
}
