/**
 * Saved-search alert matching at scale (issue 22 item 7: 10 000 confirmed
 * subscriptions × a change in a catalogue of 100 000 properties).
 *
 *   npm run bench:alerts -- [--size 100000] [--subscriptions 10000] [--rounds 5] [--cache-dir DIR]
 *
 * The catalogue: demo listings in a PGlite data set in --cache-dir (seeded
 * once, topped up from the next smaller set, scripts/bench/pglite-data-sets.ts).
 * In one transaction that is rolled back at the end (the data set is left as
 * it was), it stores that many confirmed subscriptions with varied filters
 * (location, type, price and area ranges, bedrooms, sea distance, sea view,
 * a search word for some), then for each round: adds a property (the
 * database's trigger queues the change) and lowers another's price, and times
 * the matcher (models/alerts.server.ts matchAlertChanges: one SQL statement
 * over the subscriptions) and the composition of the mails it makes
 * (composeAlertMails). It prints the median and worst of each, the items
 * matched per change, and the process's RSS growth (peak over the RSS before;
 * PGlite runs in this process, so its memory is counted too).
 */
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { db, queryRows, type Executor } from "~/db/client.server";
import { composeAlertMails, matchAlertChanges } from "~/models/alerts.server";
import { createProperty, updateProperty } from "~/models/real-estates.server";
import { parseEnv } from "~/platform/env.server";
import { startServices, stopServices } from "~/services.server";
import { seedDemo } from "../demo/seed";
import { catalogueSize, pgliteDataSet } from "./pglite-data-sets";
import { readOptions } from "./options.mjs";

interface Options {
  size: number;
  subscriptions: number;
  rounds: number;
  cacheDir: string;
}

function options(): Options {
  const o: Options = { size: 100_000, subscriptions: 10_000, rounds: 5, cacheDir: path.join(os.tmpdir(), "seaside-bench-alerts") };
  readOptions(process.argv.slice(2), import.meta.url, (read) => ({
    "--size": () => (o.size = read.whole(1, 1_000_000)),
    "--subscriptions": () => (o.subscriptions = read.whole(1, 1_000_000)),
    "--rounds": () => (o.rounds = read.whole(1, 100)),
    "--cache-dir": () => (o.cacheDir = path.resolve(read.value())),
  }));
  return o;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const count = (n: number) => n.toLocaleString("en-US");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

class Rollback extends Error {}

/** Confirmed subscriptions with filters spread like visitors' listings: most name a location and a type, some a price band, a few a word. */
async function addSubscriptions(tx: Executor, n: number) {
  await tx.execute(sql`
    insert into alert_subscriptions (email, lang, frequency, query, location_id, property_type, price_min, price_max, area_min,
      bedrooms_min, sea_distance_max, sea_view, search_query, consent_version, consent_at, confirmed_at)
    select 'bench' || i || '@example.com', case when i % 3 = 0 then 'bg' else 'ru' end, case when i % 4 = 0 then 'daily' else 'instant' end,
      'bench=' || i,
      case when i % 5 <> 0 then (select id from locations order by id offset (i % (select count(*) from locations)) limit 1) end,
      case i % 3 when 0 then 'apartment' when 1 then 'house' end,
      case when i % 2 = 0 then 30000 + (i % 20) * 10000 end,
      case when i % 2 = 0 then 150000 + (i % 40) * 20000 end,
      case when i % 7 = 0 then 40 + i % 60 end,
      case when i % 6 = 0 then 1 + i % 3 end,
      case when i % 9 = 0 then 200 + (i % 10) * 200 end,
      i % 11 = 0,
      case when i % 13 = 0 then to_tsquery('simple', (array['море', 'бассейн', 'вид', 'парк'])[1 + i % 4] || ':*') end,
      '2026-11-26', now(), now() - interval '1 day'
    from generate_series(1, ${n}) as i`);
}

async function main() {
  const o = options();
  fs.mkdirSync(o.cacheDir, { recursive: true });
  const { dir } = pgliteDataSet(o.cacheDir, o.size);
  const env = parseEnv({ DATA_DIR: dir, LOG_LEVEL: "error", BACKUP_INTERVAL_HOURS: "0", PUBLIC_URL: "https://seaside.example" });
  await startServices(env, {});
  try {
    const have = await catalogueSize();
    if (have < o.size) {
      console.error(`Seeding ${count(o.size - have)} demo listings into ${dir} …`);
      await seedDemo({ properties: o.size });
    }
    const catalogue = await catalogueSize();
    const [location] = await queryRows<{ id: string }>(db(), sql`select id from locations order by "order" limit 1`);
    const match: number[] = [];
    const compose: number[] = [];
    const items: number[] = [];
    const mails: number[] = [];
    let setupMs = 0;
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    await db()
      .transaction(async (tx) => {
        const t0 = performance.now();
        await addSubscriptions(tx, o.subscriptions);
        await tx.execute(sql`analyze alert_subscriptions`);
        setupMs = performance.now() - t0;
        const cheap = await queryRows<{ id: string; price: number }>(
          tx,
          sql`select id, price::float8 as price from real_estates where price > 100000 and status <> 'sold' order by feed_id limit ${o.rounds}`,
        );
        for (let round = 0; round < o.rounds; round++) {
          // One change of each kind: a new flat, and a price cut of 10 %.
          await createProperty(
            {
              title: `Bench ${round}: квартира с видом на море`,
              description: "—",
              location_id: location!.id,
              price: 120000,
              area: 65,
              bedrooms: 2,
              sea_view: true,
            },
            tx,
          );
          const cut = cheap[round];
          if (cut) await updateProperty(cut.id, { price: Math.round(cut.price * 0.9) }, tx);
          const t1 = performance.now();
          const matched = await matchAlertChanges(500, tx);
          const t2 = performance.now();
          const queued = await composeAlertMails(new Date(Date.now() + 2 * 24 * 3600_000), undefined, tx);
          const t3 = performance.now();
          match.push(t2 - t1);
          compose.push(t3 - t2);
          items.push(matched.items);
          mails.push(queued);
          console.error(
            `  round ${round + 1}: ${matched.changes} changes → ${matched.items} items in ${(t2 - t1).toFixed(1)} ms; ${queued} mails in ${(t3 - t2).toFixed(1)} ms`,
          );
        }
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    console.log(
      `Alert matching: ${count(o.subscriptions)} confirmed subscriptions, catalogue of ${count(catalogue)} properties, ${o.rounds} rounds of 2 changes`,
    );
    console.log(`  storing the subscriptions: ${setupMs.toFixed(0)} ms (once)`);
    console.log(
      `  matching (one SQL statement): median ${median(match).toFixed(1)} ms, worst ${Math.max(...match).toFixed(1)} ms; items per round ${items.join(", ")}`,
    );
    console.log(`  composing mails: median ${median(compose).toFixed(1)} ms, worst ${Math.max(...compose).toFixed(1)} ms; mails per round ${mails.join(", ")}`);
    console.log(`  RSS growth: ${mb(peak - before)} (peak ${mb(peak)})`);
    console.log(`Node ${process.version}, ${os.cpus().length} CPUs, PGlite in-process`);
  } finally {
    await stopServices();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
