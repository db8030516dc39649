import { describe, expect, it } from "vitest";
import type { AccessSubject, Permission } from "../../shared/access";
import { liveEventTypes, type EventAddress, type LiveEvent, type LiveEventType } from "../../shared/events";
import { canReachAddress, canReceiveEvent } from "./event-delivery";

const subjects = {
  user: { userId: "user", platformRole: "user", organizationId: null, organizationRole: null },
  orgUser: { userId: "org-user", platformRole: "user", organizationId: "org-a", organizationRole: "org_user" },
  orgAdmin: { userId: "org-admin", platformRole: "user", organizationId: "org-a", organizationRole: "org_admin" },
  platformOwner: { userId: "platform-owner", platformRole: "platform_owner", organizationId: null, organizationRole: null },
} satisfies Record<string, AccessSubject>;
type SubjectName = keyof typeof subjects;

const eventsOfEveryType: Record<LiveEventType, LiveEvent> = {
  document: { type: "document", change: "update", documentId: "d-1" },
  chat_session: { type: "chat_session", change: "insert", sessionId: "s-1" },
  credits: { type: "credits" },
  fact_sheet: { type: "fact_sheet", documentId: "d-1" },
};

describe("canReceiveEvent: a user-addressed event reaches that user's stream only", () => {
  const cases = (Object.keys(subjects) as SubjectName[]).flatMap((receiver) =>
    (Object.keys(subjects) as SubjectName[]).flatMap((addressee) => liveEventTypes.map((type) => [type, addressee, receiver, addressee === receiver] as const)),
  );

  it.each(cases)("%s addressed to %s, on the stream of %s → %s", (type, addressee, receiver, expected) => {
    const address: EventAddress = { to: "user", userId: subjects[addressee].userId };
    expect(canReceiveEvent(subjects[receiver], { address, event: eventsOfEveryType[type] })).toBe(expected);
  });
});

describe("canReceiveEvent: an event about a member's document reaches their organization's admins too (documents.read, ADR 040)", () => {
  const colleague = { userId: "colleague", platformRole: "user", organizationId: "org-a", organizationRole: "org_user" } satisfies AccessSubject;
  const otherAdmin = { userId: "other-admin", platformRole: "user", organizationId: "org-b", organizationRole: "org_admin" } satisfies AccessSubject;
  const platformOwnerOfA = { ...subjects.platformOwner, organizationId: "org-a", organizationRole: "org_admin" } satisfies AccessSubject;
  const ofMember: EventAddress = { to: "user", userId: subjects.orgUser.userId, organizationId: "org-a" };
  const ofLoneUser: EventAddress = { to: "user", userId: subjects.orgUser.userId, organizationId: null };

  it.each<[string, AccessSubject, EventAddress, LiveEventType, boolean]>([
    ["the member", subjects.orgUser, ofMember, "document", true],
    ["their admin", subjects.orgAdmin, ofMember, "document", true],
    ["their admin", subjects.orgAdmin, ofMember, "fact_sheet", true],
    ["the platform owner in that organization", platformOwnerOfA, ofMember, "fact_sheet", true],
    ["a colleague", colleague, ofMember, "document", false],
    ["another organization's admin", otherAdmin, ofMember, "document", false],
    ["the platform owner of no organization", subjects.platformOwner, ofMember, "document", false],
    ["their admin, of a conversation", subjects.orgAdmin, ofMember, "chat_session", false],
    ["their admin, of credits", subjects.orgAdmin, ofMember, "credits", false],
    ["an admin, when the person was in no organization", subjects.orgAdmin, ofLoneUser, "document", false],
  ])("%s, %o, %s → %s", (_name, subject, address, type, expected) => {
    expect(canReceiveEvent(subject, { address, event: eventsOfEveryType[type] })).toBe(expected);
  });
});

describe("canReachAddress: organization and platform addresses follow the grant's reach", () => {
  const organizationA: EventAddress = { to: "organization", organizationId: "org-a" };
  const organizationB: EventAddress = { to: "organization", organizationId: "org-b" };
  const platform: EventAddress = { to: "platform" };

  it.each<[SubjectName, Permission, EventAddress, boolean]>([
    ["orgAdmin", "organization.manage", organizationA, true],
    ["orgAdmin", "organization.manage", organizationB, false],
    ["orgUser", "organization.manage", organizationA, false],
    ["platformOwner", "organization.manage", organizationB, true],
    ["orgAdmin", "organization.manage", platform, false],
    ["platformOwner", "platform.administer", platform, true],
    ["user", "documents.use", platform, false],
    ["orgUser", "documents.use", organizationA, false],
    ["user", "documents.use", organizationA, false],
  ])("%s, %s, %o → %s", (subject, permission, address, expected) => {
    expect(canReachAddress(subjects[subject], permission, address)).toBe(expected);
  });
});
