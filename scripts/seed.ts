// `npm run db:seed`: a demo practice to look around in — an organization of three people (its
// manager the admin, the two billing staff joining by the practice's verified domain), the sample
// payer contracts processed into the manager's library, and a few conversations about them. Runs on the
// configured database (the embedded one in DATA_DIR unless DATABASE_URL is set) while the server
// is stopped; refuses to seed twice.
// `npm run db:seed -- --size=large` also adds a deployment of the size the platform console is
// measured at (200 organizations, 2,000 users, 20,000 documents, 50,000 chats, 5,000 jobs;
// metadata only), beside whatever is there.
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import pino from "pino";
import type { Actor } from "../src/core/access/actor";
import { createContainer, type Container } from "../src/server/container";
import { systemActor } from "../src/server/modules/audit/audit.service";
import { acquireDataDirLock } from "../src/server/data-dir-lock";
import { openDatabase } from "../src/server/db/client";
import { applyMigrations } from "../src/server/db/migrate";
import { readProcessEnv } from "../src/server/env";
import { paths } from "../src/shared/paths";
import { actorFor, createVerifiedUser, insertScaleDeployment, largeDeployment, type DeploymentSize, type Person } from "../tests/support/factories";
import { sampleContractPdf, sampleContracts } from "../tests/support/documents/sample-contracts";

export const DEMO_PASSWORD = "clausewise-demo";
export const DEMO_DOMAIN = "riverside-family.example";
export const demoPeople: Person[] = [
  { email: `dana.reyes@${DEMO_DOMAIN}`, name: "Dana Reyes", password: DEMO_PASSWORD },
  { email: `sam.ortiz@${DEMO_DOMAIN}`, name: "Sam Ortiz", password: DEMO_PASSWORD },
  { email: `lee.chen@${DEMO_DOMAIN}`, name: "Lee Chen", password: DEMO_PASSWORD },
];
const demoQuestions = ["What is the timely filing limit?", "Can we terminate without cause?", "When does the agreement renew?"];

/**
 * The practice's trial opens the library; without trials (TRIAL_DAYS=0), the manager takes the
 * Pro plan through the local test-mode checkout the way the app does. With Stripe there is nothing we may charge.
 */
async function giveLibraryAccess(container: Container, manager: Actor): Promise<boolean> {
  const { mode } = container.env.billing;
  if (mode === "off" || (await container.organizations.plans.planOf(manager.userId))?.hasAccess) return true;
  if (mode === "stripe") return false;
  const checkoutUrl = new URL(await container.billing.subscribe(manager, "pro"), container.env.publicUrl);
  const checkoutId = decodeURIComponent(checkoutUrl.pathname.slice(paths.localCheckout("").length));
  await container.billing.confirmLocalCheckout(manager, checkoutId);
  return true;
}

async function processSampleContracts(container: Container, manager: Actor): Promise<string[]> {
  const ids: string[] = [];
  for (const contract of sampleContracts) {
    const document = await container.documents.upload(manager, { filename: contract.filename, content: Readable.from([sampleContractPdf(contract)]) });
    await container.documents.startProcessing(manager, document.id, "start");
    ids.push(document.id);
  }
  container.jobs.startWorker();
  for (const id of ids) {
    for (;;) {
      const { status, failureReason } = await container.documents.get(manager, id);
      if (status === "completed") break;
      if (status === "failed") throw new Error(`A sample contract failed to process: ${failureReason}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return ids;
}

async function askDemoQuestions(container: Container, manager: Actor, documentId: string): Promise<void> {
  for (const question of demoQuestions) {
    for await (const event of await container.chat.ask(manager, { documentId, question })) {
      if (event.type === "error") throw new Error(`A demo question could not be answered: ${event.message}`);
    }
  }
}

export type SeedResult = { kind: "already_seeded" } | { kind: "seeded"; people: { id: string; email: string }[]; documentIds: string[] };

/** Adds the demo practice to the container's database, or does nothing when it is already there. */
export async function seedDemoPractice(container: Container): Promise<SeedResult> {
  const context = await container.auth.$context;
  if (await context.internalAdapter.findUserByEmail(demoPeople[0]!.email)) return { kind: "already_seeded" };
  const { memberships, administration } = container.organizations;
  const [managerPerson, ...staffPeople] = demoPeople;
  const manager = await createVerifiedUser(container.auth, managerPerson!);
  const practice = await memberships.membershipFor(manager, null);
  // The demo practice's domain is the seed's own doing: recorded as the system's, not as a person's.
  await administration.verifyDomain(systemActor, practice!.organization.id, DEMO_DOMAIN);
  const staff = [];
  for (const person of staffPeople) {
    const user = await createVerifiedUser(container.auth, person);
    await memberships.membershipFor(user, null);
    staff.push(user);
  }
  const people = [manager, ...staff];
  const managerActor = actorFor(manager, practice, "db:seed");
  if (!(await giveLibraryAccess(container, managerActor))) return { kind: "seeded", people, documentIds: [] };
  const documentIds = await processSampleContracts(container, managerActor);
  await askDemoQuestions(container, managerActor, documentIds[0]!);
  return { kind: "seeded", people, documentIds };
}

function report(result: SeedResult, signInUrl: string): void {
  if (result.kind === "already_seeded") {
    console.log(`The demo practice is already here: sign in at ${signInUrl} as ${demoPeople[0]!.email}.`);
    return;
  }
  const [manager, ...staff] = result.people;
  const library = result.documentIds.length > 0 ? `: ${result.documentIds.length} processed contracts, ${demoQuestions.length} questions asked` : "";
  console.log(`Demo practice ready. Sign in at ${signInUrl} with password "${DEMO_PASSWORD}" as:`);
  console.log(`  ${manager!.email} (practice manager, the organization's admin${library})`);
  for (const person of staff) console.log(`  ${person.email} (billing staff, members of the practice)`);
  if (!library) console.log("Stripe billing is configured, so no plan was bought: subscribe in the app to upload the sample contracts.");
}

const deploymentSizes: Record<string, DeploymentSize> = { large: largeDeployment };

/** The deployment `--size=<name>` asks for, if any; an unknown size stops with the ones there are. */
export function deploymentSizeFrom(argv: string[]): DeploymentSize | undefined {
  const argument = argv.find((value) => value.startsWith("--size="));
  if (!argument) return undefined;
  const name = argument.slice("--size=".length);
  const size = deploymentSizes[name];
  if (!size) throw new Error(`Unknown size "${name}": use ${Object.keys(deploymentSizes).join(", ")}.`);
  return size;
}

async function main(): Promise<void> {
  const size = deploymentSizeFrom(process.argv.slice(2));
  const env = readProcessEnv();
  const lock = env.databaseUrl ? undefined : acquireDataDirLock(env.dataDir);
  const database = await openDatabase(env);
  const container = createContainer(env, database, pino({ level: "warn" }));
  try {
    await applyMigrations(database);
    report(await seedDemoPractice(container), `${env.publicUrl}${paths.login}`);
    if (size) {
      const prefix = await insertScaleDeployment(database.db, size);
      console.log(
        `Added ${size.organizations} organizations, ${size.users} users, ${size.documents} documents, ${size.chats} chats and ${size.jobs} jobs (named "${prefix}"; metadata only, no sign-in).`,
      );
    }
  } finally {
    await container.close();
    await database.close();
    lock?.release();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
