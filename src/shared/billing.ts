/** Why processing could not start (start_processing's reasons). */
export const startRefusalReasons = ["insufficient_credits", "no_active_period", "organization_suspended"] as const;
export type StartRefusalReason = (typeof startRefusalReasons)[number];

/** The spec's 'Cannot process' texts, one per reason. */
export const cannotProcessMessages: Record<StartRefusalReason, string> = {
  insufficient_credits: "Insufficient credits. Upgrade or buy a document credit.",
  no_active_period: "No active period. Please subscribe.",
  organization_suspended: "Your organization's access is suspended, so documents cannot be processed. Contact your administrator.",
};
