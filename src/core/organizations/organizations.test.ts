import { describe, expect, it } from "vitest";
import {
  authMethodOf,
  domainOf,
  keepsMembershipAfterEmailChange,
  organizationNameFor,
  signInRefusal,
  type SignInMethod,
  type SignInPolicy,
} from "./membership-rules";
import { allowancePeriod, planHasAccess, trialEndFor } from "./plan";

const TENANT = "11111111-1111-4111-8111-111111111111";
const OTHER_TENANT = "22222222-2222-4222-8222-222222222222";

describe("organizationNameFor", () => {
  it.each([
    [{ email: "ana@bluevalley.com", name: "Ana" }, "Bluevalley"],
    [{ email: "ana@blue-valley-health.com", name: "Ana" }, "Blue Valley Health"],
    [{ email: "ana@mail.clinic.org", name: "Ana" }, "Clinic"],
    [{ email: "ana@clinic.co.uk", name: "Ana" }, "Clinic"],
    [{ email: "Ana@Clinic.Example", name: "" }, "Clinic"],
    [{ email: "jo@gmail.com", name: "Jo Smith" }, "Jo Smith's practice"],
    [{ email: "jo.smith@outlook.com", name: "  " }, "jo.smith's practice"],
    [{ email: "jo@ICLOUD.com", name: null }, "jo's practice"],
  ])("%j → %s", (person, expected) => {
    expect(organizationNameFor(person)).toBe(expected);
  });

  it("reads the domain case-insensitively", () => {
    expect(domainOf("Ana@Blue.Example")).toBe("blue.example");
  });
});

describe("sign-in methods and an organization's policy", () => {
  const emailOnly: SignInPolicy = { emailPasswordEnabled: true, azureAdEnabled: false, azureTenantIds: [] };
  const both: SignInPolicy = { emailPasswordEnabled: true, azureAdEnabled: true, azureTenantIds: [] };
  const azureOnly: SignInPolicy = { emailPasswordEnabled: false, azureAdEnabled: true, azureTenantIds: [TENANT] };

  it.each([
    ["password", "email_password"],
    ["code", "email_password"],
    ["google", "email_password"],
    ["invitation_password", "email_password"],
    ["invitation_code", "email_password"],
    ["microsoft", "azure_ad"],
  ] as const)("%s counts as %s", (method, expected) => {
    expect(authMethodOf(method)).toBe(expected);
  });

  it.each<[string, SignInPolicy, SignInMethod, string | null | undefined, string | undefined]>([
    ["email-only, password", emailOnly, "password", undefined, undefined],
    ["email-only, Microsoft", emailOnly, "microsoft", TENANT, "microsoft_not_allowed"],
    ["both, Microsoft from any tenant", both, "microsoft", OTHER_TENANT, undefined],
    ["Azure-only, password", azureOnly, "password", undefined, "requires_microsoft"],
    ["Azure-only, code", azureOnly, "code", undefined, "requires_microsoft"],
    ["Azure-only, Google", azureOnly, "google", undefined, "requires_microsoft"],
    ["Azure-only, Microsoft from its tenant", azureOnly, "microsoft", TENANT, undefined],
    ["Azure-only, Microsoft from its tenant in capitals", azureOnly, "microsoft", TENANT.toUpperCase(), undefined],
    ["Azure-only, Microsoft from another tenant", azureOnly, "microsoft", OTHER_TENANT, "tenant_not_allowed"],
    ["Azure-only, Microsoft without a tenant claim", azureOnly, "microsoft", null, "tenant_not_allowed"],
    ["Azure-only, a Microsoft session already made (tenant checked then)", azureOnly, "microsoft", undefined, undefined],
  ])("%s → %s", (_, policy, method, tenantId, expected) => {
    expect(signInRefusal(policy, method, tenantId)).toBe(expected);
  });
});

describe("keepsMembershipAfterEmailChange", () => {
  it.each([
    ["ana@clinic.com", "ana.ruiz@clinic.com", [], true],
    ["ana@clinic.com", "ana@other.com", [], false],
    ["ana@clinic.com", "ana@clinic-group.com", ["clinic-group.com"], true],
    ["ana@clinic.com", "ana@gmail.com", [], false],
    ["jo@gmail.com", "jo.smith@gmail.com", [], true],
  ])("%s → %s with verified %j: stays %s", (oldEmail, newEmail, organizationVerifiedDomains, expected) => {
    expect(keepsMembershipAfterEmailChange({ oldEmail, newEmail, organizationVerifiedDomains })).toBe(expected);
  });
});

describe("the organization plan", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  it.each([
    [{ status: "trial", trialEndsAt: new Date("2026-12-01T00:00:00Z") }, true],
    [{ status: "trial", trialEndsAt: new Date("2026-11-25T12:00:00Z") }, false],
    [{ status: "trial", trialEndsAt: null }, false],
    [{ status: "enterprise", trialEndsAt: null }, true],
    [{ status: "enterprise", trialEndsAt: new Date("2020-01-01T00:00:00Z") }, true],
    [{ status: "suspended", trialEndsAt: new Date("2026-12-01T00:00:00Z") }, false],
  ] as const)("%j has access: %s", (plan, expected) => {
    expect(planHasAccess(plan, now)).toBe(expected);
  });

  it.each([
    ["2026-11-10T09:00:00Z", "2026-11-25T12:00:00Z", "2026-11-10T09:00:00.000Z", "2026-12-10T09:00:00.000Z"],
    ["2026-11-25T12:00:00Z", "2026-11-25T12:00:00Z", "2026-11-25T12:00:00.000Z", "2026-12-25T12:00:00.000Z"],
    ["2026-01-31T00:00:00Z", "2026-03-05T00:00:00Z", "2026-02-28T00:00:00.000Z", "2026-03-31T00:00:00.000Z"],
    ["2025-06-15T00:00:00Z", "2026-11-25T12:00:00Z", "2026-11-15T00:00:00.000Z", "2026-12-15T00:00:00.000Z"],
    ["2026-10-30T00:00:00Z", "2026-11-29T23:59:59Z", "2026-10-30T00:00:00.000Z", "2026-11-30T00:00:00.000Z"],
  ])("an organization begun %s is at %s in the month %s – %s", (anchor, at, start, end) => {
    const period = allowancePeriod(new Date(anchor), new Date(at));
    expect([period.start.toISOString(), period.end.toISOString()]).toEqual([start, end]);
  });

  it("a trial ends its days after the organization began", () => {
    expect(trialEndFor(now, 14).toISOString()).toBe("2026-12-09T12:00:00.000Z");
    expect(trialEndFor(now, 0)).toEqual(now);
  });
});
