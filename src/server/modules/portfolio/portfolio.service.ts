import type { Actor } from "../../../core/access/actor";
import { contractTermsOf, nextDeadlineOf } from "../../../core/portfolio/contract-terms";
import { applyView, calendarEnd, calendarEvents } from "../../../shared/portfolio-view";
import { can } from "../../../shared/access";
import {
  PORTFOLIO_PAGE_SIZE,
  type ContractRow,
  type ContractTerms,
  type PortfolioCalendarResponse,
  type PortfolioExportFormat,
  type PortfolioQuery,
  type PortfolioResponse,
  type PortfolioSettings,
  type PortfolioView,
} from "../../../shared/contracts/portfolio";
import { formatIsoDate, type IsoDate } from "../../../shared/calendar-dates";
import { createProcessCache, readWhileVersionHolds, type AsOfVersion } from "../../../shared/process-cache";
import { AppError } from "../../http/app-error";
import { downloadFilename } from "../../http/downloads";
import type { AuditService } from "../audit/audit.service";
import type { OwnedDocumentSummary } from "../documents/documents.service";
import { portfolioCsv, portfolioXlsx } from "./portfolio-export";
import type { ContractListing, ContractScope, PortfolioRepo } from "./portfolio.repo";
import type { FactValueReviewsRepo } from "../fact-sheet/fact-value-reviews.repo";
import { applyReviews } from "../../../core/fact-sheet/apply-reviews";

export interface PortfolioServiceDeps {
  repo: PortfolioRepo;
  /** People's confirmations and corrections of fact-sheet values: the portfolio shows the sheet as people see it. */
  reviews: Pick<FactValueReviewsRepo, "listForDocuments">;
  /** The documents module's ownership check. */
  getDocument: (actor: Actor, documentId: string) => Promise<OwnedDocumentSummary>;
  audit: Pick<AuditService, "record">;
  now: () => Date;
}

/** Terms computed for a sheet as stored at `factsUpdatedAt` and reviewed as of `reviewsVersion`, on `today`. */
interface CachedTerms {
  factsUpdatedAt: number;
  reviewsVersion: string;
  today: IsoDate;
  terms: ContractTerms;
}

/** Enough for a few organizations of thousands of agreements; past it the least recently used go first. */
const MAX_CACHED_TERMS = 20_000;
/** Scopes (organizations, members) whose listing is kept, and the viewers' rows and views made from them. */
const MAX_CACHED_SCOPES = 1_000;
const MAX_CACHED_ROWS = 4_000;
const MAX_CACHED_VIEWS = 4_000;

const scopeKeyOf = (scope: ContractScope) => (scope.kind === "own" ? `own:${scope.userId}` : `organization:${scope.organizationId}`);
// The filters all have to hold, so their order does not change the view.
const viewKeyOf = (view: PortfolioView) => `${[...view.filters].sort().join(",")}|${view.sort}|${view.order}`;

/** An admin (or the platform owner) sees every active member's agreements of their organization; anyone else their own. */
export function portfolioScopeOf(actor: Actor): ContractScope {
  if (actor.organizationId && can(actor, "portfolio.read", { organizationId: actor.organizationId }))
    return { kind: "organization", organizationId: actor.organizationId };
  return { kind: "own", userId: actor.userId };
}

/**
 * The organization's contracts with their key terms. Terms are computed from each fact sheet's
 * stored values as people reviewed them (ADR 032) and kept per process while the sheet and its
 * reviews are unchanged and the day is the same, so a list of a thousand agreements reads their values once a day (ADR 033).
 * A scope's listing, its rows and the views asked of them are kept while the listing's version
 * (one short query) is the same: a request then reads one row, not a thousand (ADR 033).
 */
export function createPortfolioService(deps: PortfolioServiceDeps) {
  const cache = createProcessCache<string, CachedTerms>("portfolio.contract-terms", { maxEntries: MAX_CACHED_TERMS });
  const listingsByScope = createProcessCache<string, AsOfVersion<ContractListing[]>>("portfolio.listings", { maxEntries: MAX_CACHED_SCOPES });
  const rowsByViewer = createProcessCache<string, AsOfVersion<ContractRow[]>>("portfolio.rows", { maxEntries: MAX_CACHED_ROWS });
  const rowsByView = createProcessCache<string, AsOfVersion<ContractRow[]>>("portfolio.views", { maxEntries: MAX_CACHED_VIEWS });

  /** The scope's listing: asked for by its version (one short row), read whole only when the version moved. */
  function listingOf(scope: ContractScope): Promise<AsOfVersion<ContractListing[]>> {
    return readWhileVersionHolds(
      listingsByScope,
      scopeKeyOf(scope),
      () => deps.repo.findListingVersion(scope),
      () => deps.repo.listContracts(scope),
    );
  }

  async function termsFor(listings: ContractListing[], today: IsoDate): Promise<Map<string, ContractTerms>> {
    const termsById = new Map<string, ContractTerms>();
    for (const listing of listings) {
      const cached = cache.get(listing.documentId);
      const isCurrent =
        cached?.today === today && cached.factsUpdatedAt === listing.factsUpdatedAt.getTime() && cached.reviewsVersion === listing.reviewsVersion;
      if (isCurrent) termsById.set(listing.documentId, cached.terms);
    }
    const missing = listings.filter((listing) => !termsById.has(listing.documentId));
    const documentIds = missing.map((listing) => listing.documentId);
    const [fields, reviews] = await Promise.all([deps.repo.listFactFields(documentIds), deps.reviews.listForDocuments(documentIds)]);
    for (const listing of missing) {
      const reviewed = applyReviews(fields.get(listing.documentId) ?? [], reviews.get(listing.documentId) ?? []).fields;
      const entry = {
        factsUpdatedAt: listing.factsUpdatedAt.getTime(),
        reviewsVersion: listing.reviewsVersion,
        today,
        terms: contractTermsOf(reviewed, today),
      };
      termsById.set(listing.documentId, cache.set(listing.documentId, entry).terms);
    }
    return termsById;
  }

  /** The rows of a listing as `viewerId` sees them on `today`: made once, then kept while the listing's version holds. */
  async function builtRows(scope: ContractScope, viewerId: string | null, today: IsoDate): Promise<AsOfVersion<ContractRow[]>> {
    const listing = await listingOf(scope);
    const key = `${scopeKeyOf(scope)}|${String(viewerId)}|${today}`;
    const cached = rowsByViewer.get(key);
    if (cached?.version === listing.version) return cached;
    return rowsByViewer.set(key, { version: listing.version, value: await rowsOf(listing.value, viewerId, today) });
  }

  async function rowsOf(listings: ContractListing[], viewerId: string | null, today: IsoDate): Promise<ContractRow[]> {
    const terms = await termsFor(listings, today);
    return listings.map((listing) => {
      const rowTerms = terms.get(listing.documentId)!;
      return {
        documentId: listing.documentId,
        documentName: listing.documentName,
        ownerName: listing.ownerName,
        isOwn: listing.userId === viewerId,
        payerCorrection: listing.payerCorrection,
        terms: rowTerms,
        nextDeadline: nextDeadlineOf(rowTerms, today),
      };
    });
  }

  const today = () => formatIsoDate(deps.now());

  /** Every agreement of a scope on a day (kept: callers only read them). */
  const listRows = async (scope: ContractScope, viewerId: string | null, date: IsoDate): Promise<ContractRow[]> =>
    (await builtRows(scope, viewerId, date)).value;

  async function viewFor(actor: Actor, view: PortfolioView) {
    const scope = portfolioScopeOf(actor);
    const date = today();
    const built = await builtRows(scope, actor.userId, date);
    const key = `${scopeKeyOf(scope)}|${actor.userId}|${date}|${viewKeyOf(view)}`;
    const cached = rowsByView.get(key);
    const rows =
      cached?.version === built.version ? cached.value : rowsByView.set(key, { version: built.version, value: applyView(built.value, view, date) }).value;
    return { scope, rows };
  }

  return {
    /** Every agreement of a scope on a day: the weekly digest's source. */
    listRows,

    /** GET /api/portfolio: one page of the agreements the view shows. */
    async list(actor: Actor, query: PortfolioQuery): Promise<PortfolioResponse> {
      const { scope, rows } = await viewFor(actor, query);
      const start = (query.page - 1) * PORTFOLIO_PAGE_SIZE;
      return { rows: rows.slice(start, start + PORTFOLIO_PAGE_SIZE), total: rows.length, page: query.page, pageSize: PORTFOLIO_PAGE_SIZE, scope: scope.kind };
    },

    /** GET /api/portfolio/calendar */
    async calendar(actor: Actor): Promise<PortfolioCalendarResponse> {
      const date = today();
      const rows = await listRows(portfolioScopeOf(actor), actor.userId, date);
      return { from: date, to: calendarEnd(date), events: calendarEvents(rows, date) };
    },

    /** GET /api/portfolio/export: every agreement the view shows, as CSV or Excel, each term with its citation. */
    async exportRows(actor: Actor, view: PortfolioView, format: PortfolioExportFormat) {
      const { scope, rows } = await viewFor(actor, view);
      const filename = downloadFilename(`Contract portfolio ${today()}`, format);
      await deps.audit.record(
        actor,
        "portfolio.exported",
        { type: "organization", id: actor.organizationId ?? actor.userId },
        { format, rows: rows.length, filters: view.filters.join(",") || "none", source: scope.kind },
      );
      return format === "csv"
        ? { filename, contentType: "text/csv; charset=utf-8", body: portfolioCsv(rows) }
        : { filename, contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body: await portfolioXlsx(rows, deps.now()) };
    },

    /** GET /api/documents/contract-details: one's own agreements, for the library. */
    libraryContracts(actor: Actor): Promise<ContractRow[]> {
      return listRows({ kind: "own", userId: actor.userId }, actor.userId, today());
    },

    /** PUT /api/documents/:id/contract-details: the owner names the payer (null: the one read from the parties again). */
    async updatePayer(actor: Actor, documentId: string, payer: string | null): Promise<ContractRow> {
      const document = await deps.getDocument(actor, documentId);
      if (document.status !== "completed") throw new AppError("conflict", "Contract details can be edited once the document has been processed.");
      await deps.repo.savePayer(document.id, payer, actor.userId);
      await deps.audit.record(actor, "document.payer-edited", { type: "document", id: document.id, name: document.filename }, { documentId: document.id });
      const row = (await listRows({ kind: "own", userId: actor.userId }, actor.userId, today())).find((candidate) => candidate.documentId === document.id);
      if (!row) throw new AppError("conflict", "The fact sheet is still being read. Try again in a moment.");
      return row;
    },

    /** GET /api/portfolio/settings (admins) */
    async getSettings(actor: Actor): Promise<PortfolioSettings> {
      return deps.repo.findSettings(requireOrganization(actor));
    },

    /** PUT /api/portfolio/settings (admins) */
    async updateSettings(actor: Actor, settings: PortfolioSettings): Promise<PortfolioSettings> {
      const organizationId = requireOrganization(actor);
      await deps.repo.saveSettings(organizationId, settings);
      await deps.audit.record(
        actor,
        "organization.settings-changed",
        { type: "organization", id: organizationId },
        { fields: "weeklyDigest", status: settings.weeklyDigest ? "on" : "off" },
        { organizationId },
      );
      return settings;
    },
  };
}

function requireOrganization(actor: Actor): string {
  if (!actor.organizationId) throw new AppError("not_found", "You are not in an organization.");
  return actor.organizationId;
}

export type PortfolioService = ReturnType<typeof createPortfolioService>;
