// One file per aggregate; this module re-exports them all for Drizzle and drizzle-kit.
export * from "./account";
export * from "./auth";
export * from "./billing";
export * from "./chat";
export * from "./documents";
export * from "./fact-sheets";
export * from "./jobs";
export * from "./mail";
export * from "./organizations";
export * from "./platform";
export * from "./profiles";
export * from "./rate-limits";
export * from "./support";
export * from "./audit";
export * from "./two-factor";
export * from "./onboarding";
export * from "./portfolio";
