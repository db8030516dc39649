/** The PostgreSQL pass sets DATABASE_URL; without it tests run on in-memory PGlite. */
export function testDatabaseUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}

export function databaseUrlFor(serverUrl: string, databaseName: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}
