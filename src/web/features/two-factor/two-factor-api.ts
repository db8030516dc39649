import type { TwoFactorOk, TwoFactorRecoveryCodes, TwoFactorRequirement, TwoFactorSetup, TwoFactorStatus } from "../../../shared/contracts/two-factor";
import { apiRequest } from "../../lib/api-client";

/** The signed-in person's two-factor sign-in (/api/me/two-factor) and who requires it (organization admins, the platform owner). */
export const twoFactorApi = {
  status: () => apiRequest<TwoFactorStatus>("/api/me/two-factor"),
  enable: (password: string | undefined) => apiRequest<TwoFactorSetup>("/api/me/two-factor/enable", { body: { password } }),
  confirm: (code: string) => apiRequest<TwoFactorOk>("/api/me/two-factor/confirm", { body: { code } }),
  regenerateRecoveryCodes: (password: string | undefined) => apiRequest<TwoFactorRecoveryCodes>("/api/me/two-factor/recovery-codes", { body: { password } }),
  disable: (password: string | undefined, code: string) => apiRequest<TwoFactorOk>("/api/me/two-factor/disable", { body: { password, code } }),
  organizationRequirement: (organizationId: string) => apiRequest<TwoFactorRequirement>(`/api/organizations/${encodeURIComponent(organizationId)}/two-factor`),
  setOrganizationRequirement: (organizationId: string, required: boolean) =>
    apiRequest<TwoFactorRequirement>(`/api/organizations/${encodeURIComponent(organizationId)}/two-factor`, { method: "PUT", body: { required } }),
  platformRequirement: () => apiRequest<TwoFactorRequirement>("/api/admin/two-factor"),
  setPlatformRequirement: (required: boolean) => apiRequest<TwoFactorRequirement>("/api/admin/two-factor", { method: "PUT", body: { required } }),
};
