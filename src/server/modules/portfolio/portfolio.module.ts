import type { Logger } from "pino";
import { paths } from "../../../shared/paths";
import type { SiteConfig } from "../../../shared/site-config";
import type { Mailer } from "../../adapters/mail/mailer";
import type { Database } from "../../db/client";
import type { Jobs } from "../../jobs/jobs";
import type { AuditService } from "../audit/audit.service";
import type { DocumentsService } from "../documents/documents.service";
import { createFactValueReviewsRepo } from "../fact-sheet/fact-value-reviews.repo";
import { registerPortfolioDigest } from "./portfolio.jobs";
import { createPortfolioRepo } from "./portfolio.repo";
import { createPortfolioService } from "./portfolio.service";

export interface PortfolioModuleDeps {
  db: Database;
  jobs: Jobs;
  documents: DocumentsService;
  mailer: Mailer;
  site: SiteConfig;
  publicUrl: string;
  logger: Logger;
  audit: AuditService;
  now: () => Date;
}

/** The organization's contracts with their key terms (from the fact sheets), their exports and the weekly digest of notice-by dates. */
export function createPortfolioModule(deps: PortfolioModuleDeps) {
  const repo = createPortfolioRepo(deps.db);
  const service = createPortfolioService({
    repo,
    reviews: createFactValueReviewsRepo(deps.db),
    getDocument: (actor, documentId) => deps.documents.get(actor, documentId),
    audit: deps.audit,
    now: deps.now,
  });
  const digest = { ...deps, repo, service, portfolioUrl: new URL(paths.portfolio, deps.publicUrl).toString() };
  registerPortfolioDigest(digest);
  return { service, digest };
}

export type PortfolioModule = ReturnType<typeof createPortfolioModule>;
