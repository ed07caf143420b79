import fs from "node:fs";
import path from "node:path";
import { backupPglite, pruneBackups } from "~/db/backup.server";
import type { DatabaseHandle } from "~/db/client.server";
import { sweepOrphanedUploads } from "~/models/image-references.server";
import { expirePriceCuts } from "~/models/listing-price-cuts.server";
import { deleteExpiredSessions } from "~/models/sessions.server";
import { hasStorage, storage } from "~/storage/index.server";
import { purgeTrash } from "~/storage/trash.server";
import { UPLOAD_TYPES } from "~/storage/object-names";
import { log } from "~/platform/log.server";
import { forgetOldAttempts } from "~/web/rate-limit.server";

/**
 * The server's maintenance tick (SPEC §9: every 60 s): expired administrator
 * sessions and day-old rate limit attempts are deleted, uploaded files
 * nobody refers to are moved to the store's trash once they are more than a
 * day old (and the trash emptied of what is older than TRASH_RETENTION_DAYS), price-cut
 * marks older than PRICE_REDUCTION_DAYS are cleared (hourly), and the embedded database's backups are taken on
 * their own interval (BACKUP_INTERVAL_HOURS) and rotated (BACKUP_KEEP).
 *
 * Each job is independent and never throws out of the tick (failures are
 * logged); a tick still running when the next is due is not started twice.
 */
export const MAINTENANCE_TICK_MS = 60_000;
/** An unreferenced upload younger than this may belong to a form still being filled in. */
export const ORPHAN_MIN_AGE_MS = 24 * 60 * 60 * 1000;
/**
 * How often the tick looks for orphaned uploads: listing the store and
 * checking every old file against the catalogue is the costly job, and a
 * file waits a day anyway, so once an hour is enough.
 */
export const ORPHAN_SWEEP_EVERY_MS = 60 * 60 * 1000;
/** Default of TRASH_RETENTION_DAYS: removed uploads stay restorable this long. */
export const TRASH_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * With no backup yet (a new site, or one whose backups were removed), the
 * first scheduled backup comes this long after the start rather than a whole
 * interval later: a new site's first day of work is covered too.
 */
export const FIRST_BACKUP_AFTER_MS = 5 * 60 * 1000;
/**
 * How often the tick clears expired price-cut marks (the «Цена снижена» badge
 * and the `reduced` sort, decision 0024): a mark lasts 60 days and at most
 * this much longer.
 */
export const PRICE_CUT_EXPIRY_EVERY_MS = 60 * 60 * 1000;

/**
 * Moves the uploads under locations/ and properties/ older than `minAgeMs`
 * that no location, property or the agent card refers to into the store's
 * trash (sweepOrphanedUploads: the same reading of references as after an
 * edit, and the safety valve). Returns the moved keys.
 */
export async function removeOrphanedUploads(options: { now?: number; minAgeMs?: number; cacheDir?: string } = {}): Promise<string[]> {
  return sweepOrphanedUploads({
    now: options.now ?? Date.now(),
    minAgeMs: options.minAgeMs ?? ORPHAN_MIN_AGE_MS,
    folders: UPLOAD_TYPES,
    cacheDir: options.cacheDir,
  });
}

export interface MaintenanceOptions {
  /** Backups of the embedded database; absent (or not PGlite): none. */
  backups?: {
    handle: DatabaseHandle;
    dataDir: string;
    keep: number;
    /** 0: no scheduled backups (rotation still runs). */
    intervalMs: number;
  };
  orphanMinAgeMs?: number;
  orphanSweepEveryMs?: number;
  /** How long removed uploads stay in the trash (TRASH_RETENTION_DAYS; default 30 days). */
  trashRetentionMs?: number;
  priceCutExpiryEveryMs?: number;
  /** Cached image variants (default DATA_DIR/cache/img). */
  cacheDir?: string;
}

export interface MaintenanceReport {
  /** Expired sessions deleted. */
  sessions: number;
  /** Rate limit attempts older than a day deleted. */
  rateLimitAttempts: number;
  /** Expired price-cut marks cleared; null when the job was not due. */
  expiredPriceCuts: number | null;
  /** Orphaned uploads moved to the trash (storage keys); null when the sweep was not due. */
  orphans: string[] | null;
  /** Trash entries older than the retention removed for good; null when the sweep was not due. */
  purged: string[] | null;
  /** The backup file written, when one was due. */
  backup: string | null;
}

export interface Maintenance {
  /** One run of the jobs (what the timer calls); `now` for tests. */
  tick(now?: number): Promise<MaintenanceReport>;
  /** Runs tick() every `everyMs` (default 60 s); the timer does not keep the process alive. */
  start(everyMs?: number): void;
  /** Stops the timer and waits for a tick in progress. */
  stop(): Promise<void>;
}

/** Time of the newest backup in `dir` (any reason), or null. */
function newestBackupTime(dir: string): number | null {
  try {
    const times = fs
      .readdirSync(dir)
      .filter((f) => f.startsWith("pglite-") && f.endsWith(".tar.gz"))
      .map((f) => fs.statSync(path.join(dir, f)).mtimeMs);
    return times.length > 0 ? Math.max(...times) : null;
  } catch {
    return null;
  }
}

export function createMaintenance(options: MaintenanceOptions = {}): Maintenance {
  const backups = options.backups?.handle.pglite ? options.backups : undefined;
  const backupsDir = backups ? path.join(backups.dataDir, "backups") : "";
  // The next backup is due an interval after the newest one, kept across restarts;
  // with none yet, FIRST_BACKUP_AFTER_MS after this start.
  let lastBackupAt = backups ? (newestBackupTime(backupsDir) ?? Date.now() - backups.intervalMs + Math.min(FIRST_BACKUP_AFTER_MS, backups.intervalMs)) : 0;
  let lastSweepAt = Number.NEGATIVE_INFINITY;
  let lastExpiryAt = Number.NEGATIVE_INFINITY;
  let running: Promise<MaintenanceReport> | null = null;
  let timer: NodeJS.Timeout | undefined;

  async function run(now: number): Promise<MaintenanceReport> {
    const report: MaintenanceReport = { sessions: 0, rateLimitAttempts: 0, expiredPriceCuts: null, orphans: null, purged: null, backup: null };
    try {
      report.sessions = await deleteExpiredSessions();
      if (report.sessions > 0) log.info(`Deleted ${report.sessions} expired session(s).`);
    } catch (error) {
      log.error("Session clean-up failed:", error);
    }
    try {
      report.rateLimitAttempts = await forgetOldAttempts(now);
    } catch (error) {
      log.error("Rate limit clean-up failed:", error);
    }

    if (now - lastExpiryAt >= (options.priceCutExpiryEveryMs ?? PRICE_CUT_EXPIRY_EVERY_MS)) {
      lastExpiryAt = now;
      try {
        report.expiredPriceCuts = await expirePriceCuts();
        if (report.expiredPriceCuts > 0) log.info(`Cleared ${report.expiredPriceCuts} expired price cut mark(s).`);
      } catch (error) {
        log.error("Expiring price cuts failed:", error);
      }
    }

    if (now - lastSweepAt >= (options.orphanSweepEveryMs ?? ORPHAN_SWEEP_EVERY_MS)) {
      lastSweepAt = now;
      try {
        report.orphans = await removeOrphanedUploads({ now, minAgeMs: options.orphanMinAgeMs, cacheDir: options.cacheDir });
      } catch (error) {
        log.error("Removing orphaned uploads failed:", error);
      }
      // The trash is emptied of what is older than its retention on the same schedule.
      try {
        if (hasStorage()) report.purged = await purgeTrash(storage(), options.trashRetentionMs ?? TRASH_RETENTION_MS, now);
        if (report.purged && report.purged.length > 0) log.info(`Purged ${report.purged.length} file(s) from the trash.`);
      } catch (error) {
        log.error("Purging the trash failed:", error);
      }
    }

    if (backups) {
      try {
        if (backups.intervalMs > 0 && now - lastBackupAt >= backups.intervalMs) {
          lastBackupAt = now;
          // backupPglite rotates too.
          report.backup = await backupPglite(backups.handle, backups.dataDir, backups.keep, "scheduled");
          if (report.backup) log.info(`Scheduled backup: ${report.backup}`);
        } else if (fs.existsSync(backupsDir)) {
          pruneBackups(backupsDir, backups.keep);
        }
      } catch (error) {
        log.error("Scheduled backup failed:", error);
      }
    }
    return report;
  }

  const maintenance: Maintenance = {
    tick(now = Date.now()) {
      running ??= run(now).finally(() => {
        running = null;
      });
      return running;
    },
    start(everyMs = MAINTENANCE_TICK_MS) {
      if (timer) return;
      timer = setInterval(() => void maintenance.tick(), everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      // Let a tick in progress (a backup, a removal) finish before the database closes.
      await running?.catch(() => undefined);
    },
  };
  return maintenance;
}
