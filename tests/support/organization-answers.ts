import type { Organization, OrganizationInvitation, OrganizationMember, OrganizationPlan } from "../../src/shared/contracts/organizations";

/** What the organization routes answer, for component tests: a practice on day 4 of its 14-day trial unless overridden. */

export const ORGANIZATION_ID = "7d4f3c1e-0000-4000-8000-000000000001";

export function anOrganizationPlan(overrides: Partial<OrganizationPlan> = {}): OrganizationPlan {
  return {
    status: "trial",
    trialEndsAt: "2026-12-06T15:00:00.000Z",
    trialDaysLeft: 10,
    hasAccess: true,
    enterpriseFeaturesEnabled: false,
    monthlyCredits: 5,
    creditsUsed: 2,
    creditsAvailable: 3,
    periodStart: "2026-11-22T15:00:00.000Z",
    periodEnd: "2026-12-22T15:00:00.000Z",
    ...overrides,
  };
}

export function anOrganization(overrides: Partial<Organization> = {}): Organization {
  return {
    id: ORGANIZATION_ID,
    name: "Blue Valley Clinic",
    maxUsers: 50,
    storageLimitGb: 100,
    storageUsedBytes: 1_610_612_736,
    activeMembers: 2,
    pendingInvitations: 1,
    verifiedDomains: [],
    authentication: { emailPasswordEnabled: true, azureAdEnabled: false, defaultMethod: "email_password", azureTenantIds: [] },
    plan: anOrganizationPlan(),
    createdAt: "2026-11-22T15:00:00.000Z",
    ...overrides,
  };
}

let memberCounter = 0;
export function aMember(overrides: Partial<OrganizationMember> = {}): OrganizationMember {
  memberCounter += 1;
  return {
    membershipId: `00000000-0000-4000-9000-${String(memberCounter).padStart(12, "0")}`,
    userId: `user-${memberCounter}`,
    email: `member${memberCounter}@bluevalley.example`,
    displayName: `Member ${memberCounter}`,
    role: "org_user",
    status: "active",
    joinedAt: "2026-11-22T15:00:00.000Z",
    documentsCount: 0,
    ...overrides,
  };
}

let invitationCounter = 0;
export function anInvitation(overrides: Partial<OrganizationInvitation> = {}): OrganizationInvitation {
  invitationCounter += 1;
  return {
    id: `00000000-0000-4000-a000-${String(invitationCounter).padStart(12, "0")}`,
    email: `invitee${invitationCounter}@bluevalley.example`,
    role: "org_user",
    status: "pending",
    invitedAt: "2026-11-24T15:00:00.000Z",
    expiresAt: "2026-12-01T15:00:00.000Z",
    invitedBy: "Pat Doe",
    ...overrides,
  };
}
