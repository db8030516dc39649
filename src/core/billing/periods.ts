export interface BillingPeriod {
  start: Date;
  end: Date;
}

export interface SubscriptionState {
  status: string;
  period: BillingPeriod;
}

/** Statuses in which the provider has been paid for the period it reports. */
const paidStatuses = new Set(["active", "trialing"]);
/** Statuses that keep the access already paid for until the stored period ends. */
const graceStatuses = new Set(["past_due", "canceled"]);

export function isPaidStatus(status: string): boolean {
  return paidStatuses.has(status);
}

/**
 * Documents may be processed while a paid period runs. A canceled or past-due subscription keeps
 * its access until the end of the period already paid for; incomplete, unpaid or paused never
 * grant it.
 */
export function hasActivePeriod(state: SubscriptionState | null, now: Date): boolean {
  if (!state) return false;
  const { status, period } = state;
  if (!paidStatuses.has(status) && !graceStatuses.has(status)) return false;
  return period.start.getTime() <= now.getTime() && now.getTime() < period.end.getTime();
}

/**
 * The period to store when the provider reports a new state. Only a paid state moves the period:
 * a past-due renewal reports next month's dates, which must not grant next month's credits.
 */
export function periodToStore(stored: BillingPeriod | null, incoming: SubscriptionState): BillingPeriod {
  if (isPaidStatus(incoming.status) || !stored) return incoming.period;
  return stored;
}

/** The same day of a later month, or that month's last day when it is shorter (Jan 31 → Feb 28). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** A monthly period starting at `start`. */
export function monthlyPeriod(start: Date): BillingPeriod {
  return { start, end: addMonths(start, 1) };
}

/**
 * The period of a monthly subscription that renews by itself (the local test-mode provider):
 * whole months on from the stored period's start, up to the one containing `now`.
 */
export function renewedPeriod(period: BillingPeriod, now: Date): BillingPeriod {
  if (now.getTime() < period.end.getTime()) return period;
  let months = 1;
  while (addMonths(period.start, months + 1).getTime() <= now.getTime()) months += 1;
  return { start: addMonths(period.start, months), end: addMonths(period.start, months + 1) };
}
