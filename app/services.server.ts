import { sql } from "drizzle-orm";
import { backupPglite } from "./db/backup.server";
import { openDatabase, setDatabase, getDatabaseHandle, type DatabaseHandle } from "./db/client.server";
import { pendingMigrationCount, runMigrations } from "./db/migrate.server";
import { ensureFirstAdmin } from "./models/admins.server";
import { onContactSubmission } from "./models/contact-submissions.server";
import { ensureDefaultLocations } from "./models/locations.server";
import { notifyNewSubmission } from "./notify/mail.server";
import { startChangeFeed, stopChangeFeed } from "./realtime/change-feed.server";
import { createStorage, setStorage } from "./storage/index.server";
import type { Env } from "./platform/env.server";
import { log, setLogLevel } from "./platform/log.server";
import { createMaintenance, type Maintenance } from "./jobs/maintenance.server";
import { createAlertJob, type AlertJob } from "./jobs/alerts.server";

/**
 * Start-up and shut-down of what the process holds: the database (opened,
 * backed up, migrated, seeded with defaults), the file store, the first
 * administrator, and scheduled jobs. Used by the web server and the scripts.
 */
export interface StartOptions {
  /** Create the first administrator when none exists (the web server does). */
  firstAdmin?: boolean;
  /** The database is already migrated and seeded (by the supervisor of several server processes): skip that. */
  databasePrepared?: boolean;
  /** Listen to the database's change feed (admin live updates, realtime API): every web server process. */
  changeFeed?: boolean;
  /** Run the maintenance tick (sessions, orphaned uploads, backups): one process per site. */
  maintenance?: boolean;
  /** Another migrations folder (tests). */
  migrationsFolder?: string;
}

let maintenance: Maintenance | undefined;
let alertJob: AlertJob | undefined;
let stopMailNotifications: (() => void) | undefined;
let onBackupSignal: (() => void) | undefined;

/** A new contact request is e-mailed to the agent (SMTP_URL, NOTIFY_EMAIL): the model only says one was stored. Returns the disconnect. */
export function connectNotifications(): () => void {
  return onContactSubmission(notifyNewSubmission);
}

export async function startServices(env: Env, options: StartOptions = {}): Promise<DatabaseHandle> {
  setLogLevel(env.LOG_LEVEL);
  const started = Date.now();
  const handle = await openDatabase(
    env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: "pglite", dataDir: env.dataDir, sharedBuffersMb: env.SERVER_MEMORY_MB / 8 },
  );
  setDatabase(handle);
  try {
    if (!options.databasePrepared) await prepareDatabase(handle, env, options.migrationsFolder);
    if (options.firstAdmin) {
      await ensureFirstAdmin({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }, (m) => log.info(m));
    }
    setStorage(await createStorage(env));
    stopMailNotifications ??= connectNotifications();
    // The realtime change feed (DESIGN §9), for the web server only.
    if (options.changeFeed) await startChangeFeed(handle);
  } catch (error) {
    await stopServices();
    throw error;
  }

  if (options.maintenance) {
    // SPEC §9's maintenance tick, every 60 s (app/jobs/maintenance.server.ts);
    // backups keep their own interval.
    maintenance = createMaintenance({
      backups: { handle, dataDir: env.dataDir, keep: env.BACKUP_KEEP, intervalMs: env.BACKUP_INTERVAL_HOURS * 60 * 60 * 1000 },
      trashRetentionMs: env.TRASH_RETENTION_DAYS * 24 * 60 * 60 * 1000,
    });
    maintenance.start();
    // Saved-search alerts (issue 22, decision 0029): on with SMTP_URL. Its claims are leased rows,
    // so even another copy running it would not send a mail twice.
    if (env.SMTP_URL) {
      alertJob = createAlertJob({
        smtpUrl: env.SMTP_URL,
        from: env.mailFrom,
        publicUrl: env.publicUrl,
        digestEveryMs: env.ALERTS_DIGEST_MS,
        retryBaseMs: env.ALERTS_RETRY_MS,
      });
      alertJob.start(env.ALERTS_TICK_MS);
    }
    if (handle.pglite) {
      // `npm run backup` while the server runs (app/db/backup-now.server.ts): only this process may read the folder.
      onBackupSignal = () => {
        backupPglite(handle, env.dataDir, env.BACKUP_KEEP, "on-demand")
          .then((file) => log.info(`Backup on demand: ${file}`))
          .catch((error: unknown) => log.error("Backup on demand failed:", error));
      };
      process.on("SIGUSR2", onBackupSignal);
    }
  }
  log.info(`Database ready (${handle.kind === "pglite" ? `PGlite in ${env.dataDir}` : "PostgreSQL"}) in ${Date.now() - started} ms`);
  return handle;
}

/** Backs up (PGlite, before migrating existing data), migrates, refreshes statistics and creates the default locations. */
async function prepareDatabase(handle: DatabaseHandle, env: Env, migrationsFolder: string | undefined): Promise<void> {
  // A backup before changing the schema of existing data (a full dump is
  // heavy on a large catalogue, so only when there is something to migrate).
  const pending = await pendingMigrationCount(handle, migrationsFolder);
  if (handle.kind === "pglite" && !handle.created && pending > 0) {
    const file = await backupPglite(handle, env.dataDir, env.BACKUP_KEEP, "before-migrations");
    log.info(`Backup before migrations: ${file}`);
  }
  await runMigrations(handle, migrationsFolder);
  // A migration may rewrite a table: fresh statistics now rather than
  // whenever autovacuum gets to it (PGlite analyzes below anyway).
  if (handle.kind === "postgres" && pending > 0) await handle.db.execute(sql`analyze`);
  // PGlite has no autovacuum: without statistics the planner picks poor
  // plans for the listing queries (measured: 292 ms → 90 ms at 100 000),
  // and without a visibility map every index-only scan visits the table
  // (a deep listing page: 365 ms). Quick when little has changed.
  if (handle.kind === "pglite") await handle.db.execute(sql`vacuum analyze`);
  const created = await ensureDefaultLocations();
  if (created > 0) log.info(`Created the ${created} default locations.`);
}

export async function stopServices(): Promise<void> {
  if (onBackupSignal) process.off("SIGUSR2", onBackupSignal);
  onBackupSignal = undefined;
  await maintenance?.stop();
  maintenance = undefined;
  await alertJob?.stop();
  alertJob = undefined;
  stopMailNotifications?.();
  stopMailNotifications = undefined;
  let handle: DatabaseHandle | undefined;
  try {
    handle = getDatabaseHandle();
  } catch {
    return;
  }
  await stopChangeFeed();
  setDatabase(undefined);
  setStorage(undefined);
  await handle.close();
}

/**
 * The file store alone, without the database (`npm run trash`, decision
 * 0031): so a command on the store works beside a running server, which
 * holds the embedded database.
 */
export async function startStorageOnly(env: Env): Promise<void> {
  setStorage(await createStorage(env));
}
