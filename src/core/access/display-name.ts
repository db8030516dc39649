const FALLBACK_NAME = "User";

/** The name shown for a person: profile name, else account name, else the email's local part, else 'User'. */
export function resolveDisplayName(person: { profileName?: string | null; accountName?: string | null; email?: string | null }): string {
  const candidates = [person.profileName, person.accountName, person.email?.split("@")[0]];
  return candidates.map((candidate) => candidate?.trim()).find((candidate) => candidate) ?? FALLBACK_NAME;
}

/** First letters of up to two words, upper case. */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");
}
