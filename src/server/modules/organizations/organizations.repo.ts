import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { resolveDisplayName } from "../../../core/access/display-name";
import { queryRows, type Database } from "../../db/client";
import {
  accounts,
  documents,
  documentUsageLog,
  organizationDomains,
  organizationInvitations,
  organizationMembers,
  organizations,
  profiles,
  users,
} from "../../db/schema/index";

export type OrganizationRow = typeof organizations.$inferSelect;
export type NewOrganizationRow = typeof organizations.$inferInsert;
export type MemberRow = typeof organizationMembers.$inferSelect;
export type InvitationRow = typeof organizationInvitations.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export interface Membership {
  member: MemberRow;
  organization: OrganizationRow;
}

const isActive = eq(organizationMembers.status, "active");

/**
 * Queries of organizations, memberships, invitations and verified domains. Reads across members
 * give counts and sizes, never documents or chats (spec section 6). Functions take the database or
 * the caller's transaction as their last argument.
 */
export function createOrganizationsRepo(db: Database) {
  return {
    async findUser(userId: string, tx: Database = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, userId));
      return row;
    },

    async findUserByEmail(email: string, tx: Database = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.email, email.toLowerCase()));
      return row;
    },

    /** The name the app shows for a person (profile, account, email), or null when the account is gone. */
    async displayNameOf(userId: string | null, tx: Database = db): Promise<string | null> {
      if (!userId) return null;
      const [row] = await tx
        .select({ email: users.email, accountName: users.name, profileName: profiles.displayName })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, userId));
      return row ? resolveDisplayName(row) : null;
    },

    /** Whether the person has a name of their own (their account's or their profile's), not only an address. */
    async hasOwnName(userId: string, tx: Database = db): Promise<boolean> {
      const [row] = await tx
        .select({ accountName: users.name, profileName: profiles.displayName })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, userId));
      return Boolean(row?.accountName.trim() || row?.profileName?.trim());
    },

    async hasPassword(userId: string, tx: Database = db): Promise<boolean> {
      const [row] = await tx
        .select({ total: count() })
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential"), isNotNull(accounts.password)));
      return (row?.total ?? 0) > 0;
    },

    async markEmailVerified(userId: string, tx: Database = db): Promise<void> {
      await tx.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
    },

    async activeMembership(userId: string, tx: Database = db): Promise<Membership | undefined> {
      const [row] = await tx
        .select({ member: organizationMembers, organization: organizations })
        .from(organizationMembers)
        .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
        .where(and(eq(organizationMembers.userId, userId), isActive));
      return row;
    },

    async findOrganization(organizationId: string, tx: Database = db): Promise<OrganizationRow | undefined> {
      const [row] = await tx.select().from(organizations).where(eq(organizations.id, organizationId));
      return row;
    },

    /** Holds the organization until the transaction ends: member counts, invitations and allowance spending take turns. */
    async lockOrganization(organizationId: string, tx: Database = db): Promise<OrganizationRow | undefined> {
      const [row] = await tx.select().from(organizations).where(eq(organizations.id, organizationId)).for("update");
      return row;
    },

    async insertOrganization(values: NewOrganizationRow, tx: Database = db): Promise<OrganizationRow> {
      const [row] = await tx.insert(organizations).values(values).returning();
      return row!;
    },

    async updateOrganization(organizationId: string, values: Partial<NewOrganizationRow>, tx: Database = db): Promise<OrganizationRow> {
      const [row] = await tx.update(organizations).set(values).where(eq(organizations.id, organizationId)).returning();
      return row!;
    },

    /** The organization that verified `domain`, if any. */
    async organizationWithVerifiedDomain(domain: string, tx: Database = db): Promise<OrganizationRow | undefined> {
      const [row] = await tx
        .select({ organization: organizations })
        .from(organizationDomains)
        .innerJoin(organizations, eq(organizations.id, organizationDomains.organizationId))
        .where(and(eq(organizationDomains.domain, domain), isNotNull(organizationDomains.verifiedAt)));
      return row?.organization;
    },

    async verifiedDomains(organizationId: string, tx: Database = db): Promise<string[]> {
      const rows = await tx
        .select({ domain: organizationDomains.domain })
        .from(organizationDomains)
        .where(and(eq(organizationDomains.organizationId, organizationId), isNotNull(organizationDomains.verifiedAt)))
        .orderBy(asc(organizationDomains.domain));
      return rows.map((row) => row.domain);
    },

    /** Marks a domain verified for the organization; false when another organization verified it first. */
    async verifyDomain(organizationId: string, domain: string, now: Date, tx: Database = db): Promise<boolean> {
      const rows = await tx
        .insert(organizationDomains)
        .values({ organizationId, domain, verifiedAt: now })
        .onConflictDoUpdate({ target: [organizationDomains.organizationId, organizationDomains.domain], set: { verifiedAt: now } })
        .returning({ id: organizationDomains.id })
        .catch((error: unknown) => {
          if (isUniqueViolation(error, "organization_domains_verified_domain_unique")) return [];
          throw error;
        });
      return rows.length === 1;
    },

    async removeDomain(organizationId: string, domain: string, tx: Database = db): Promise<boolean> {
      const rows = await tx
        .delete(organizationDomains)
        .where(and(eq(organizationDomains.organizationId, organizationId), eq(organizationDomains.domain, domain)))
        .returning({ id: organizationDomains.id });
      return rows.length === 1;
    },

    /** Adds the person as an active member, reviving an earlier membership of theirs in the same organization. */
    async addMember(
      values: { organizationId: string; userId: string; role: string; joinedAsEmail: string; invitedBy?: string | null; now: Date },
      tx: Database = db,
    ) {
      const { now, ...member } = values;
      const [row] = await tx
        .insert(organizationMembers)
        .values({ ...member, joinedAt: now })
        .onConflictDoUpdate({
          target: [organizationMembers.organizationId, organizationMembers.userId],
          set: {
            status: "active",
            role: member.role,
            joinedAsEmail: member.joinedAsEmail,
            invitedBy: member.invitedBy ?? null,
            joinedAt: now,
            deactivatedAt: null,
          },
        })
        .returning();
      return row!;
    },

    async deactivateMember(memberId: string, now: Date, tx: Database = db): Promise<void> {
      await tx.update(organizationMembers).set({ status: "inactive", deactivatedAt: now }).where(eq(organizationMembers.id, memberId));
    },

    async setMemberRole(memberId: string, role: string, tx: Database = db): Promise<void> {
      await tx.update(organizationMembers).set({ role }).where(eq(organizationMembers.id, memberId));
    },

    async setJoinedAsEmail(memberId: string, email: string, tx: Database = db): Promise<void> {
      await tx.update(organizationMembers).set({ joinedAsEmail: email }).where(eq(organizationMembers.id, memberId));
    },

    async findMember(organizationId: string, membershipId: string, tx: Database = db): Promise<(MemberRow & { platformRole: string }) | undefined> {
      const [row] = await tx
        .select({ member: organizationMembers, platformRole: users.role })
        .from(organizationMembers)
        .innerJoin(users, eq(users.id, organizationMembers.userId))
        .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.id, membershipId)));
      return row && { ...row.member, platformRole: row.platformRole };
    },

    /** The organization's active admins, locked: two admins demoting each other take turns, and one of them stays. */
    async lockActiveAdmins(organizationId: string, tx: Database = db): Promise<MemberRow[]> {
      return tx
        .select()
        .from(organizationMembers)
        .where(and(eq(organizationMembers.organizationId, organizationId), isActive, eq(organizationMembers.role, "org_admin")))
        .for("update");
    },

    /** Who has been an active member longest, apart from `userId`. */
    async longestStandingMember(organizationId: string, exceptUserId: string, tx: Database = db): Promise<MemberRow | undefined> {
      const [row] = await tx
        .select()
        .from(organizationMembers)
        .where(and(eq(organizationMembers.organizationId, organizationId), isActive, ne(organizationMembers.userId, exceptUserId)))
        .orderBy(asc(organizationMembers.joinedAt), asc(organizationMembers.id))
        .limit(1);
      return row;
    },

    async activeMemberIds(organizationId: string, tx: Database = db): Promise<string[]> {
      const rows = await tx
        .select({ userId: organizationMembers.userId })
        .from(organizationMembers)
        .where(and(eq(organizationMembers.organizationId, organizationId), isActive));
      return rows.map((row) => row.userId);
    },

    /** Every organization the person was ever a member of, active or not. */
    async organizationIdsOfMember(userId: string, tx: Database = db): Promise<string[]> {
      const rows = await tx
        .selectDistinct({ organizationId: organizationMembers.organizationId })
        .from(organizationMembers)
        .where(eq(organizationMembers.userId, userId));
      return rows.map((row) => row.organizationId);
    },

    /** Domains, memberships and invitations go with it (cascade); usage records keep their rows without it. */
    async deleteOrganization(organizationId: string, tx: Database = db): Promise<void> {
      await tx.delete(organizations).where(eq(organizations.id, organizationId));
    },

    async countActiveMembers(organizationId: string, tx: Database = db): Promise<number> {
      const [row] = await tx
        .select({ total: count() })
        .from(organizationMembers)
        .where(and(eq(organizationMembers.organizationId, organizationId), isActive));
      return row?.total ?? 0;
    },

    /** Pending invitations still open at `now`, which hold a place under the maximum of users. */
    async countOpenInvitations(organizationId: string, now: Date, exceptInvitationId?: string, tx: Database = db): Promise<number> {
      const [row] = await tx
        .select({ total: count() })
        .from(organizationInvitations)
        .where(
          and(
            eq(organizationInvitations.organizationId, organizationId),
            eq(organizationInvitations.status, "pending"),
            gt(organizationInvitations.expiresAt, now),
            exceptInvitationId ? ne(organizationInvitations.id, exceptInvitationId) : undefined,
          ),
        );
      return row?.total ?? 0;
    },

    async isActiveMemberByEmail(organizationId: string, email: string, tx: Database = db): Promise<boolean> {
      const [row] = await tx
        .select({ total: count() })
        .from(organizationMembers)
        .innerJoin(users, eq(users.id, organizationMembers.userId))
        .where(and(eq(organizationMembers.organizationId, organizationId), isActive, eq(users.email, email)));
      return (row?.total ?? 0) > 0;
    },

    /** Team Members: each member with their account and how many documents they have (never which). */
    async listMembers(organizationId: string, tx: Database = db) {
      const documentsCount = tx
        .select({ userId: documents.userId, total: count().as("total") })
        .from(documents)
        .groupBy(documents.userId)
        .as("documents_count");
      return tx
        .select({
          member: organizationMembers,
          email: users.email,
          accountName: users.name,
          profileName: profiles.displayName,
          platformRole: users.role,
          documentsCount: sql<number>`coalesce(${documentsCount.total}, 0)::int`,
        })
        .from(organizationMembers)
        .innerJoin(users, eq(users.id, organizationMembers.userId))
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .leftJoin(documentsCount, eq(documentsCount.userId, users.id))
        .where(eq(organizationMembers.organizationId, organizationId))
        .orderBy(asc(organizationMembers.status), asc(organizationMembers.joinedAt), asc(organizationMembers.id));
    },

    /** Total size of the active members' documents. */
    async storageUsedBytes(organizationId: string, tx: Database = db): Promise<number> {
      const [row] = await queryRows<{ used: number }>(
        tx,
        sql`select coalesce(sum(d.file_size), 0)::bigint::float8 as used
          from documents d
          join organization_members m on m.user_id = d.user_id and m.status = 'active'
          where m.organization_id = ${organizationId}`,
      );
      return Number(row?.used ?? 0);
    },

    /** Members' documents the organization paid for in a period (refunds given back). */
    async allowanceUsed(organizationId: string, period: { start: Date; end: Date }, tx: Database = db): Promise<number> {
      const [row] = await tx
        .select({ total: count() })
        .from(documentUsageLog)
        .where(
          and(
            eq(documentUsageLog.organizationId, organizationId),
            eq(documentUsageLog.source, "organization"),
            isNull(documentUsageLog.refundedAt),
            sql`${documentUsageLog.chargedAt} >= ${period.start.toISOString()}::timestamptz`,
            sql`${documentUsageLog.chargedAt} < ${period.end.toISOString()}::timestamptz`,
          ),
        );
      return row?.total ?? 0;
    },

    async insertInvitation(values: typeof organizationInvitations.$inferInsert, tx: Database = db): Promise<InvitationRow> {
      const [row] = await tx.insert(organizationInvitations).values(values).returning();
      return row!;
    },

    async updateInvitation(invitationId: string, values: Partial<typeof organizationInvitations.$inferInsert>, tx: Database = db): Promise<InvitationRow> {
      const [row] = await tx.update(organizationInvitations).set(values).where(eq(organizationInvitations.id, invitationId)).returning();
      return row!;
    },

    /** The address's pending invitation to the organization, expired or not (one at most). */
    async pendingInvitationTo(organizationId: string, email: string, tx: Database = db): Promise<InvitationRow | undefined> {
      const [row] = await tx
        .select()
        .from(organizationInvitations)
        .where(
          and(
            eq(organizationInvitations.organizationId, organizationId),
            eq(organizationInvitations.email, email),
            eq(organizationInvitations.status, "pending"),
          ),
        )
        .for("update");
      return row;
    },

    async findInvitation(organizationId: string, invitationId: string, tx: Database = db): Promise<InvitationRow | undefined> {
      const [row] = await tx
        .select()
        .from(organizationInvitations)
        .where(and(eq(organizationInvitations.organizationId, organizationId), eq(organizationInvitations.id, invitationId)));
      return row;
    },

    async lockInvitation(invitationId: string, tx: Database = db): Promise<InvitationRow | undefined> {
      const [row] = await tx.select().from(organizationInvitations).where(eq(organizationInvitations.id, invitationId)).for("update");
      return row;
    },

    async invitationByTokenHash(tokenHash: string, tx: Database = db): Promise<{ invitation: InvitationRow; organization: OrganizationRow } | undefined> {
      const [row] = await tx
        .select({ invitation: organizationInvitations, organization: organizations })
        .from(organizationInvitations)
        .innerJoin(organizations, eq(organizations.id, organizationInvitations.organizationId))
        .where(eq(organizationInvitations.tokenHash, tokenHash));
      return row;
    },

    /** The address's invitations still open at `now`, newest first, with their organizations. */
    async openInvitationsFor(email: string, now: Date, tx: Database = db): Promise<{ invitation: InvitationRow; organization: OrganizationRow }[]> {
      return tx
        .select({ invitation: organizationInvitations, organization: organizations })
        .from(organizationInvitations)
        .innerJoin(organizations, eq(organizations.id, organizationInvitations.organizationId))
        .where(and(eq(organizationInvitations.email, email), eq(organizationInvitations.status, "pending"), gt(organizationInvitations.expiresAt, now)))
        .orderBy(desc(organizationInvitations.lastSentAt), desc(organizationInvitations.id));
    },

    async countCodeAttempt(invitationIds: string[], tx: Database = db): Promise<void> {
      if (invitationIds.length === 0) return;
      await tx
        .update(organizationInvitations)
        .set({ codeAttempts: sql`${organizationInvitations.codeAttempts} + 1` })
        .where(inArray(organizationInvitations.id, invitationIds));
    },

    /** Pending Invitations, expired ones included, newest first, with the inviting admin's names. */
    async listPendingInvitations(organizationId: string, tx: Database = db) {
      return tx
        .select({ invitation: organizationInvitations, inviterEmail: users.email, inviterAccountName: users.name, inviterProfileName: profiles.displayName })
        .from(organizationInvitations)
        .leftJoin(users, eq(users.id, organizationInvitations.invitedBy))
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(and(eq(organizationInvitations.organizationId, organizationId), eq(organizationInvitations.status, "pending")))
        .orderBy(desc(organizationInvitations.lastSentAt), desc(organizationInvitations.id));
    },

    /** Closes every pending invitation of the address at the organization (it joined some other way). */
    async closeInvitationsOnJoin(organizationId: string, email: string, userId: string, now: Date, tx: Database = db): Promise<void> {
      await tx
        .update(organizationInvitations)
        .set({ status: "accepted", acceptedAt: now, acceptedBy: userId })
        .where(
          and(
            eq(organizationInvitations.organizationId, organizationId),
            eq(organizationInvitations.email, email),
            eq(organizationInvitations.status, "pending"),
          ),
        );
    },
  };
}

export type OrganizationsRepo = ReturnType<typeof createOrganizationsRepo>;

/** A unique index refused the row (PostgreSQL 23505), reported by either driver. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const candidate = cause as { code?: string; constraint?: string; message?: string };
    if (candidate.code === "23505" && (candidate.constraint === constraint || candidate.message?.includes(constraint))) return true;
  }
  return false;
}
