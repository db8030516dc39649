import { runDatabaseCommand } from "./database-command";

/** `npm run db:migrate`: applies committed migrations without starting the server. */
await runDatabaseCommand(async (database) => {
  process.stdout.write(`Migrations applied (${database.kind}).\n`);
});
