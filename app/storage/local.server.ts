import crypto from "node:crypto";
import type { Dirent } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { safeObjectKey } from "./object-names";
import { contentTypeFor, KeyConflictError, ObjectExistsError, UnsafeKeyError, type ObjectStorage, type PutOptions, type StoredObject } from "./storage.server";

/**
 * Local-folder driver: objects are files under `root` (DATA_DIR/upload),
 * served by the web server at `/upload/<key>`. Writes are atomic (temporary
 * file, then rename), so a reader never sees half a file. Another request may
 * remove a file at any moment: a file that vanishes between finding and
 * reading it is simply missing (never an error), so listing while deleting works.
 */

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;
/** The file is gone, or the key names no file (a folder, or a path through a file). */
const MISSING = new Set(["ENOENT", "ENOTDIR", "EISDIR"]);
export class LocalStorage implements ObjectStorage {
  readonly bucket = "images";

  constructor(
    readonly root: string,
    readonly urlPrefix = "/upload",
  ) {}

  private pathOf(key: string): { key: string; file: string } {
    const safe = safeObjectKey(key);
    if (!safe) throw new UnsafeKeyError(key);
    const file = path.join(this.root, ...safe.split("/"));
    // Belt and braces: the resolved file must stay inside the root.
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new UnsafeKeyError(key);
    return { key: safe, file };
  }

  async put(key: string, body: Uint8Array, options: PutOptions): Promise<StoredObject> {
    const target = this.pathOf(key);
    // Unique per write: two writes of one key in the same millisecond (an upsert race) must not share it.
    const tmp = `${target.file}.${process.pid}.${Date.now()}.${crypto.randomBytes(6).toString("hex")}.tmp`;
    try {
      await fs.mkdir(path.dirname(target.file), { recursive: true });
      await fs.writeFile(tmp, body);
      if (options.exclusive) {
        // link() refuses an existing name in one step, where rename() would replace it.
        await fs.link(tmp, target.file);
        await fs.rm(tmp, { force: true });
      } else {
        await fs.rename(tmp, target.file);
      }
    } catch (error) {
      await fs.rm(tmp, { force: true }).catch(() => undefined);
      const code = codeOf(error) ?? "";
      if (code === "EEXIST" && options.exclusive && (await fs.stat(target.file).catch(() => null))?.isFile()) throw new ObjectExistsError(target.key);
      if (["EEXIST", "ENOTDIR", "EISDIR"].includes(code)) throw new KeyConflictError(target.key);
      throw error;
    }
    return { key: target.key, size: body.byteLength, contentType: options.contentType, updatedAt: new Date() };
  }

  async head(key: string): Promise<StoredObject | null> {
    const target = this.pathOf(key);
    try {
      const stat = await fs.stat(target.file);
      if (!stat.isFile()) return null;
      return { key: target.key, size: stat.size, contentType: contentTypeFor(target.key), updatedAt: stat.mtime };
    } catch {
      return null;
    }
  }

  async get(key: string) {
    const meta = await this.head(key);
    if (!meta) return null;
    try {
      const body = await fs.readFile(this.pathOf(key).file);
      return { ...meta, body };
    } catch (error) {
      if (MISSING.has(codeOf(error) ?? "")) return null;
      throw error;
    }
  }

  async remove(keys: string[]): Promise<string[]> {
    // Every key is checked before anything is deleted.
    const targets = keys.map((key) => this.pathOf(key));
    const removed: string[] = [];
    for (const target of targets) {
      try {
        await fs.unlink(target.file);
        removed.push(target.key);
      } catch (error) {
        if (!MISSING.has(codeOf(error) ?? "")) throw error;
      }
    }
    return removed;
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const out: StoredObject[] = [];
    const walk = async (dir: string, keyPrefix: string) => {
      let entries: Dirent[];
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const key = keyPrefix + entry.name;
        if (entry.isDirectory()) await walk(path.join(dir, entry.name), `${key}/`);
        else if (entry.isFile() && !entry.name.endsWith(".tmp") && key.startsWith(prefix)) {
          const stat = await fs.stat(path.join(dir, entry.name)).catch((error: unknown) => {
            if (MISSING.has(codeOf(error) ?? "")) return null;
            throw error;
          });
          if (stat) out.push({ key, size: stat.size, contentType: contentTypeFor(key), updatedAt: stat.mtime });
        }
      }
    };
    await walk(this.root, "");
    return out.sort((a, b) => a.key.localeCompare(b.key));
  }

  publicUrl(key: string): string {
    const safe = safeObjectKey(key);
    if (!safe) throw new UnsafeKeyError(key);
    return `${this.urlPrefix}/${safe.split("/").map(encodeURIComponent).join("/")}`;
  }
}
