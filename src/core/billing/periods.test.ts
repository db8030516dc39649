import { describe, expect, it } from "vitest";
import { addMonths, hasActivePeriod, periodToStore, renewedPeriod, type SubscriptionState } from "./periods";

const at = (iso: string) => new Date(iso);
const period = (start: string, end: string) => ({ start: at(start), end: at(end) });
const march = period("2026-03-01T00:00:00Z", "2026-04-01T00:00:00Z");
const april = period("2026-04-01T00:00:00Z", "2026-05-01T00:00:00Z");
const state = (status: string, p = march): SubscriptionState => ({ status, period: p });

describe("hasActivePeriod", () => {
  it.each([
    ["active, inside the period", state("active"), "2026-03-15T00:00:00Z", true],
    ["trialing, inside the period", state("trialing"), "2026-03-15T00:00:00Z", true],
    ["active, at its first instant", state("active"), "2026-03-01T00:00:00Z", true],
    ["active, at its end (exclusive)", state("active"), "2026-04-01T00:00:00Z", false],
    ["active, before it starts", state("active"), "2026-02-28T00:00:00Z", false],
    ["canceled, until the period ends", state("canceled"), "2026-03-31T23:59:59Z", true],
    ["canceled, after the period ends", state("canceled"), "2026-04-01T00:00:01Z", false],
    ["past due, until the period ends", state("past_due"), "2026-03-20T00:00:00Z", true],
    ["past due, after the period ends", state("past_due"), "2026-04-02T00:00:00Z", false],
    ["incomplete", state("incomplete"), "2026-03-15T00:00:00Z", false],
    ["unpaid", state("unpaid"), "2026-03-15T00:00:00Z", false],
    ["no subscription", null, "2026-03-15T00:00:00Z", false],
  ])("%s → %s", (_, subscription, now, expected) => {
    expect(hasActivePeriod(subscription, at(now))).toBe(expected);
  });
});

describe("periodToStore", () => {
  it.each([
    ["a paid renewal moves the period", march, state("active", april), april],
    ["a past-due renewal keeps the paid period", march, state("past_due", april), march],
    ["a cancellation keeps the paid period", march, state("canceled", april), march],
    ["a first report is taken as it is", null, state("incomplete", april), april],
  ])("%s", (_, stored, incoming, expected) => {
    expect(periodToStore(stored, incoming)).toEqual(expected);
  });
});

describe("addMonths", () => {
  it.each([
    ["2026-01-15T10:00:00Z", 1, "2026-02-15T10:00:00.000Z"],
    ["2026-01-31T10:00:00Z", 1, "2026-02-28T10:00:00.000Z"],
    ["2028-01-31T10:00:00Z", 1, "2028-02-29T10:00:00.000Z"],
    ["2026-12-05T00:00:00Z", 1, "2027-01-05T00:00:00.000Z"],
    ["2026-03-31T00:00:00Z", 3, "2026-06-30T00:00:00.000Z"],
  ])("%s + %i month(s) → %s", (date, months, expected) => {
    expect(addMonths(at(date), months).toISOString()).toBe(expected);
  });
});

describe("renewedPeriod", () => {
  it.each([
    ["inside the period: unchanged", "2026-03-20T00:00:00Z", march],
    ["just after: the next month", "2026-04-01T00:00:00Z", april],
    ["two months later: the month containing now", "2026-05-15T00:00:00Z", period("2026-05-01T00:00:00Z", "2026-06-01T00:00:00Z")],
  ])("%s", (_, now, expected) => {
    expect(renewedPeriod(march, at(now))).toEqual(expected);
  });
});
