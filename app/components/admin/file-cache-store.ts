import { useEffect, useSyncExternalStore } from "react";
import {
  BACKUP_INTERVAL_MS,
  backupToSession,
  type CachedFile,
  type KeyValueStorage,
  loadFiles,
  MANIFEST_URLS,
  mergeFiles,
  parseManifest,
  readStoredFiles,
  restoreFromSession,
  uploadedRecord,
  writeFiles,
} from "~/lib/file-cache";

/**
 * The browser side of SPEC §3's file cache (rules in app/lib/file-cache.ts),
 * for the admin image picker and its media library: one list per tab, kept
 * in localStorage, refreshed from the manifest, backed up to sessionStorage.
 */
export type SyncStatus = "idle" | "loading" | "ok" | "error";

interface State {
  files: readonly CachedFile[];
  status: SyncStatus;
}

const SERVER_STATE: State = { files: [], status: "idle" };
let state: State | null = null;
const listeners = new Set<() => void>();
let inFlight: Promise<void> | null = null;

function storages(): { local: KeyValueStorage | null; session: KeyValueStorage | null } {
  const pick = (name: "localStorage" | "sessionStorage") => {
    try {
      return window[name];
    } catch {
      return null;
    }
  };
  return { local: pick("localStorage"), session: pick("sessionStorage") };
}

function current(): State {
  if (state === null) {
    const { local, session } = storages();
    state = { files: loadFiles(local, session), status: "idle" };
  }
  return state;
}

function setState(next: Partial<State>) {
  state = { ...current(), ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the list (an upload there): follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== "uploadedFiles") return;
    const files = readStoredFiles(storages().local);
    if (files !== null) setState({ files });
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

async function fetchManifest(): Promise<CachedFile[] | null> {
  for (const url of MANIFEST_URLS) {
    try {
      const response = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
      if (!response.ok) continue;
      const files = parseManifest(await response.json());
      if (files !== null) return files;
    } catch {
      // Network error or not JSON: try the next source.
    }
  }
  return null;
}

/** Fetches the manifest and merges it into the cache (one request at a time). */
export function syncFiles(): Promise<void> {
  inFlight ??= (async () => {
    const since = Date.now();
    setState({ status: "loading" });
    const fresh = await fetchManifest();
    if (fresh === null) {
      setState({ status: "error" });
      return;
    }
    const { local } = storages();
    // Re-read: another tab may have written meanwhile.
    const files = mergeFiles(readStoredFiles(local) ?? current().files, fresh, { completeSince: since });
    writeFiles(local, files, new Date().toISOString());
    setState({ files, status: "ok" });
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** A file this browser has just uploaded: in the cache at once, so the library shows it without a refetch. */
export function rememberUpload(upload: { key: string; url: string; size: number }): void {
  const record = uploadedRecord(upload);
  if (!record) return;
  const { local } = storages();
  const files = mergeFiles(readStoredFiles(local) ?? current().files, [record]);
  writeFiles(local, files);
  setState({ files });
}

/**
 * The cached files and the sync status. On mount: restores from the backup
 * if the local copy went missing, merges the manifest once and backs the
 * result up (the admin layout's useFileCacheBackup keeps backing up every
 * 5 minutes and when the page is left).
 */
export function useFileCache(): State & { refresh: () => void } {
  const snapshot = useSyncExternalStore(subscribe, current, () => SERVER_STATE);
  useEffect(() => {
    const { local, session } = storages();
    if (restoreFromSession(local, session)) setState({ files: readStoredFiles(local) ?? [] });
    void syncFiles().then(() => backupToSession(local, session));
  }, []);
  return { ...snapshot, refresh: () => void syncFiles() };
}

/**
 * The backup side alone, for every admin page (the layout): restore a
 * missing local copy, back up to sessionStorage every 5 minutes (SPEC §9)
 * and when the page is left. No manifest request: pages without a picker
 * do not need the list.
 */
export function useFileCacheBackup(): void {
  useEffect(() => {
    const { local, session } = storages();
    if (restoreFromSession(local, session)) setState({ files: readStoredFiles(local) ?? [] });
    const timer = window.setInterval(() => backupToSession(local, session), BACKUP_INTERVAL_MS);
    // SPEC §9: on leaving, restore the local copy if it is missing, else keep the backup fresh.
    const onPageHide = () => {
      if (!restoreFromSession(local, session)) backupToSession(local, session);
    };
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("pagehide", onPageHide);
    };
  }, []);
}
