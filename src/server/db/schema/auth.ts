import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";

// Better Auth's core tables (user, session, account, verification) in our naming.
export const users = pgTable(
  "users",
  {
    id: text().primaryKey(),
    name: text().notNull(),
    email: text().notNull().unique(),
    emailVerified: boolean().notNull().default(false),
    image: text(),
    /** Platform role: 'user' or 'platform_owner'. Organization roles live with memberships. */
    role: text().notNull().default("user"),
    /** When the person last made a session (any method): the platform console's "last sign-in" and who counts as active. */
    lastSignInAt: timestamp({ withTimezone: true }),
    /** Set while the platform owner has disabled the account: no new session is made, the old ones are gone. */
    bannedAt: timestamp({ withTimezone: true }),
    banReason: text(),
    /** Set once an authenticator code confirmed the person's two-factor set-up (Better Auth's two-factor plugin, ADR 029). */
    twoFactorEnabled: boolean().notNull().default(false),
    /** The practice's name given at sign-up: the organization made at the first sign-in takes it (null: named from the email). */
    practiceName: text(),
    ...timestamps,
  },
  // Recent sign-ins in the platform console; the active-user counts read it too.
  (table) => [
    index("users_last_sign_in_at")
      .on(table.lastSignInAt.desc())
      .where(sql`${table.lastSignInAt} is not null`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    token: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ipAddress: text(),
    userAgent: text(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** How the session was made (password, code, google, microsoft, invitation_password, invitation_code); null before it was kept. */
    signInMethod: text(),
    ...timestamps,
  },
  (table) => [index().on(table.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    ...timestamps,
  },
  (table) => [index().on(table.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index().on(table.identifier)],
);
