import { and, eq, inArray, isNotNull, isNull, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { FactField } from "../../../shared/contracts/fact-sheet";
import type { Database } from "../../db/client";
import {
  contractDetails,
  libraryVersions,
  documents,
  factSheets,
  factValueReviews,
  organizationMembers,
  portfolioSettings,
  users,
} from "../../db/schema/index";
import { libraryVersionQuery, type OwnedDocumentId } from "../documents/documents.repo";

/** Whose contracts a list holds: one person's, or every active member's of an organization. */
export type ContractScope = { kind: "own"; userId: string } | { kind: "organization"; organizationId: string };

/** A completed document whose fact sheet has been read, without its values (they are cached by `factsUpdatedAt`). */
export interface ContractListing {
  documentId: string;
  documentName: string;
  userId: string;
  ownerName: string;
  factsUpdatedAt: Date;
  /** Changes whenever a person confirms, corrects or un-reviews one of the sheet's values. */
  reviewsVersion: string;
  payerCorrection: string | null;
}

const activeMembersOf = (organizationId: Placeholder) =>
  inArray(
    documents.userId,
    sql`(select ${organizationMembers.userId} from ${organizationMembers} where ${organizationMembers.organizationId} = ${organizationId} and ${organizationMembers.status} = 'active')`,
  );

/** The portfolio's reads: which contracts a scope holds, their fact-sheet values, the payer people corrected, the organization's settings. */
export function createPortfolioRepo(db: Database) {
  const listingQueryOf = (owners: SQL) =>
    db
      .select({
        documentId: documents.id,
        documentName: documents.filename,
        userId: documents.userId,
        ownerName: users.name,
        factsUpdatedAt: factSheets.updatedAt,
        reviewsVersion:
          sql<string>`(select count(*) || ':' || coalesce(max(${factValueReviews.createdAt})::text, '') from ${factValueReviews} where ${factValueReviews.documentId} = ${documents.id})`.as(
            "reviews_version",
          ),
        payerCorrection: contractDetails.payer,
      })
      .from(documents)
      .innerJoin(factSheets, eq(factSheets.documentId, documents.id))
      .innerJoin(users, eq(users.id, documents.userId))
      .leftJoin(contractDetails, eq(contractDetails.documentId, documents.id))
      .where(and(eq(documents.status, "completed"), isNotNull(factSheets.builtAt), owners));
  /**
   * One short value that changes whenever any row of the scope's listing does: the counts the
   * database keeps per owner (`library_versions`, moved by triggers at the commit of every
   * writing transaction, migration 0026), with the organization's active members when the scope is one.
   */
  const versionOwn = libraryVersionQuery(db).prepare("portfolio_version_own");
  const versionOrganization = db
    .select({
      version: sql<string>`coalesce(string_agg(${organizationMembers.userId} || ':' || coalesce(${libraryVersions.version}, 0), ',' order by ${organizationMembers.userId}), '')`,
    })
    .from(organizationMembers)
    .leftJoin(libraryVersions, eq(libraryVersions.userId, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, sql.placeholder("organizationId")), eq(organizationMembers.status, "active")))
    .prepare("portfolio_version_organization");
  // Asked on every portfolio and library request: prepared once per scope, so each is planned once.
  const ownScope = eq(documents.userId, sql.placeholder("userId"));
  const organizationScope = activeMembersOf(sql.placeholder("organizationId"));
  const listOwn = listingQueryOf(ownScope).prepare("portfolio_list_own");
  const listOrganization = listingQueryOf(organizationScope).prepare("portfolio_list_organization");

  return {
    listContracts(scope: ContractScope): Promise<ContractListing[]> {
      return scope.kind === "own" ? listOwn.execute({ userId: scope.userId }) : listOrganization.execute({ organizationId: scope.organizationId });
    },

    /** The listing's version: the same while `listContracts` would answer the same rows. */
    async findListingVersion(scope: ContractScope): Promise<string> {
      const [row] =
        scope.kind === "own" ? await versionOwn.execute({ userId: scope.userId }) : await versionOrganization.execute({ organizationId: scope.organizationId });
      return row!.version;
    },

    async listFactFields(documentIds: string[]): Promise<Map<string, FactField[]>> {
      if (documentIds.length === 0) return new Map();
      const rows = await db
        .select({ documentId: factSheets.documentId, fields: factSheets.fields })
        .from(factSheets)
        .where(inArray(factSheets.documentId, documentIds));
      return new Map(rows.map((row) => [row.documentId, row.fields]));
    },

    /** Writes the payer a person named for an owned document (null: back to the one read). */
    async savePayer(documentId: OwnedDocumentId, payer: string | null, userId: string): Promise<void> {
      await db
        .insert(contractDetails)
        .values({ documentId, payer, updatedBy: userId })
        .onConflictDoUpdate({ target: contractDetails.documentId, set: { payer, updatedBy: userId, updatedAt: sql`now()` } });
    },

    async findSettings(organizationId: string): Promise<{ weeklyDigest: boolean }> {
      const [row] = await db
        .select({ weeklyDigest: portfolioSettings.weeklyDigest })
        .from(portfolioSettings)
        .where(eq(portfolioSettings.organizationId, organizationId));
      return row ?? { weeklyDigest: true };
    },

    async saveSettings(organizationId: string, settings: { weeklyDigest: boolean }, tx: Database = db): Promise<void> {
      await tx
        .insert(portfolioSettings)
        .values({ organizationId, ...settings })
        .onConflictDoUpdate({ target: portfolioSettings.organizationId, set: { ...settings, updatedAt: sql`now()` } });
    },

    /** Organizations whose digest is on, with the addresses of their active admins. */
    async listDigestRecipients(): Promise<Array<{ organizationId: string; emails: string[] }>> {
      const rows = await db
        .select({ organizationId: organizationMembers.organizationId, email: users.email })
        .from(organizationMembers)
        .innerJoin(users, eq(users.id, organizationMembers.userId))
        .leftJoin(portfolioSettings, eq(portfolioSettings.organizationId, organizationMembers.organizationId))
        .where(
          and(
            eq(organizationMembers.role, "org_admin"),
            eq(organizationMembers.status, "active"),
            sql`coalesce(${portfolioSettings.weeklyDigest}, true)`,
            isNull(users.bannedAt),
          ),
        );
      const byOrganization = new Map<string, string[]>();
      for (const row of rows) byOrganization.set(row.organizationId, [...(byOrganization.get(row.organizationId) ?? []), row.email]);
      return [...byOrganization].map(([organizationId, emails]) => ({ organizationId, emails }));
    },
  };
}

export type PortfolioRepo = ReturnType<typeof createPortfolioRepo>;
