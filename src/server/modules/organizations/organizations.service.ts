import type { AuditActor, AuditService } from "../audit/audit.service";
import type { AdminActions } from "../admin/admin-actions";
import type { Actor } from "../../../core/access/actor";
import { resolveDisplayName } from "../../../core/access/display-name";
import { isFreeMailDomain } from "../../../core/organizations/membership-rules";
import { planHasAccess, trialEndFor } from "../../../core/organizations/plan";
import type { CreateOrganizationRequest } from "../../../shared/contracts/admin";
import { can } from "../../../shared/access";
import type {
  CreateInvitationRequest,
  Organization,
  OrganizationInvitation,
  OrganizationMember,
  UpdateAuthenticationRequest,
  UpdateOrganizationPlanRequest,
  UpdateOrganizationRequest,
} from "../../../shared/contracts/organizations";
import { authMethodSettingsProblem, isProtectedMember, organizationMessages } from "../../../shared/organizations";
import type { Database } from "../../db/client";
import { AppError } from "../../http/app-error";
import type { InvitationsService } from "./invitations.service";
import type { MembershipsService, OrganizationsConfig } from "./memberships.service";
import { organizationStatusOf, type OrganizationPlans } from "./organization-plans";
import { createOrganizationsRepo, type InvitationRow, type OrganizationsRepo, type OrganizationRow } from "./organizations.repo";
import type { DomainEvents } from "../events/domain-events";
import type { PlatformSettingsRepo } from "./platform-settings.repo";

export interface OrganizationAdminDeps {
  db: Database;
  config: OrganizationsConfig;
  memberships: MembershipsService;
  invitations: InvitationsService;
  plans: OrganizationPlans;
  settings: PlatformSettingsRepo;
  /** Announces organizations.plan-opened and organizations.suspended to each active member. */
  domainEvents: Pick<DomainEvents, "emit" | "wakeWorker">;
  now: () => Date;
  audit: AuditService;
  /** The platform owner's changes are recorded as admin actions, in the transaction that makes them. */
  adminActions: AdminActions;
}

type ListedMemberRow = Awaited<ReturnType<OrganizationsRepo["listMembers"]>>[number];
type ListedInvitationRow = Awaited<ReturnType<OrganizationsRepo["listPendingInvitations"]>>[number];

function toMember(row: ListedMemberRow): OrganizationMember {
  const { member } = row;
  return {
    membershipId: member.id,
    userId: member.userId,
    email: row.email,
    displayName: resolveDisplayName({ profileName: row.profileName, accountName: row.accountName, email: row.email }),
    role: row.platformRole === "platform_owner" ? "platform_owner" : member.role === "org_admin" ? "org_admin" : "org_user",
    status: member.status === "active" ? "active" : "inactive",
    joinedAt: member.joinedAt.toISOString(),
    documentsCount: row.documentsCount,
  };
}

function toInvitation(invitation: InvitationRow, invitedBy: string | null, now: Date): OrganizationInvitation {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role === "org_admin" ? "org_admin" : "org_user",
    status: invitation.expiresAt.getTime() <= now.getTime() ? "expired" : "pending",
    invitedAt: invitation.lastSentAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
    invitedBy,
  };
}

const freeMailDomainMessage = (domain: string) => `${domain} is a free-mail domain: verifying it would group strangers.`;
const domainTakenMessage = (domain: string) => `Another organization has already verified ${domain}.`;

function inviterName(row: ListedInvitationRow): string | null {
  return row.inviterEmail ? resolveDisplayName({ profileName: row.inviterProfileName, accountName: row.inviterAccountName, email: row.inviterEmail }) : null;
}

/**
 * The organization admin page (org admins of that organization, the platform owner of any) and
 * the platform owner's plan and domain settings. An organization outside the actor's reach is
 * not found, whatever id the request names.
 */
export function createOrganizationAdminService(deps: OrganizationAdminDeps) {
  const { db } = deps;
  const repo = createOrganizationsRepo(db);

  async function requireOrganization(actor: Actor, organizationId: string): Promise<OrganizationRow> {
    const organization = can(actor, "organization.manage", { organizationId }) ? await repo.findOrganization(organizationId) : undefined;
    if (!organization) throw new AppError("not_found", organizationMessages.organizationNotFound);
    return organization;
  }

  async function requireAnyOrganization(organizationId: string): Promise<OrganizationRow> {
    const organization = await repo.findOrganization(organizationId);
    if (!organization) throw new AppError("not_found", organizationMessages.organizationNotFound);
    return organization;
  }

  async function view(organization: OrganizationRow): Promise<Organization> {
    const now = deps.now();
    const [storageUsedBytes, activeMembers, pendingInvitations, verifiedDomains, plan] = await Promise.all([
      repo.storageUsedBytes(organization.id),
      repo.countActiveMembers(organization.id),
      repo.countOpenInvitations(organization.id, now),
      repo.verifiedDomains(organization.id),
      deps.plans.view(organization),
    ]);
    return {
      id: organization.id,
      name: organization.name,
      maxUsers: organization.maxUsers,
      storageLimitGb: organization.storageLimitGb,
      storageUsedBytes,
      activeMembers,
      pendingInvitations,
      verifiedDomains,
      authentication: {
        emailPasswordEnabled: organization.authEmailPassword,
        azureAdEnabled: organization.authAzureAd,
        defaultMethod: organization.defaultAuthMethod === "azure_ad" ? "azure_ad" : "email_password",
        azureTenantIds: organization.azureTenantIds,
      },
      plan,
      createdAt: organization.createdAt.toISOString(),
    };
  }

  /** A member the admin may change: one of this organization's active members, and never the platform owner. */
  async function requireChangeableMember(organization: OrganizationRow, membershipId: string) {
    const member = await repo.findMember(organization.id, membershipId);
    if (!member || member.status !== "active") throw new AppError("not_found", organizationMessages.memberNotFound);
    if (isProtectedMember({ role: member.platformRole })) throw new AppError("forbidden", organizationMessages.cannotModifyOwner);
    return member;
  }

  async function memberView(organizationId: string, membershipId: string): Promise<OrganizationMember> {
    const row = (await repo.listMembers(organizationId)).find((candidate) => candidate.member.id === membershipId);
    return toMember(row!);
  }

  async function requireInvitation(organization: OrganizationRow, invitationId: string): Promise<InvitationRow> {
    const invitation = await repo.findInvitation(organization.id, invitationId);
    if (!invitation || invitation.status !== "pending") throw new AppError("not_found", organizationMessages.invitationNotFound);
    return invitation;
  }

  /** Room for one more person: active members and open invitations together stay within the maximum. */
  async function requireRoomForInvitation(tx: Database, organization: OrganizationRow, exceptInvitationId?: string): Promise<void> {
    const taken = (await repo.countActiveMembers(organization.id, tx)) + (await repo.countOpenInvitations(organization.id, deps.now(), exceptInvitationId, tx));
    if (taken >= organization.maxUsers) throw new AppError("conflict", organizationMessages.maxUsersReached(organization.maxUsers));
  }

  return {
    async get(actor: Actor, organizationId: string): Promise<Organization> {
      return view(await requireOrganization(actor, organizationId));
    },

    async updateSettings(actor: Actor, organizationId: string, settings: UpdateOrganizationRequest): Promise<Organization> {
      const before = await requireOrganization(actor, organizationId);
      const updated = await db.transaction(async (tx) => {
        await repo.lockOrganization(organizationId, tx);
        // Storage is the platform's to give: an admin may set up to what new organizations get or what
        // the platform owner granted this one, whichever is more; more than that, and every sign-up's
        // own organization would be free storage (issue 30).
        if (!can(actor, "platform.administer")) {
          const allowance = Math.max((await deps.settings.get(tx)).defaultStorageLimitGb, before.storageLimitGb);
          if (settings.storageLimitGb > allowance) throw new AppError("forbidden", organizationMessages.storageLimitAboveAllowance(allowance));
        }
        const taken = (await repo.countActiveMembers(organizationId, tx)) + (await repo.countOpenInvitations(organizationId, deps.now(), undefined, tx));
        if (settings.maxUsers < taken) throw new AppError("conflict", organizationMessages.maxUsersBelowMembers(taken));
        const changed = await repo.updateOrganization(
          organizationId,
          {
            name: settings.name,
            maxUsers: settings.maxUsers,
            storageLimitGb: settings.storageLimitGb,
          },
          tx,
        );
        await deps.audit.record(
          actor,
          "organization.settings-changed",
          { type: "organization", id: organizationId, name: changed.name },
          { previousName: before.name, newName: changed.name, maxUsers: changed.maxUsers, storageLimitGb: changed.storageLimitGb },
          { organizationId, tx },
        );
        return changed;
      });
      return view(updated);
    },

    async updateAuthentication(actor: Actor, organizationId: string, settings: UpdateAuthenticationRequest): Promise<Organization> {
      const organization = await requireOrganization(actor, organizationId);
      if (settings.azureAdEnabled && !deps.config.isMicrosoftOffered) throw new AppError("validation_failed", organizationMessages.azureNotConfigured);
      const azureTenantIds = [...new Set(settings.azureTenantIds ?? organization.azureTenantIds)];
      const problem = authMethodSettingsProblem({ ...settings, azureTenantIds });
      if (problem) throw new AppError("validation_failed", problem);
      const updated = await repo.updateOrganization(organizationId, {
        authEmailPassword: settings.emailPasswordEnabled,
        authAzureAd: settings.azureAdEnabled,
        defaultAuthMethod: settings.defaultMethod,
        azureTenantIds,
      });
      await deps.audit.record(
        actor,
        "organization.sign-in-methods-changed",
        { type: "organization", id: organizationId, name: updated.name },
        { emailPasswordEnabled: settings.emailPasswordEnabled, azureAdEnabled: settings.azureAdEnabled, defaultMethod: settings.defaultMethod, azureTenantIds },
        { organizationId },
      );
      return view(updated);
    },

    async listMembers(actor: Actor, organizationId: string): Promise<OrganizationMember[]> {
      await requireOrganization(actor, organizationId);
      return (await repo.listMembers(organizationId)).map(toMember);
    },

    async changeRole(actor: Actor, organizationId: string, membershipId: string, role: "org_user" | "org_admin"): Promise<OrganizationMember> {
      const organization = await requireOrganization(actor, organizationId);
      const member = await requireChangeableMember(organization, membershipId);
      await db.transaction(async (tx) => {
        const admins = await repo.lockActiveAdmins(organization.id, tx);
        const isLastAdmin = admins.length === 1 && admins[0]!.id === member.id;
        if (isLastAdmin && role !== "org_admin") throw new AppError("conflict", organizationMessages.lastAdmin);
        await repo.setMemberRole(member.id, role, tx);
        await deps.audit.record(
          actor,
          "member.role-changed",
          { type: "membership", id: member.id, name: member.joinedAsEmail },
          { previousRole: member.role, role },
          { organizationId: organization.id, tx },
        );
      });
      return memberView(organization.id, member.id);
    },

    /** The member becomes inactive here and gets an organization of their own; their documents stay theirs. */
    async removeMember(actor: Actor, organizationId: string, membershipId: string): Promise<void> {
      const organization = await requireOrganization(actor, organizationId);
      const member = await requireChangeableMember(organization, membershipId);
      const now = deps.now();
      await db.transaction(async (tx) => {
        const admins = await repo.lockActiveAdmins(organization.id, tx);
        if (admins.length === 1 && admins[0]!.id === member.id) throw new AppError("conflict", organizationMessages.lastAdmin);
        await repo.deactivateMember(member.id, now, tx);
        await deps.memberships.giveOwnOrganization(tx, member.userId, now);
        await deps.audit.record(
          actor,
          "member.removed",
          { type: "membership", id: member.id, name: member.joinedAsEmail },
          { previousRole: member.role },
          { organizationId: organization.id, tx },
        );
      });
    },

    async listInvitations(actor: Actor, organizationId: string): Promise<OrganizationInvitation[]> {
      await requireOrganization(actor, organizationId);
      const now = deps.now();
      return (await repo.listPendingInvitations(organizationId)).map((row) => toInvitation(row.invitation, inviterName(row), now));
    },

    /** One pending invitation per address: an expired one is sent again, an open one is refused (resend it instead). */
    async invite(actor: Actor, organizationId: string, request: Required<CreateInvitationRequest>): Promise<OrganizationInvitation> {
      await requireOrganization(actor, organizationId);
      const now = deps.now();
      const { invitation, deliver } = await db.transaction(async (tx) => {
        const organization = (await repo.lockOrganization(organizationId, tx))!;
        if (await repo.isActiveMemberByEmail(organization.id, request.email, tx))
          throw new AppError("conflict", organizationMessages.alreadyMember(request.email));
        const pending = await repo.pendingInvitationTo(organization.id, request.email, tx);
        if (pending && pending.expiresAt.getTime() > now.getTime()) throw new AppError("conflict", organizationMessages.alreadyInvited(request.email));
        await requireRoomForInvitation(tx, organization, pending?.id);
        if (pending) return deps.invitations.send(tx, pending, organization, now, { role: request.role, invitedBy: actor.userId });
        return deps.invitations.create(tx, organization, { email: request.email, role: request.role, invitedBy: actor.userId }, now);
      });
      await deliver();
      await deps.audit.record(
        actor,
        "invitation.sent",
        { type: "invitation", id: invitation.id, name: invitation.email },
        { role: invitation.role },
        { organizationId },
      );
      return toInvitation(invitation, await repo.displayNameOf(invitation.invitedBy), now);
    },

    /** A new link and code, valid 7 days from now; an expired invitation needs a free place again. */
    async resendInvitation(actor: Actor, organizationId: string, invitationId: string): Promise<OrganizationInvitation> {
      await requireInvitation(await requireOrganization(actor, organizationId), invitationId);
      const now = deps.now();
      const { invitation, deliver } = await db.transaction(async (tx) => {
        const organization = (await repo.lockOrganization(organizationId, tx))!;
        const current = await repo.lockInvitation(invitationId, tx);
        if (current?.status !== "pending") throw new AppError("not_found", organizationMessages.invitationNotFound);
        if (current.expiresAt.getTime() <= now.getTime()) await requireRoomForInvitation(tx, organization, current.id);
        return deps.invitations.send(tx, current, organization, now);
      });
      await deliver();
      await deps.audit.record(
        actor,
        "invitation.resent",
        { type: "invitation", id: invitation.id, name: invitation.email },
        { role: invitation.role },
        { organizationId },
      );
      return toInvitation(invitation, await repo.displayNameOf(invitation.invitedBy), now);
    },

    /** Cancel is real: the link and the code stop working at once. */
    async cancelInvitation(actor: Actor, organizationId: string, invitationId: string): Promise<void> {
      const invitation = await requireInvitation(await requireOrganization(actor, organizationId), invitationId);
      await repo.updateInvitation(invitation.id, { status: "cancelled", cancelledAt: deps.now() });
      await deps.audit.record(actor, "invitation.cancelled", { type: "invitation", id: invitation.id, name: invitation.email }, {}, { organizationId });
    },

    /**
     * The platform owner sets the plan: a trial and its end, enterprise, or suspended; and the
     * monthly allowance. Suspending stops the members' queued processing; opening starts what
     * waited for a credit.
     */
    async updatePlan(actor: Actor, organizationId: string, plan: Required<UpdateOrganizationPlanRequest>): Promise<Organization> {
      const before = await requireAnyOrganization(organizationId);
      const updated = await db.transaction(async (tx) => {
        const row = await repo.updateOrganization(
          organizationId,
          {
            status: plan.status,
            trialEndsAt: plan.trialEndsAt ? new Date(plan.trialEndsAt) : null,
            monthlyCredits: plan.monthlyCredits,
          },
          tx,
        );
        const announced = planHasAccess({ status: organizationStatusOf(row), trialEndsAt: row.trialEndsAt }, deps.now())
          ? "organizations.plan-opened"
          : plan.status === "suspended" && before.status !== "suspended"
            ? "organizations.suspended"
            : undefined;
        if (announced) for (const userId of await repo.activeMemberIds(organizationId, tx)) await deps.domainEvents.emit(tx, announced, { userId });
        await deps.adminActions.recordAdminAction(actor, "organization.plan", { kind: "organization", id: organizationId }, { ...plan }, tx);
        return row;
      });
      deps.domainEvents.wakeWorker();
      return view(updated);
    },

    /**
     * The platform owner's 'New Organization': a trial (the platform's length unless given) or
     * enterprise, with its limits; a domain given is verified with it, in the same transaction.
     */
    async createOrganization(actor: Actor, request: Omit<CreateOrganizationRequest, "name"> & { name: string }): Promise<Organization> {
      const defaults = await deps.settings.get();
      const now = deps.now();
      const domain = request.domain || undefined;
      if (domain && isFreeMailDomain(domain)) throw new AppError("validation_failed", freeMailDomainMessage(domain));
      const organization = await db.transaction(async (tx) => {
        const row = await repo.insertOrganization(
          {
            name: request.name,
            status: request.plan,
            trialEndsAt: request.plan === "trial" ? trialEndFor(now, request.trialDays ?? defaults.trialDays) : null,
            monthlyCredits: request.monthlyCredits ?? null,
            maxUsers: request.maxUsers,
            storageLimitGb: request.storageLimitGb,
            authEmailPassword: true,
            authAzureAd: deps.config.isMicrosoftOffered,
            defaultAuthMethod: "email_password",
            createdBy: actor.userId,
          },
          tx,
        );
        if (domain && !(await repo.verifyDomain(row.id, domain, now, tx))) throw new AppError("conflict", domainTakenMessage(domain));
        await deps.adminActions.recordAdminAction(
          actor,
          "organization.create",
          { kind: "organization", id: row.id, name: request.name },
          { domain: request.domain },
          tx,
        );
        return row;
      });
      return view(organization);
    },

    /** The platform owner vouches for a domain: new accounts at it join this organization. */
    async verifyDomain(actor: Actor | AuditActor, organizationId: string, domain: string): Promise<Organization> {
      const organization = await requireAnyOrganization(organizationId);
      if (isFreeMailDomain(domain)) throw new AppError("validation_failed", freeMailDomainMessage(domain));
      await db.transaction(async (tx) => {
        if (!(await repo.verifyDomain(organization.id, domain, deps.now(), tx))) throw new AppError("conflict", domainTakenMessage(domain));
        await deps.adminActions.recordAdminAction(actor, "organization.domain-verify", { kind: "organization", id: organization.id }, { domain }, tx);
      });
      return view(organization);
    },

    async removeDomain(actor: Actor, organizationId: string, domain: string): Promise<Organization> {
      const organization = await requireAnyOrganization(organizationId);
      await db.transaction(async (tx) => {
        if (!(await repo.removeDomain(organization.id, domain, tx))) throw new AppError("not_found", `${domain} is not one of this organization's domains.`);
        await deps.adminActions.recordAdminAction(actor, "organization.domain-remove", { kind: "organization", id: organization.id }, { domain }, tx);
      });
      return view(organization);
    },
  };
}

export type OrganizationAdminService = ReturnType<typeof createOrganizationAdminService>;
