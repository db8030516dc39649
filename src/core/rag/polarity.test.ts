import { describe, expect, it } from "vitest";
import { existencePolarity, isDenial, permissionPolarity } from "./polarity";

describe("existencePolarity: does the sentence say the thing asked about holds?", () => {
  it.each([
    ["The Clinic appoints the Vendor as its sole and exclusive supplier of imaging services.", false, "yes"],
    ["This arrangement shall not be deemed to be exclusive, and the Clinic may use other suppliers.", false, "no"],
    ["The license granted here is non-exclusive.", false, "no"],
    ["Nothing in this Agreement shall be construed to restrict either party from serving other customers.", true, "no"],
    ["Each party remains free to render similar services to others during the term.", true, "no"],
    ["Provider may contract with other health plans without restriction.", true, "no"],
    ["The Group is not required to purchase any minimum quantity of supplies.", false, "no"],
    ["Neither party shall solicit the other's employees during the term.", true, "yes"],
    ["The Vendor will keep general liability insurance of at least $1,000,000 per occurrence.", false, "yes"],
    // A negation that need not deny the thing asked about: neither yes nor no.
    ["The Vendor will not charge for replacement parts during the warranty period.", false, undefined],
    // Asked about a restriction, a right granted outright restricts nothing; a limit on it does.
    ["The Supplier reserves the right to change its list prices at any time.", true, undefined],
    ["The Supplier may update the price list without prior notice to the Buyer.", true, undefined],
    ["The Supplier may raise its prices no more than once in any calendar year.", true, "yes"],
    ["Price increases are limited to the change in the consumer price index.", true, "yes"],
  ] as const)("%s (asks about a restriction: %s) → %s", (sentence, isAboutRestriction, expected) => {
    expect(existencePolarity(sentence, isAboutRestriction)).toBe(expected);
  });
});

describe("permissionPolarity: does the sentence grant what 'Can we…' asks?", () => {
  it.each([
    ["Either party may assign this Agreement to an affiliate on written notice.", "yes"],
    ["The Practice is free to assign its rights to a successor.", "yes"],
    ["Neither party may assign this Agreement.", "no"],
    ["Provider shall not assign this Agreement without the Plan's prior written consent.", undefined],
    ["Provider has the right to terminate on ninety days' notice.", "yes"],
  ] as const)("%s → %s", (sentence, expected) => {
    expect(permissionPolarity(sentence)).toBe(expected);
  });
});

describe("isDenial", () => {
  it.each([
    ["This Agreement is not exclusive.", true],
    ["The appointment is exclusive within the Territory.", false],
    ["Nothing herein is intended to prevent the Physician from practicing elsewhere.", true],
    ["The Distributor shall not sell competing products.", false],
    ["Company shall be under no obligation to order any units.", true],
  ] as const)("%s → %s", (sentence, expected) => expect(isDenial(sentence)).toBe(expected));
});
