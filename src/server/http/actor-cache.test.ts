import { describe, expect, it } from "vitest";
import { createActorCache, isCookieOfSession, singleCookieValue, writesIdentity, type SignedInIdentity } from "./actor-cache";

const identity: SignedInIdentity = {
  userId: "u1",
  email: "a@clinic.example",
  platformRole: "user",
  organizationId: "o1",
  organizationRole: "org_admin",
  sessionId: "s1",
  signInMethod: "password",
};
const FAR = new Date("2100-01-01T00:00:00Z");

describe("writesIdentity", () => {
  it.each([
    ['delete from "sessions" where "sessions"."token" = $1', true],
    ["delete from sessions where user_id = $1 returning id", true],
    ['update "users" set "role" = $1 where "users"."id" = $2', true],
    ["UPDATE users SET banned_at = $1, ban_reason = $2 WHERE id = $3", true],
    ['insert into "sessions" ("id", "token") values ($1, $2)', true],
    ['with "moved" as (update "organization_members" set "role" = $1 where "id" = $2 returning *) select * from moved', true],
    ['delete from "organizations" where "organizations"."id" = $1', true],
    ['update "organization_invitations" set "accepted_at" = $1', true],
    ["truncate table sessions", true],
    ['update only "public"."users" set name = $1', true],
    ['select "id" from "users" where "users"."id" = $1 for update', false],
    ['select * from "sessions" where "token" = $1', false],
    ['update "user_subscriptions" set "status" = $1', false],
    ['insert into "users_archive" values ($1)', false],
    ['update "documents" set "status" = $1 where "user_id" = $2', false],
    ['insert into "audit_events" ("action") values ($1) on conflict do update set "seq" = excluded.seq', false],
    ["delete from verifications where identifier = $1", false],
  ])("%s → %s", (statement, expected) => {
    expect(writesIdentity(statement)).toBe(expected);
  });
});

describe("the actor cache", () => {
  function cacheAt(start = 1_000) {
    const clock = { now: start };
    const cache = createActorCache({ ttlMs: 5_000, maxEntries: 2, now: () => clock.now });
    return { cache, clock };
  }

  it("answers a remembered identity until its time to live ends", () => {
    const { cache, clock } = cacheAt();
    cache.remember("cookie", identity, FAR, cache.startLookUp());
    expect(cache.find("cookie")).toEqual(identity);
    expect(cache.find("other")).toBeUndefined();
    clock.now += 4_999;
    expect(cache.find("cookie")).toEqual(identity);
    clock.now += 1;
    expect(cache.find("cookie")).toBeUndefined();
  });

  it("never outlives the session", () => {
    const { cache, clock } = cacheAt();
    cache.remember("cookie", identity, new Date(clock.now + 1_000), cache.startLookUp());
    clock.now += 1_000;
    expect(cache.find("cookie")).toBeUndefined();
  });

  it("forgets everything when an identity write begins and again when it ends", () => {
    const { cache } = cacheAt();
    cache.remember("a", identity, FAR, cache.startLookUp());
    cache.watcher.began();
    expect(cache.find("a")).toBeUndefined();
    // Read while the write's transaction is open: it may be the state before the write.
    cache.remember("b", identity, FAR, cache.startLookUp());
    expect(cache.find("b")).toBeUndefined();
    cache.watcher.ended();
    cache.remember("b", identity, FAR, cache.startLookUp());
    expect(cache.find("b")).toEqual(identity);
  });

  it("does not keep a look-up that an identity write overlapped", () => {
    const { cache } = cacheAt();
    const before = cache.startLookUp();
    cache.watcher.began();
    cache.watcher.ended();
    cache.remember("a", identity, FAR, before);
    expect(cache.find("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("waits for every overlapping write to end", () => {
    const { cache } = cacheAt();
    cache.watcher.began();
    cache.watcher.began();
    cache.watcher.ended();
    cache.remember("a", identity, FAR, cache.startLookUp());
    expect(cache.find("a")).toBeUndefined();
    cache.watcher.ended();
    cache.remember("a", identity, FAR, cache.startLookUp());
    expect(cache.find("a")).toEqual(identity);
  });

  it("holds at most its number of entries, dropping the oldest", () => {
    const { cache } = cacheAt();
    for (const key of ["a", "b", "c"]) cache.remember(key, identity, FAR, cache.startLookUp());
    expect(cache.size).toBe(2);
    expect(cache.find("a")).toBeUndefined();
    expect(cache.find("c")).toEqual(identity);
  });
});

describe("singleCookieValue", () => {
  it.each([
    [undefined, undefined],
    ["", undefined],
    ["theme=dark", undefined],
    ["clausewise.session_token=abc.sig%3D", "abc.sig%3D"],
    ["theme=dark; clausewise.session_token=abc.sig ; other=1", "abc.sig"],
    ["clausewise.session_token=", undefined],
    ["clausewise.session_token=one.s; clausewise.session_token=two.s", undefined],
    ["x-clausewise.session_token=abc.sig", undefined],
  ])("%s → %s", (header, expected) => {
    expect(singleCookieValue(header, "clausewise.session_token")).toBe(expected);
  });
});

describe("isCookieOfSession", () => {
  it.each([
    ["tok123.c2lnbmF0dXJl%3D", "tok123", true],
    ["tok123.c2lnbmF0dXJl=", "tok123", true],
    ["tok1234.sig", "tok123", false],
    ["tok123.extra.sig", "tok123", false],
    ["other.sig", "tok123", false],
    ["%E0%A4%A.sig", "tok123", false],
  ])("%s of %s → %s", (cookie, token, expected) => {
    expect(isCookieOfSession(cookie, token)).toBe(expected);
  });
});
