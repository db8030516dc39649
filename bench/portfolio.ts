// Portfolio benchmark (issue 28, item 5): one organization of 10 members holding 1,000 agreements,
// each with a synthetic fact sheet (parties, product lines, dates, renewal, notice, timely filing,
// appeal, lesser-of, reimbursement basis, governing law; every value with its source, as the reader
// stores it), seeded into a fresh embedded database (PGlite) and a fresh PostgreSQL database
// (DATABASE_URL, or the local server). Ten of the admin's sessions at once ask through the real app
// (HTTP handler, session, permission, query, terms, filter, sort, JSON) for the portfolio's first
// page and for a filtered, re-sorted view, 40 times each per session after warm-ups. Target: p95 <
// 150 ms on PGlite under 10 concurrent users; PostgreSQL is reported beside it. The first request
// of the day (terms computed from every sheet) is reported on its own. Prints the load average.
// Run alone with `npx tsx bench/portfolio.ts`.
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import type { Database } from "../src/server/db/client";
import { factSheets, organizationMembers } from "../src/server/db/schema/index";
import type { FactField, FactValue } from "../src/shared/contracts/fact-sheet";
import type { PortfolioResponse } from "../src/shared/contracts/portfolio";
import type { FactFieldKey, ProductLine } from "../src/shared/fact-sheet";
import { addCalendarDays, formatIsoDate, formatLongDate } from "../src/shared/calendar-dates";
import { createVerifiedUser, insertDocumentRecords } from "../tests/support/factories";
import { openBenchApp, signInHeaders } from "./support/bench-app";
import { DEFAULT_POSTGRES_URL, loadAverage, percentile, pgliteTarget, postgresTarget, type DatabaseTarget } from "./support/bench-measures";

const TARGET_P95_MS = 150;
const AGREEMENTS = 1_000;
const MEMBERS = 10;
const USERS_AT_ONCE = 10;
const WARM_UPS = 3;
const RUNS_PER_USER = 40;
const PASSWORD = "bench-password-1";

const payers = ["Evergreen Health Plan, Inc.", "Summit Care Network, LLC", "Bluewater Insurance Company", "Cedar Medicaid Plan", "Harbor Health HMO"];
const states = ["Oregon", "Washington", "Texas", "Ohio", "Georgia"];
const lines: ProductLine[] = ["commercial", "medicaid", "medicare_advantage", "marketplace"];

function valueOf(text: string, page: number, extra: Partial<Pick<FactValue, "amount" | "unit" | "productLine">> = {}): FactValue {
  const quote = `The agreement states ${text} in this clause, read with its heading and page.`;
  return {
    value: text,
    amount: extra.amount ?? null,
    unit: extra.unit ?? null,
    from: null,
    productLine: extra.productLine ?? "all",
    source: {
      chunkId: "00000000-0000-4000-8000-000000000000",
      clauseNumber: `${page}.1`,
      heading: "Terms",
      page,
      quote,
      startOffset: 0,
      endOffset: quote.length,
    },
  };
}

/** Agreement `index`'s fact sheet: effective dates spread over five years, so renewals fall on every day of the year. */
function syntheticSheet(index: number, today: string): FactField[] {
  const payer = payers[index % payers.length]!;
  const effective = addCalendarDays(today, -((index * 7) % 1825) - 30);
  const filing = [60, 90, 95, 120, 180, 365][index % 6]!;
  const fields: Partial<Record<FactFieldKey, FactValue[]>> = {
    parties: [valueOf(`${payer} ("Plan") and Practice ${index} ("Provider")`, 1)],
    product_lines: [valueOf("Commercial", 1, { productLine: lines[index % 4] }), valueOf("Medicaid", 5, { productLine: "medicaid" })],
    effective_date: [valueOf(formatLongDate(effective), 1)],
    initial_term: [valueOf(`${1 + (index % 3)} years`, 1, { amount: 1 + (index % 3), unit: "years" })],
    auto_renewal: [valueOf("1 year", 1, { amount: 1, unit: "years" })],
    non_renewal_notice: [valueOf(`${[30, 60, 90, 120][index % 4]} days`, 2, { amount: [30, 60, 90, 120][index % 4]!, unit: "days" })],
    termination_without_cause: [valueOf("120 days", 2, { amount: 120, unit: "days" })],
    timely_filing: [
      valueOf(`${filing} days`, 3, { amount: filing, unit: "days" }),
      valueOf("365 days", 5, { amount: 365, unit: "days", productLine: "medicaid" }),
    ],
    provider_appeal: [valueOf("90 days", 3, { amount: 90, unit: "days" })],
    lesser_of: index % 3 === 0 ? [valueOf("Yes", 3)] : [],
    reimbursement_basis: [valueOf(`${100 + (index % 40)}% of the Medicare Physician Fee Schedule`, 4)],
    governing_law: [valueOf(states[index % states.length]!, 6)],
  };
  return Object.entries(fields).map(([key, values]) => ({ key, values }) as FactField);
}

async function seed(db: Database, organizationId: string, adminId: string, today: string, addMember: (index: number) => Promise<string>): Promise<void> {
  const owners = [adminId];
  for (let index = 1; index < MEMBERS; index++) owners.push(await addMember(index));
  await db
    .insert(organizationMembers)
    .values(owners.slice(1).map((userId) => ({ organizationId, userId, role: "org_user", joinedAsEmail: `${userId}@clinic.example` })));
  for (let start = 0; start < AGREEMENTS; start += 250) {
    const batch = Array.from({ length: Math.min(250, AGREEMENTS - start) }, (_, offset) => start + offset);
    const ids = await insertDocumentRecords(
      db,
      batch.map((index) => ({ userId: owners[index % MEMBERS]!, filename: `Agreement ${String(index).padStart(4, "0")}.pdf`, pageCount: 6 })),
    );
    await db.insert(factSheets).values(
      ids.map((documentId, offset) => ({
        documentId,
        status: "ready" as const,
        fields: syntheticSheet(batch[offset]!, today),
        readerVersion: 1,
        builtAt: new Date(),
      })),
    );
  }
  // What PostgreSQL's autovacuum does after a bulk load, as the platform console's bench does: plans from real row counts.
  await db.execute(sql`analyze`);
}

interface Timings {
  coldFirstRequest: number;
  firstPage: number[];
  filtered: number[];
  rows: number;
  filteredTotal: number;
}

async function measure(target: DatabaseTarget): Promise<Timings> {
  const bench = await openBenchApp(target, "portfolio", { AUTH_RATE_LIMIT_PER_MINUTE: "1000" });
  const { app, container, database } = bench;
  try {
    const email = `portfolio-bench-${process.pid}@clinic.example`;
    const admin = await createVerifiedUser(container.auth, { email, password: PASSWORD, name: "Bench Admin" });
    const sessions = [];
    for (let index = 0; index < USERS_AT_ONCE; index++) sessions.push(await signInHeaders(bench, email, PASSWORD));
    // The first request makes the admin's organization (ADR 016).
    const me = (await (await app.request("/api/me", { headers: sessions[0]! })).json()) as { user: { organizationId: string } };
    const today = formatIsoDate(new Date());
    await seed(database.db, me.user.organizationId, admin.id, today, async (index) => {
      const member = await createVerifiedUser(container.auth, {
        email: `member-${index}-${process.pid}@clinic.example`,
        password: PASSWORD,
        name: `Member ${index}`,
      });
      return member.id;
    });

    const ask = async (headers: Record<string, string>, query: string): Promise<{ elapsed: number; body: PortfolioResponse }> => {
      const started = performance.now();
      const response = await app.request(`/api/portfolio${query}`, { headers });
      const body = (await response.json()) as PortfolioResponse;
      const elapsed = performance.now() - started;
      if (!response.ok) throw new Error(`the portfolio answered ${response.status}`);
      return { elapsed, body };
    };
    const firstPage = "";
    const filtered = "?filters=renews-90-days,timely-filing-under-120&sort=notice-by&order=asc";
    const cold = await ask(sessions[0]!, firstPage);
    if (cold.body.total !== AGREEMENTS) throw new Error(`the admin sees ${cold.body.total} agreements, not ${AGREEMENTS}`);
    for (let index = 0; index < WARM_UPS; index++) for (const session of sessions) await ask(session, index % 2 ? filtered : firstPage);
    const timings: Timings = { coldFirstRequest: cold.elapsed, firstPage: [], filtered: [], rows: cold.body.rows.length, filteredTotal: 0 };
    // Each session asks in turn for the first page and the filtered view, all ten at once.
    await Promise.all(
      sessions.map(async (session) => {
        for (let run = 0; run < RUNS_PER_USER; run++) {
          const page = await ask(session, firstPage);
          timings.firstPage.push(page.elapsed);
          const view = await ask(session, filtered);
          timings.filtered.push(view.elapsed);
          timings.filteredTotal = view.body.total;
        }
      }),
    );
    return timings;
  } finally {
    await bench.close();
  }
}

export async function runPortfolioBench(): Promise<{ ok: boolean; figures: Record<string, string> }> {
  const figures: Record<string, string> = { "load average (1 / 5 / 15 min), before": loadAverage() };
  let ok = true;
  const targets = { PGlite: pgliteTarget(), PostgreSQL: postgresTarget(process.env.DATABASE_URL ?? DEFAULT_POSTGRES_URL, "clausewise_portfolio_bench") };
  for (const [kind, target] of Object.entries(targets)) {
    const timings = await measure(target);
    const [pageP95, filterP95] = [percentile(timings.firstPage, 0.95), percentile(timings.filtered, 0.95)];
    const isMet = kind !== "PGlite" || (pageP95 < TARGET_P95_MS && filterP95 < TARGET_P95_MS);
    ok &&= isMet;
    const mark = isMet ? "" : "  MISSED";
    figures[`${kind}, first page (${timings.rows} of ${AGREEMENTS}): p95 / median`] =
      `${pageP95.toFixed(1)} ms / ${percentile(timings.firstPage, 0.5).toFixed(1)} ms${mark}`;
    figures[`${kind}, filter + sort (${timings.filteredTotal} match): p95 / median`] =
      `${filterP95.toFixed(1)} ms / ${percentile(timings.filtered, 0.5).toFixed(1)} ms${mark}`;
    figures[`${kind}, first request of the day (terms computed from 1,000 sheets)`] = `${timings.coldFirstRequest.toFixed(1)} ms`;
  }
  figures["load average (1 / 5 / 15 min), after"] = loadAverage();
  figures.target = `p95 < ${TARGET_P95_MS} ms on PGlite with ${USERS_AT_ONCE} users asking at once (${USERS_AT_ONCE * RUNS_PER_USER} requests of each kind); PostgreSQL reported`;
  return { ok, figures };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { ok, figures } = await runPortfolioBench();
  console.log("\nPortfolio (issue 28)");
  for (const [name, value] of Object.entries(figures)) console.log(`  ${name}: ${value}`);
  process.exit(ok ? 0 : 1);
}
