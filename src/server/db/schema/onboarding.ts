import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";

/** A newcomer's first steps that leave no other trace, and when the checklist was done for good. */
export const onboardingProgress = pgTable("onboarding_progress", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  factSheetOpenedAt: timestamp({ withTimezone: true }),
  /** Every step done: the checklist stays away even if the documents and chats that showed it are deleted. */
  completedAt: timestamp({ withTimezone: true }),
  ...timestamps,
});
