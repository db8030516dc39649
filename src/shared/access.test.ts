import { describe, expect, it } from "vitest";
import { accessRoleOf, can, permissions, type AccessResource, type AccessSubject, type Permission } from "./access";

const subjects = {
  user: { userId: "user", platformRole: "user", organizationId: null, organizationRole: null },
  orgUser: { userId: "org-user", platformRole: "user", organizationId: "org-a", organizationRole: "org_user" },
  orgAdmin: { userId: "org-admin", platformRole: "user", organizationId: "org-a", organizationRole: "org_admin" },
  platformOwner: { userId: "platform-owner", platformRole: "platform_owner", organizationId: null, organizationRole: null },
  platformOwnerInOrganization: { userId: "platform-owner-2", platformRole: "platform_owner", organizationId: "org-a", organizationRole: "org_user" },
} satisfies Record<string, AccessSubject>;

type SubjectName = keyof typeof subjects;

describe("accessRoleOf", () => {
  it.each([
    ["user", "org_user"],
    ["orgUser", "org_user"],
    ["orgAdmin", "org_admin"],
    ["platformOwner", "platform_owner"],
    ["platformOwnerInOrganization", "platform_owner"],
  ] as const)("%s acts as %s", (subject, role) => {
    expect(accessRoleOf(subjects[subject])).toBe(role);
  });
});

describe("can, without a resource: may they use the feature at all", () => {
  const everyone: Permission[] = ["documents.use", "documents.read", "chat.use", "billing.manage", "audit.read", "fact-sheet.review", "portfolio.read"];
  const granted: Record<SubjectName, Permission[]> = {
    user: everyone,
    orgUser: everyone,
    orgAdmin: [...everyone, "organization.manage"],
    platformOwner: [...permissions],
    platformOwnerInOrganization: [...permissions],
  };
  const cases = (Object.keys(subjects) as SubjectName[]).flatMap((subject) =>
    permissions.map((permission) => [subject, permission, granted[subject].includes(permission)] as const),
  );

  it.each(cases)("%s, %s → %s", (subject, permission, expected) => {
    expect(can(subjects[subject], permission)).toBe(expected);
  });
});

describe("can, for a resource: is it within the grant's reach", () => {
  const ownedBy = (subject: SubjectName, organizationId: string | null = null): AccessResource => ({ userId: subjects[subject].userId, organizationId });
  const someoneElses: AccessResource = { userId: "someone-else", organizationId: "org-a" };
  const organizationA: AccessResource = { organizationId: "org-a" };
  const organizationB: AccessResource = { organizationId: "org-b" };

  it.each<[string, SubjectName, Permission, AccessResource, boolean]>([
    ["their own document", "user", "documents.use", ownedBy("user"), true],
    ["another user's document", "user", "documents.use", { userId: "someone-else" }, false],
    ["a colleague's document", "orgUser", "documents.use", someoneElses, false],
    ["a colleague's document, as their admin", "orgAdmin", "documents.use", someoneElses, false],
    ["another user's document, as platform owner", "platformOwner", "documents.use", { userId: "someone-else" }, false],
    ["their own document, as platform owner", "platformOwner", "documents.use", ownedBy("platformOwner"), true],
    ["their own document, to read", "orgUser", "documents.read", ownedBy("orgUser", "org-a"), true],
    ["a colleague's document, to read, as a member", "orgUser", "documents.read", someoneElses, false],
    ["a member's document, to read, as their admin", "orgAdmin", "documents.read", someoneElses, true],
    ["another organization's document, to read, as admin", "orgAdmin", "documents.read", { userId: "someone-else", organizationId: "org-b" }, false],
    ["a document of their own organization, to read, as platform owner", "platformOwnerInOrganization", "documents.read", someoneElses, true],
    [
      "another organization's document, to read, as platform owner",
      "platformOwnerInOrganization",
      "documents.read",
      { userId: "someone-else", organizationId: "org-b" },
      false,
    ],
    ["another user's conversation", "user", "chat.use", { userId: "someone-else" }, false],
    ["another user's subscription", "user", "billing.manage", { userId: "someone-else" }, false],
    ["their own organization, as admin", "orgAdmin", "organization.manage", organizationA, true],
    ["another organization, as admin", "orgAdmin", "organization.manage", organizationB, false],
    ["their own organization, as a member", "orgUser", "organization.manage", organizationA, false],
    ["a member of their organization, as admin", "orgAdmin", "organization.manage", someoneElses, true],
    ["any organization, as platform owner", "platformOwner", "organization.manage", organizationB, true],
    ["an organization, as a user in none", "user", "organization.manage", { organizationId: null }, false],
    ["the platform, as platform owner", "platformOwner", "platform.administer", organizationB, true],
    ["the platform, as an organization admin", "orgAdmin", "platform.administer", organizationA, false],
    ["their own security events", "orgUser", "audit.read", ownedBy("orgUser", "org-a"), true],
    ["their organization's audit log, as a member", "orgUser", "audit.read", organizationA, false],
    ["their organization's audit log, as admin", "orgAdmin", "audit.read", organizationA, true],
    ["another organization's audit log, as admin", "orgAdmin", "audit.read", organizationB, false],
    ["any organization's audit log, as platform owner", "platformOwner", "audit.read", organizationB, true],
    ["their own document's fact sheet", "orgUser", "fact-sheet.review", ownedBy("orgUser", "org-a"), true],
    ["a colleague's fact sheet, as a member", "orgUser", "fact-sheet.review", someoneElses, false],
    ["a member's fact sheet, as their admin", "orgAdmin", "fact-sheet.review", someoneElses, true],
    ["another organization's fact sheet, as admin", "orgAdmin", "fact-sheet.review", { userId: "someone-else", organizationId: "org-b" }, false],
    ["another organization's fact sheet, as platform owner", "platformOwner", "fact-sheet.review", { userId: "someone-else", organizationId: "org-b" }, false],
    ["a fact sheet of their own organization, as platform owner", "platformOwnerInOrganization", "fact-sheet.review", someoneElses, true],
    ["their own agreements, as a member", "orgUser", "portfolio.read", ownedBy("orgUser", "org-a"), true],
    ["their organization's agreements, as a member", "orgUser", "portfolio.read", organizationA, false],
    ["their organization's agreements, as admin", "orgAdmin", "portfolio.read", organizationA, true],
    ["another organization's agreements, as admin", "orgAdmin", "portfolio.read", organizationB, false],
    ["their organization's agreements, as platform owner", "platformOwnerInOrganization", "portfolio.read", organizationA, true],
    ["another organization's agreements, as platform owner", "platformOwnerInOrganization", "portfolio.read", organizationB, false],
  ])("%s (%s, %s) → %s", (_case, subject, permission, resource, expected) => {
    expect(can(subjects[subject], permission, resource)).toBe(expected);
  });
});
