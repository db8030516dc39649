import { describe, expect, it } from "vitest";
import { check } from "./contracts/check";
import {
  acceptWithCodeRequestSchema,
  createInvitationRequestSchema,
  invitationPasswordFormSchema,
  updateAuthenticationRequestSchema,
  updateOrganizationPlanRequestSchema,
  updateOrganizationRequestSchema,
} from "./contracts/organizations";
import {
  authMethodSettingsProblem,
  DEFAULT_MAX_USERS,
  DEFAULT_STORAGE_LIMIT_GB,
  defaultAuthMethodAmong,
  enterpriseUpgradeMailto,
  invitableRoles,
  invitationLink,
  invitationMessages,
  invitationMicrosoftReturnPath,
  isInvitableEmail,
  isProtectedMember,
  organizationMessages,
  parseLimit,
  trialBadge,
  trialDaysLeft,
} from "./organizations";

const TENANT = "11111111-1111-4111-8111-111111111111";

describe("invitable roles", () => {
  it("are User and Admin only", () => {
    expect(invitableRoles).toEqual(["org_user", "org_admin"]);
  });

  it.each([
    [{ email: "Dana@Clinic.Example" }, { ok: true, value: { email: "dana@clinic.example", role: "org_user" } }],
    [
      { email: "dana@clinic.example", role: "org_admin" },
      { ok: true, value: { email: "dana@clinic.example", role: "org_admin" } },
    ],
    [
      { email: "dana@clinic.example", role: "platform_owner" },
      { ok: false, problem: organizationMessages.invitableRole },
    ],
    [
      { email: "dana@clinic.example", role: "owner" },
      { ok: false, problem: organizationMessages.invitableRole },
    ],
    [{ email: "dana@clinic" }, { ok: false, problem: organizationMessages.invalidEmail }],
    [{ email: "dana clinic@x.example" }, { ok: false, problem: organizationMessages.invalidEmail }],
    [{ email: "" }, { ok: false, problem: organizationMessages.invalidEmail }],
    [{}, { ok: false, problem: organizationMessages.invalidEmail }],
  ])("an invitation %j → %j", (input, expected) => {
    expect(check(createInvitationRequestSchema, input)).toEqual(expected);
  });
});

describe("the x@y.z rule that enables Send", () => {
  it.each([
    ["dana@clinic.com", true],
    [" dana@clinic.com ", true],
    ["a@b.c", true],
    ["dana@clinic", false],
    ["danaclinic.com", false],
    ["dana@@clinic.com", false],
    ["da na@clinic.com", false],
    ["", false],
  ])("%j → %s", (text, expected) => {
    expect(isInvitableEmail(text)).toBe(expected);
  });
});

describe("default sign-in method among the enabled ones", () => {
  it.each([
    [{ emailPasswordEnabled: true, azureAdEnabled: true }, "azure_ad", "azure_ad"],
    [{ emailPasswordEnabled: true, azureAdEnabled: false }, "azure_ad", "email_password"],
    [{ emailPasswordEnabled: false, azureAdEnabled: true }, "email_password", "azure_ad"],
    [{ emailPasswordEnabled: true, azureAdEnabled: true }, undefined, "email_password"],
    [{ emailPasswordEnabled: false, azureAdEnabled: false }, "email_password", undefined],
  ] as const)("%j preferring %s → %s", (settings, preferred, expected) => {
    expect(defaultAuthMethodAmong(settings, preferred)).toBe(expected);
  });

  it.each([
    [{ emailPasswordEnabled: true, azureAdEnabled: false, defaultMethod: "email_password", azureTenantIds: [] }, undefined],
    [{ emailPasswordEnabled: true, azureAdEnabled: true, defaultMethod: "azure_ad", azureTenantIds: [] }, undefined],
    [{ emailPasswordEnabled: false, azureAdEnabled: true, defaultMethod: "azure_ad", azureTenantIds: [TENANT] }, undefined],
    [{ emailPasswordEnabled: false, azureAdEnabled: true, defaultMethod: "azure_ad", azureTenantIds: [] }, organizationMessages.azureOnlyNeedsTenant],
    [{ emailPasswordEnabled: true, azureAdEnabled: false, defaultMethod: "azure_ad", azureTenantIds: [] }, organizationMessages.defaultMethodDisabled],
    [{ emailPasswordEnabled: false, azureAdEnabled: false, defaultMethod: "email_password", azureTenantIds: [] }, organizationMessages.noAuthMethod],
  ] as const)("settings %j → %s", (settings, expected) => {
    expect(authMethodSettingsProblem(settings)).toBe(expected);
    const checked = check(updateAuthenticationRequestSchema, settings);
    expect(checked.ok ? undefined : checked.problem).toBe(expected);
  });

  it("refuses a tenant id that is not one", () => {
    const settings = { emailPasswordEnabled: false, azureAdEnabled: true, defaultMethod: "azure_ad", azureTenantIds: ["contoso.onmicrosoft.com"] };
    expect(check(updateAuthenticationRequestSchema, settings)).toEqual({ ok: false, problem: organizationMessages.tenantIdFormat });
  });
});

describe("the settings form's fallbacks", () => {
  it.each([
    ["25", DEFAULT_MAX_USERS, 25],
    [" 7 ", DEFAULT_MAX_USERS, 7],
    ["", DEFAULT_MAX_USERS, 50],
    ["many", DEFAULT_MAX_USERS, 50],
    ["", DEFAULT_STORAGE_LIMIT_GB, 100],
    ["2.5", DEFAULT_STORAGE_LIMIT_GB, 2],
  ])("%j with fallback %i → %i", (text, fallback, expected) => {
    expect(parseLimit(text, fallback)).toBe(expected);
  });

  it.each([
    [{ name: "Blue Valley", maxUsers: 50, storageLimitGb: 100 }, undefined],
    [{ name: "  ", maxUsers: 50, storageLimitGb: 100 }, organizationMessages.nameRequired],
    [{ name: "Blue Valley", maxUsers: 0, storageLimitGb: 100 }, organizationMessages.maxUsersRange],
    [{ name: "Blue Valley", maxUsers: 1.5, storageLimitGb: 100 }, organizationMessages.maxUsersRange],
    [{ name: "Blue Valley", maxUsers: 50, storageLimitGb: -1 }, organizationMessages.storageLimitRange],
    [{ name: "Blue Valley", maxUsers: "50", storageLimitGb: 100 }, organizationMessages.maxUsersRange],
  ])("settings %j → %s", (settings, expected) => {
    const checked = check(updateOrganizationRequestSchema, settings);
    expect(checked.ok ? undefined : checked.problem).toBe(expected);
  });
});

describe("trial days and badge", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  it.each([
    ["2026-12-09T12:00:00Z", 14],
    ["2026-11-25T12:00:01Z", 1],
    ["2026-11-26T12:00:00Z", 1],
    ["2026-11-26T12:00:01Z", 2],
    ["2026-11-25T12:00:00Z", 0],
    ["2026-11-01T00:00:00Z", 0],
  ])("ending %s → %i days left", (endsAt, expected) => {
    expect(trialDaysLeft(endsAt, now)).toBe(expected);
  });

  it.each([
    [14, { variant: "secondary", text: "14 days left in trial" }],
    [8, { variant: "secondary", text: "8 days left in trial" }],
    [7, { variant: "destructive", text: "7 days left in trial" }],
    [1, { variant: "destructive", text: "1 day left in trial" }],
    [0, { variant: "destructive", text: "Trial expired" }],
  ])("%i days → %j", (days, expected) => {
    expect(trialBadge(days)).toEqual(expected);
  });
});

describe("the invitation page's forms", () => {
  const token = "a".repeat(43);
  it.each([
    [{ token, password: "secret", confirmPassword: "secret" }, undefined],
    [{ token, password: "short", confirmPassword: "short" }, invitationMessages.passwordTooShort],
    [{ token, password: "secret1", confirmPassword: "secret2" }, invitationMessages.passwordsDoNotMatch],
    [{ token: "not a token", password: "secret1", confirmPassword: "secret1" }, invitationMessages.invalidOrExpired],
  ])("password setup %j → %s", (form, expected) => {
    const checked = check(invitationPasswordFormSchema, form);
    expect(checked.ok ? undefined : checked.problem).toBe(expected);
  });

  it("takes the 6-digit code as typed, trimmed", () => {
    expect(check(acceptWithCodeRequestSchema, { email: "Dana@Clinic.example", code: " 123456 " })).toEqual({
      ok: true,
      value: { email: "dana@clinic.example", code: "123456" },
    });
    expect(check(acceptWithCodeRequestSchema, { email: "dana@clinic.example", code: "12345" }).ok).toBe(false);
  });
});

describe("links and the rest", () => {
  it("builds the invitation link, the Microsoft return and the sales email", () => {
    expect(invitationLink("https://app.example", "tok_en-1")).toBe("https://app.example/auth/complete-invite?token=tok_en-1");
    expect(invitationMicrosoftReturnPath("tok")).toBe("/auth/complete-invite?token=tok&type=azure_invite&completed=true");
    const mailto = new URL(enterpriseUpgradeMailto("sales@clausewise.example", "Blue Valley & Co"));
    expect(mailto.pathname).toBe("sales@clausewise.example");
    expect(mailto.searchParams.get("subject")).toBe("Enterprise Upgrade Request - Blue Valley & Co");
  });

  it.each([
    ["platform_owner", true],
    ["org_admin", false],
    ["org_user", false],
  ])("a %s row is protected: %s", (role, expected) => {
    expect(isProtectedMember({ role })).toBe(expected);
  });

  it("a trial plan needs its end", () => {
    expect(check(updateOrganizationPlanRequestSchema, { status: "trial" }).ok).toBe(false);
    expect(check(updateOrganizationPlanRequestSchema, { status: "enterprise" })).toEqual({
      ok: true,
      value: { status: "enterprise", trialEndsAt: null, monthlyCredits: null },
    });
  });
});
