import type { Logger } from "pino";
import { createLogger } from "./logger";
import type { SiteConfig } from "../shared/site-config";
import { createChangeFeed } from "./adapters/events/change-feed";
import { detectDocumentKind, ExtractionError } from "./adapters/extract/index";
import { sharpPageImages } from "./adapters/extract/image";
import { createExtractionPool } from "./adapters/extract-worker/extraction-pool";
import { createOcrEngine } from "./adapters/extract/native-tesseract-ocr";
import { createAiSdkEmbedder } from "./adapters/embeddings/embedder";
import { createAiSdkChatModel } from "./adapters/llm/chat-model";
import { createClauseModelSource } from "./adapters/clause-model/clause-model-file";
import type { Mailer } from "./adapters/mail/mailer";
import { createPageImageCache } from "./adapters/page-images/page-image-cache";
import { createOutboxMailer } from "./adapters/mail/outbox-mailer";
import { createSmtpMailer } from "./adapters/mail/smtp-mailer";
import { createFileStorage } from "./adapters/storage/configured-storage";
import { createActorCache } from "./http/actor-cache";
import { shareIdentityChanges } from "./http/identity-changes";
import { createAuth, enabledSocialProviders } from "./auth/auth";
import { resolveAuditSecret, resolveAuthSecret } from "./auth/auth-secret";
import { createKnownDevices } from "./auth/known-device";
import type { Database, DatabaseHandle } from "./db/client";
import type { Env } from "./env";
import { PermanentJobError } from "./jobs/job-type";
import { createJobs } from "./jobs/jobs";
import type { ReadDocument } from "./modules/documents/document-pipeline";
import { createAdminActions } from "./modules/admin/admin-actions";
import { createAdminService } from "./modules/admin/admin.service";
import { createAuditModule } from "./modules/audit/audit.module";
import { createChatModule } from "./modules/chat/chat.module";
import { createDocumentsModule } from "./modules/documents/documents.module";
import { createBillingModule } from "./modules/billing/billing.module";
import { createLiveEvents } from "./modules/events/live-events";
import { createLiveEventsRepo } from "./modules/events/live-events.repo";
import { createDomainEvents } from "./modules/events/domain-events";
import { createHealthService } from "./modules/health/health.service";
import { createEmailDeliveries } from "./modules/mail/email-deliveries";
import { createMailModule } from "./modules/mail/mail.module";
import { createOrganizationsModule } from "./modules/organizations/organizations.module";
import { createAccountService } from "./modules/account/account.service";
import { createEmailChangeService } from "./modules/account/email-change.service";
import { createTwoFactorService } from "./modules/two-factor/two-factor.service";
import { createAvatarUrls } from "./modules/profiles/avatar-urls";
import { createProfilesService } from "./modules/profiles/profiles.service";
import { createRetrievalModule } from "./modules/retrieval/retrieval.module";
import { createFactSheetModule } from "./modules/fact-sheet/fact-sheet.module";
import { createPortfolioModule } from "./modules/portfolio/portfolio.module";
import { createSupportModule } from "./modules/support/support.module";
import { createOnboardingRepo } from "./modules/onboarding/onboarding.repo";
import { createOnboardingService } from "./modules/onboarding/onboarding.service";

function createMailTransport(env: Env, db: Database, logger: Logger): Mailer {
  return env.mail.smtpUrl
    ? createSmtpMailer({ smtpUrl: env.mail.smtpUrl, from: env.mail.from, timeoutMs: env.mail.smtpTimeoutMs })
    : createOutboxMailer(db, logger);
}

/**
 * Text extraction with OCR for scans (the engine OCR_ENGINE names, held to OCR_* budgets), in
 * reader processes of their own (ADR 047); a file we cannot read fails for good, not by retrying.
 */
function createExtraction(env: Env, logger: Logger): { read: ReadDocument; close(): Promise<void> } {
  const ocr = createOcrEngine(env.ocr.engine);
  logger.debug({ ocrEngine: ocr.kind }, "OCR engine chosen");
  const pool = createExtractionPool({ ocr: ocr.engine, ocrBudget: env.ocr.budget });
  return {
    async read(bytes, kind, onProgress) {
      try {
        return await pool.read(bytes, kind, onProgress);
      } catch (error) {
        if (error instanceof ExtractionError) throw new PermanentJobError(error.message);
        throw error;
      }
    },
    close: () => pool.close(),
  };
}

/** Wires configuration to adapters and modules; the only place that knows them all. */
export function createContainer(env: Env, database: DatabaseHandle, logger: Logger = createLogger(env)) {
  const db = database.db;
  const site: SiteConfig = {
    ...env.site,
    publicUrl: env.publicUrl,
    socialProviders: enabledSocialProviders(env),
    maxUploadBytes: env.documents.maxUploadBytes,
    accountStorageLimitBytes: env.documents.accountStorageLimitBytes,
  };
  const jobs = createJobs({ db, logger, leaseSeconds: env.jobs.leaseSeconds });
  const domainEvents = createDomainEvents(jobs);
  const mailer = createMailModule({ transport: createMailTransport(env, db, logger), jobs });
  const now = () => new Date();
  const storage = createFileStorage(env.storage);
  const audit = createAuditModule({
    db,
    jobs,
    storage,
    secret: resolveAuditSecret(env.audit.secret, env.dataDir),
    logger,
    retentionDays: env.audit.retentionDays,
    now,
  });
  const authSecret = resolveAuthSecret(env.auth.secret, env.dataDir);
  const adminActions = createAdminActions({ logger, audit });
  const organizations = createOrganizationsModule({
    db,
    config: { ...env.organizations, isMicrosoftOffered: env.auth.microsoft !== undefined },
    mailer,
    site,
    publicUrl: env.publicUrl,
    secret: authSecret,
    logger,
    domainEvents,
    audit,
    adminActions,
  });
  const auth = createAuth({ env, db, mailer, logger, site, secret: authSecret, memberships: organizations.memberships, audit });
  const actorCache = createActorCache({ ttlMs: env.actorCacheTtlMs });
  const stopWatchingIdentityWrites = database.watchWrites(actorCache.watcher);
  const changeFeed = createChangeFeed(database, logger);
  // The embedded database serves one process: there is no other cache to tell.
  const stopSharingIdentityChanges =
    database.kind === "postgres"
      ? shareIdentityChanges({ database, feed: changeFeed, cache: actorCache, logger }).catch((error: unknown) => {
          logger.warn({ err: error }, "identity changes are not heard from other processes: the actor cache's time to live bounds them");
          return () => undefined;
        })
      : undefined;
  const liveEvents = createLiveEvents(changeFeed, createLiveEventsRepo(db));
  const extraction = createExtraction(env, logger);
  const embedder = env.embeddings ? createAiSdkEmbedder(env.embeddings) : undefined;
  const pageImageCache = createPageImageCache(env.documents.pageImageCacheBytes);
  const billing = createBillingModule({
    db,
    jobs,
    config: env.billing,
    publicUrl: env.publicUrl,
    publishLiveEvent: liveEvents.publish,
    logger,
    organizationPlans: organizations.plans,
    domainEvents,
    audit,
  });
  const documentsModule = createDocumentsModule({
    db,
    jobs,
    storage,
    pageImages: sharpPageImages,
    pageImageCache,
    publishDocumentEvent: liveEvents.publishAboutDocument,
    logger,
    maxUploadBytes: env.documents.maxUploadBytes,
    detectKind: detectDocumentKind,
    read: extraction.read,
    embedder,
    chargeForProcessing: billing.chargeForProcessing,
    admitFreeProcessing: billing.admitFreeProcessing,
    refundUnfinishedProcessing: billing.refundUnfinishedProcessing,
    domainEvents,
    assertOrganizationStorageRoom: organizations.plans.assertRoomFor,
    accountStorageLimitBytes: env.documents.accountStorageLimitBytes,
    stagingDir: env.documents.stagingDir,
    audit,
    adminActions,
  });
  const retrieval = createRetrievalModule({
    db,
    jobs,
    domainEvents,
    documents: documentsModule.service,
    embedder,
    clauseModel: createClauseModelSource(env.documents.clauseModelFile),
    logger,
  });
  const chatModel = env.llm ? createAiSdkChatModel(env.llm) : undefined;
  const factSheets = createFactSheetModule({
    db,
    jobs,
    documents: documentsModule.service,
    publishDocumentEvent: liveEvents.publishAboutDocument,
    logger,
    domainEvents,
    mailer,
    site,
    publicUrl: env.publicUrl,
    now,
    chatModel,
    audit,
  });
  const portfolio = createPortfolioModule({ db, jobs, documents: documentsModule.service, mailer, site, publicUrl: env.publicUrl, logger, audit, now });
  const chat = createChatModule({
    db,
    retrieval,
    factSheets,
    chatModel,
    publishLiveEvent: liveEvents.publish,
    logger,
    audit,
  });
  const support = createSupportModule({
    db,
    jobs,
    chat,
    supportEmail: env.site.supportEmail,
    productName: env.site.productName,
    publicUrl: env.publicUrl,
  });
  const emailChange = createEmailChangeService({
    db,
    mailer,
    memberships: organizations.memberships,
    secret: authSecret,
    publicUrl: env.publicUrl,
    site,
    now,
    audit,
  });
  const account = createAccountService({ db, storage, documents: documentsModule.service, memberships: organizations.memberships, logger, now, audit });
  const health = createHealthService({ db, databaseKind: database.kind, version: env.version });
  const admin = createAdminService({
    db,
    organizations,
    documents: documentsModule.service,
    jobs,
    health,
    actions: adminActions,
    deployment: { version: env.version, storageKind: env.storage.kind, mailerKind: mailer.kind },
  });
  return {
    env,
    logger,
    site,
    db,
    mailer,
    emailDeliveries: createEmailDeliveries({ db, secret: authSecret }),
    knownDevices: createKnownDevices(authSecret),
    auth,
    actorCache,
    health,
    adminActions,
    admin,
    audit,
    profiles: createProfilesService({
      db,
      storage,
      avatarUrls: createAvatarUrls(authSecret, now),
      organizationPlans: organizations.plans,
      pendingEmailOf: emailChange.pendingEmailOf,
    }),
    emailChange,
    account,
    twoFactor: createTwoFactorService({ db, auth, audit, adminActions }),
    organizations,
    liveEvents,
    documents: documentsModule.service,
    onboarding: createOnboardingService({ repo: createOnboardingRepo(db), documents: documentsModule.service, now }),
    pageImageCache,
    billing: billing.service,
    chat,
    retrieval,
    factSheets,
    portfolio,
    support,
    jobs,
    domainEvents,
    async close(): Promise<void> {
      await jobs.stopWorker();
      stopWatchingIdentityWrites();
      (await stopSharingIdentityChanges)?.();
      await audit.flush();
      await changeFeed.close();
      await extraction.close();
    },
  };
}

export type Container = ReturnType<typeof createContainer>;
