// What other features use of two-factor sign-in; the router loads the set-up page from two-factor-setup-page.
export { twoFactorApi } from "./two-factor-api";
export { TwoFactorSettings } from "./two-factor-settings";
export { OrganizationTwoFactorCard, PlatformTwoFactorSwitch } from "./two-factor-requirement";
