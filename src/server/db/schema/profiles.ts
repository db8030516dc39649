import { pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";

/** What a person says about themselves; the account (users) holds what sign-in needs. */
export const profiles = pgTable("profiles", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  displayName: text(),
  avatarPath: text(),
  bio: text(),
  phone: text(),
  title: text(),
  ...timestamps,
});
