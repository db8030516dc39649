import { eq, sql } from "drizzle-orm";
import net, { type AddressInfo } from "node:net";
import { jobs } from "../../src/server/db/schema/index";
import { sendEmailJob } from "../../src/server/modules/mail/mail.jobs";
import type { TestApp } from "./test-app";

/** A loopback port nothing listens on (yet): an SMTP server that is down. */
export async function unusedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The app's email jobs, oldest first. */
export function listEmailJobs(testApp: TestApp) {
  return testApp.database.db.select().from(jobs).where(eq(jobs.type, sendEmailJob.name)).orderBy(jobs.createdAt);
}

/** As if the backoff before each email job's next attempt had passed; the worker looks at once. */
export async function retryEmailNow(testApp: TestApp): Promise<void> {
  await testApp.database.db
    .update(jobs)
    .set({ runAfter: sql`now()` })
    .where(eq(jobs.type, sendEmailJob.name));
  testApp.container.jobs.poke();
}
