/** The offers on sale: one table for the landing page, the plan picker and credit arithmetic. */
export const subscriptionPlans = {
  basic: {
    key: "basic",
    name: "Basic",
    priceUsdPerMonth: 40,
    documentsPerPeriod: 1,
    features: ["1 document per month", "Unlimited chat", "Clause-level citations"],
    isMostPopular: false,
  },
  pro: {
    key: "pro",
    name: "Pro",
    priceUsdPerMonth: 60,
    documentsPerPeriod: 5,
    features: ["5 documents per month", "Unlimited chat", "Clause-level citations", "Priority processing"],
    isMostPopular: true,
  },
} as const;

export type PlanKey = keyof typeof subscriptionPlans;
export const planKeys = Object.keys(subscriptionPlans) as PlanKey[];

export const documentCredit = {
  name: "One-time credit",
  priceUsd: 12,
  documents: 1,
  features: ["Adds 1 document credit", "Works with any plan", "Never expires while unused"],
} as const;
