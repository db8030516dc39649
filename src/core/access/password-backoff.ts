/**
 * Password guessing is slowed, never stopped (issue 30): after a few wrong passwords each next try
 * waits, twice as long each time up to a ceiling, and the wait passes. A hard limit let anyone lock
 * an owner's password sign-in by guessing wrong; a wait only slows the guesser, and the owner's own
 * device (one they signed in on before) has a counter of its own.
 */
export interface BackoffRule {
  /** Names the counter family. */
  scope: string;
  /** Wrong passwords at full speed before the first wait. */
  freeFailures: number;
  firstWaitSeconds: number;
  maxWaitSeconds: number;
  /** Failures are forgotten once the last is this old (more than the longest wait, so waiting it out is no shortcut). */
  forgetAfterSeconds: number;
}

const HOUR = 60 * 60;

/**
 * The counters a password sign-in is judged by: from a device not known for the account, the
 * account's own (every address together: a guesser with many addresses is slowed as one) and the
 * client address's (one address guessing many accounts); from a known device, only that device's.
 */
export const passwordBackoffRules = {
  account: { scope: "account", freeFailures: 5, firstWaitSeconds: 15, maxWaitSeconds: 15 * 60, forgetAfterSeconds: HOUR },
  // An office behind one address mistypes more than one person does.
  address: { scope: "address", freeFailures: 20, firstWaitSeconds: 15, maxWaitSeconds: 15 * 60, forgetAfterSeconds: HOUR },
  device: { scope: "device", freeFailures: 5, firstWaitSeconds: 15, maxWaitSeconds: 15 * 60, forgetAfterSeconds: HOUR },
} as const satisfies Record<string, BackoffRule>;

/** How long after the last failure the next try must wait, given how many failures there were. */
export function backoffWaitSeconds(rule: BackoffRule, failures: number): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.maxWaitSeconds, rule.firstWaitSeconds * 2 ** (failures - rule.freeFailures));
}

/** Seconds until the next try is allowed (0: now), from the counter's failures and when the last was. */
export function secondsUntilNextTry(rule: BackoffRule, counter: { failures: number; lastFailureAt: Date } | undefined, now: Date): number {
  if (!counter) return 0;
  const sinceLast = (now.getTime() - counter.lastFailureAt.getTime()) / 1000;
  if (sinceLast >= rule.forgetAfterSeconds) return 0;
  return Math.max(0, Math.ceil(backoffWaitSeconds(rule, counter.failures) - sinceLast));
}
