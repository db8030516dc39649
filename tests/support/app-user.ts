import type { AppUser } from "../../src/shared/contracts/me";

/** A signed-in person as GET /api/me answers: a platform user in no organization, unless overridden. */
export function anAppUser(overrides: Partial<AppUser> = {}): AppUser {
  return {
    id: "user-1",
    email: "pat@clinic.example",
    emailVerified: true,
    name: "Pat Doe",
    displayName: "Pat Doe",
    avatar: "PD",
    avatarUrl: null,
    bio: null,
    phone: null,
    title: null,
    role: "user",
    pendingEmail: null,
    organizationId: null,
    organizationRole: null,
    organizationName: null,
    organizationStatus: null,
    trialDaysLeft: null,
    ...overrides,
  };
}
