import {
  authMethodOf,
  domainOf,
  isFreeMailDomain,
  keepsMembershipAfterEmailChange,
  organizationNameFor,
  signInRefusal,
  type SignInMethod,
} from "../../../core/organizations/membership-rules";
import { trialEndFor } from "../../../core/organizations/plan";
import { invitationMessages, organizationMessages } from "../../../shared/organizations";
import { noRequest, type AuditRequest, type AuditService } from "../audit/audit.service";
import type { Database } from "../../db/client";
import { AppError } from "../../http/app-error";
import type { PlatformSettingsRepo } from "./platform-settings.repo";
import { isUniqueViolation, createOrganizationsRepo, type Membership, type OrganizationRow, type UserRow } from "./organizations.repo";

export interface OrganizationsConfig {
  /** TRIAL_DAYS: how long a new organization's trial runs, until the platform owner sets it. */
  trialDays: number;
  /** ORGANIZATION_MONTHLY_CREDITS: documents a month a plan gives when the organization sets none, until the platform owner sets it. */
  monthlyCredits: number;
  /** Whether this server offers Microsoft sign-in (MICROSOFT_CLIENT_ID): new organizations allow it then. */
  isMicrosoftOffered: boolean;
}

export interface MembershipsDeps {
  db: Database;
  config: OrganizationsConfig;
  /** The trial length and limits new organizations get. */
  settings: PlatformSettingsRepo;
  now: () => Date;
  audit: AuditService;
}

/** The person as membership rules read them. */
export type Person = Pick<UserRow, "id" | "email" | "name" | "emailVerified"> & { practiceName?: string | null };

/** Who accepts an invitation, and how their session was made (null for sessions older than that record). */
export interface Acceptor {
  userId: string;
  email: string;
  signInMethod: SignInMethod | null;
}

export interface AcceptedInvitation {
  organization: OrganizationRow;
  role: "org_user" | "org_admin";
}

const isOrganizationRole = (role: string): role is AcceptedInvitation["role"] => role === "org_user" || role === "org_admin";

/**
 * Every person has one active organization (ADR 016): made at their first request after sign-in
 * (joining an open invitation, their verified company domain, or a new organization of their own),
 * moved when their email changes, and left when they join another by invitation.
 */
export function createMembershipsService(deps: MembershipsDeps) {
  const { db, config } = deps;
  const repo = createOrganizationsRepo(db);

  /** Why an organization was made without anyone asking for one: the audit log says so. */
  type AutomaticCreation = { trigger: "first sign-in" | "email change" | "removed from organization"; request: AuditRequest };

  async function createOwnOrganization(tx: Database, person: Person, now: Date, creation: AutomaticCreation): Promise<Membership> {
    const defaults = await deps.settings.get(tx);
    const organization = await repo.insertOrganization(
      {
        // The practice named at sign-up; later organizations (after an email change or a removal) are named as before.
        name: (creation.trigger === "first sign-in" && person.practiceName?.trim()) || organizationNameFor(person),
        status: "trial",
        trialEndsAt: trialEndFor(now, defaults.trialDays),
        maxUsers: defaults.defaultMaxUsers,
        storageLimitGb: defaults.defaultStorageLimitGb,
        authEmailPassword: true,
        authAzureAd: config.isMicrosoftOffered,
        defaultAuthMethod: "email_password",
        createdBy: person.id,
      },
      tx,
    );
    const member = await repo.addMember({ organizationId: organization.id, userId: person.id, role: "org_admin", joinedAsEmail: person.email, now }, tx);
    // Read inside the transaction: the person as admin of the organization just made.
    const founder = await deps.audit.actorFor({ userId: person.id }, creation.request, tx);
    await deps.audit.record(
      founder,
      "organization.created",
      { type: "organization", id: organization.id, name: organization.name },
      { trigger: creation.trigger, status: organization.status, trialEndsAt: organization.trialEndsAt },
      { tx, organizationId: organization.id },
    );
    return { member, organization };
  }

  /**
   * The organization that verified the person's company domain and has room, joined as a User;
   * otherwise a new organization of their own, with them as its admin. An unproven address joins nothing.
   */
  async function joinByDomainOrCreate(tx: Database, person: Person, now: Date, creation: AutomaticCreation): Promise<Membership> {
    const domain = domainOf(person.email);
    const byDomain = person.emailVerified && !isFreeMailDomain(domain) ? await repo.organizationWithVerifiedDomain(domain, tx) : undefined;
    const organization = byDomain && (await repo.lockOrganization(byDomain.id, tx));
    if (organization && (await repo.countActiveMembers(organization.id, tx)) < organization.maxUsers) {
      const member = await repo.addMember({ organizationId: organization.id, userId: person.id, role: "org_user", joinedAsEmail: person.email, now }, tx);
      await repo.closeInvitationsOnJoin(organization.id, person.email, person.id, now, tx);
      return { member, organization };
    }
    return createOwnOrganization(tx, person, now, creation);
  }

  /**
   * The person leaves their active organization (for another one). An organization losing its
   * last admin this way gets its longest-standing member as admin, so it is never unmanaged.
   */
  async function leave(tx: Database, membership: Membership, now: Date): Promise<void> {
    const { member } = membership;
    if (member.role === "org_admin") {
      const admins = await repo.lockActiveAdmins(member.organizationId, tx);
      if (admins.length === 1 && admins[0]!.id === member.id) {
        const successor = await repo.longestStandingMember(member.organizationId, member.userId, tx);
        if (successor) await repo.setMemberRole(successor.id, "org_admin", tx);
      }
    }
    await repo.deactivateMember(member.id, now, tx);
  }

  /** A concurrent request made the membership first: read theirs. */
  async function retryingOnRace<T>(work: () => Promise<T>, reread: () => Promise<T | undefined>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error, "organization_members_one_active_per_user")) throw error;
      const existing = await reread();
      if (existing === undefined) throw error;
      return existing;
    }
  }

  async function acceptInvitation(invitationId: string, acceptor: Acceptor): Promise<AcceptedInvitation> {
    const now = deps.now();
    return db.transaction(async (tx) => {
      const invitation = await repo.lockInvitation(invitationId, tx);
      if (!invitation) throw new AppError("not_found", invitationMessages.invalidOrExpired);
      const organization = (await repo.lockOrganization(invitation.organizationId, tx))!;
      const role = isOrganizationRole(invitation.role) ? invitation.role : "org_user";
      if (invitation.status === "accepted" && invitation.acceptedBy === acceptor.userId) return { organization, role };
      if (invitation.status !== "pending") throw new AppError("conflict", invitationMessages.invalid);
      if (invitation.expiresAt.getTime() <= now.getTime()) throw new AppError("conflict", invitationMessages.expired);
      if (invitation.email !== acceptor.email.toLowerCase()) throw new AppError("forbidden", invitationMessages.otherEmail(invitation.email, acceptor.email));
      if (acceptor.signInMethod && signInRefusal(policyOf(organization), acceptor.signInMethod)) {
        throw new AppError("forbidden", invitationMessages.methodNotAllowed(authMethodOf(acceptor.signInMethod)));
      }
      const current = await repo.activeMembership(acceptor.userId, tx);
      if (current?.organization.id !== organization.id) {
        if ((await repo.countActiveMembers(organization.id, tx)) >= organization.maxUsers) {
          throw new AppError("conflict", organizationMessages.maxUsersReached(organization.maxUsers));
        }
        if (current) await leave(tx, current, now);
        await repo.addMember(
          {
            organizationId: organization.id,
            userId: acceptor.userId,
            role,
            joinedAsEmail: invitation.email,
            invitedBy: invitation.invitedBy,
            now,
          },
          tx,
        );
      }
      await repo.updateInvitation(invitation.id, { status: "accepted", acceptedAt: now, acceptedBy: acceptor.userId }, tx);
      // In the acceptance's transaction; the person has no request of their own here (an acceptance can happen at identifyActor).
      await deps.audit.record(
        { userId: acceptor.userId, email: invitation.email, role, organizationId: organization.id, ip: null, userAgent: null, requestId: null },
        "invitation.accepted",
        { type: "invitation", id: invitation.id, name: invitation.email },
        { role, method: acceptor.signInMethod ?? null },
        { tx },
      );
      return { organization, role };
    });
  }

  return {
    acceptInvitation,

    async current(userId: string): Promise<Membership | undefined> {
      return repo.activeMembership(userId);
    },

    /**
     * The person's active membership, made when they have none: their newest open invitation
     * (once their address is proven and their sign-in is one it allows), else their verified
     * company domain's organization, else a new one. While an invitation waits for the person to
     * accept it in a way it allows, they have none.
     */
    async membershipFor(person: Person, signInMethod: SignInMethod | null, request: AuditRequest = noRequest): Promise<Membership | undefined> {
      const existing = await repo.activeMembership(person.id);
      if (existing) return existing;
      const invitations = await repo.openInvitationsFor(person.email.toLowerCase(), deps.now());
      if (person.emailVerified) {
        for (const { invitation } of invitations) {
          const accepted = await acceptInvitation(invitation.id, { userId: person.id, email: person.email, signInMethod }).catch((error: unknown) => {
            if (error instanceof AppError) return undefined;
            throw error;
          });
          if (accepted) return repo.activeMembership(person.id);
        }
      }
      if (invitations.length > 0) return undefined;
      return retryingOnRace(
        () => db.transaction((tx) => joinByDomainOrCreate(tx, person, deps.now(), { trigger: "first sign-in", request })),
        () => repo.activeMembership(person.id),
      );
    },

    /**
     * After an email change (spec section 4): the membership moves to the organization of the new
     * domain (verified), or to a new one, unless the domain stayed or the organization verified it.
     */
    async moveAfterEmailChange(userId: string): Promise<void> {
      const [person, current] = await Promise.all([repo.findUser(userId), repo.activeMembership(userId)]);
      if (!person || !current || current.member.joinedAsEmail === person.email) return;
      const verifiedDomains = await repo.verifiedDomains(current.organization.id);
      const now = deps.now();
      await db.transaction(async (tx) => {
        if (keepsMembershipAfterEmailChange({ oldEmail: current.member.joinedAsEmail, newEmail: person.email, organizationVerifiedDomains: verifiedDomains })) {
          await repo.setJoinedAsEmail(current.member.id, person.email, tx);
          return;
        }
        await leave(tx, current, now);
        await joinByDomainOrCreate(tx, person, now, { trigger: "email change", request: noRequest });
      });
    },

    /**
     * Closing an account: the person leaves their organization (handing on the admin role as any
     * leaving does), and every organization they were ever in that has no active member left is
     * deleted with its invitations and domains: its name may be theirs ("<Name>'s practice").
     */
    async leaveForAccountClosure(tx: Database, userId: string, now: Date): Promise<void> {
      const current = await repo.activeMembership(userId, tx);
      if (current) await leave(tx, current, now);
      for (const organizationId of await repo.organizationIdsOfMember(userId, tx)) {
        if ((await repo.countActiveMembers(organizationId, tx)) === 0) await repo.deleteOrganization(organizationId, tx);
      }
    },

    /** A member an admin removed gets an organization of their own at once (never their old one again by domain). */
    async giveOwnOrganization(tx: Database, userId: string, now: Date): Promise<void> {
      const person = await repo.findUser(userId, tx);
      if (person) await createOwnOrganization(tx, person, now, { trigger: "removed from organization", request: noRequest });
    },

    /**
     * The organization whose sign-in methods govern the person: their active one, or the one
     * their verified company domain would admit them to.
     */
    async governingOrganization(person: Pick<UserRow, "id" | "email" | "emailVerified">): Promise<OrganizationRow | undefined> {
      const membership = await repo.activeMembership(person.id);
      if (membership) return membership.organization;
      const domain = domainOf(person.email);
      return person.emailVerified && !isFreeMailDomain(domain) ? repo.organizationWithVerifiedDomain(domain) : undefined;
    },

    /**
     * The organizations whose methods a provider sign-in for `email` must satisfy before any
     * account is made or linked: the account's active organization, or else the verified-domain
     * organization and those with open invitations to the address.
     */
    async organizationsGoverningAddress(email: string): Promise<{ isPlatformOwner: boolean; organizations: OrganizationRow[] }> {
      const address = email.toLowerCase();
      const person = await repo.findUserByEmail(address);
      if (person?.role === "platform_owner") return { isPlatformOwner: true, organizations: [] };
      const membership = person && (await repo.activeMembership(person.id));
      if (membership) return { isPlatformOwner: false, organizations: [membership.organization] };
      const domain = domainOf(address);
      const byDomain = isFreeMailDomain(domain) ? undefined : await repo.organizationWithVerifiedDomain(domain);
      const invited = (await repo.openInvitationsFor(address, deps.now())).map((row) => row.organization);
      return { isPlatformOwner: false, organizations: byDomain ? [byDomain, ...invited] : invited };
    },
  };
}

export type MembershipsService = ReturnType<typeof createMembershipsService>;

/** An organization's sign-in methods as the policy reads them. */
export function policyOf(organization: OrganizationRow) {
  return { emailPasswordEnabled: organization.authEmailPassword, azureAdEnabled: organization.authAzureAd, azureTenantIds: organization.azureTenantIds };
}
