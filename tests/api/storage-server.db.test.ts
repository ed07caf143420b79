import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { createClient } from "@supabase/supabase-js";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ws from "ws";
import { ensureBuild, startBuiltServer, type BuiltServer } from "../support/built-server";
import { testDbKind } from "../support/test-db";

/**
 * The production server (`node server/main.js`, the build) with
 * STORAGE_DRIVER=s3 against s3rver on 127.0.0.1: the Storage API as mounted
 * in server/app.ts, driven by supabase-js (sign in, upload, public URL,
 * remove), and the site's own `/upload/…` and `/img/…` addresses read
 * through the S3 driver; also SPEC §7's REST and auth calls through the
 * whole server (the test servers of the other files mount only the API).
 */
const ADMIN_EMAIL = "storage-server@example.com";
const ADMIN_PASSWORD = "storage server test password";
let server: BuiltServer | undefined;
let baseUrl = "";
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-storage-server-"));

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)("s3rver") as new (options: Record<string, unknown>) => S3rverInstance;
let s3rver: S3rverInstance | undefined;

beforeAll(async () => {
  await ensureBuild("storage-buckets.json");
  s3rver = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: path.join(tmp, "s3"), configureBuckets: [{ name: "site-images" }] });
  const { port: s3Port } = await s3rver.run();
  server = await startBuiltServer({
    // Servers this file starts use ports 9850–9899.
    ports: [9850, 9899],
    dataDir: path.join(tmp, "data"),
    env: {
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      BACKUP_INTERVAL_HOURS: "0",
      STORAGE_DRIVER: "s3",
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_BUCKET: "site-images",
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
      S3_PUBLIC_URL: "",
    },
  });
  baseUrl = server.baseUrl;
}, 600_000);

afterAll(async () => {
  await server?.close();
  await s3rver?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe(`the server with STORAGE_DRIVER=s3 on ${testDbKind()}`, () => {
  it("the REST and auth calls of SPEC §7 through the whole server (security headers, compression and the cross-site guard in front of the API)", async () => {
    const anon = createClient(baseUrl, "seaside-anon-key", { realtime: { transport: ws as never }, auth: { persistSession: false, autoRefreshToken: false } });
    const locations = await anon.from("locations").select("*").order("order");
    expect(locations.error).toBeNull();
    expect(locations.data!.map((l) => l.order)).toEqual([0, 1, 2, 3, 4, 5]);
    const counted = await anon.from("real_estates").select("*", { count: "exact", head: true });
    expect(counted.error).toBeNull();
    expect(counted.count).toBe(0);
    const single = await anon.from("locations").select("id").eq("name", "Нет такой").single();
    expect(single.error?.code).toBe("PGRST116");
    const sent = await anon.from("contact_submissions").insert({ name: "Сервер", email: "server@example.com", message: "Через весь сервер" }).select().single();
    expect(sent.error).toBeNull();
    expect((await anon.from("contact_submissions").select("id")).error?.code).toBe("42501");

    const admin = createClient(baseUrl, "seaside-anon-key", { realtime: { transport: ws as never }, auth: { persistSession: false, autoRefreshToken: false } });
    expect((await admin.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).error).toBeNull();
    const inbox = await admin.from("contact_submissions").select("name, isread").order("created_at", { ascending: false });
    expect(inbox.data).toEqual([{ name: "Сервер", isread: false }]);
    expect((await admin.from("contact_submissions").delete().eq("id", sent.data!.id)).error).toBeNull();
    expect((await admin.auth.signOut()).error).toBeNull();

    const raw = await fetch(`${baseUrl}/rest/v1/locations?select=name&order=order`, { headers: { "Accept-Encoding": "gzip" } });
    expect(raw.headers.get("content-type")).toContain("application/json");
    expect(raw.headers.get("cache-control")).toBe("no-store");
    expect(raw.headers.get("x-content-type-options")).toBe("nosniff");
    const crossSite = await fetch(`${baseUrl}/rest/v1/contact_submissions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      body: JSON.stringify({ name: "x", email: "x@example.com", message: "x" }),
    });
    expect(crossSite.status).toBe(403);
  });

  it("Storage API through supabase-js; /upload and /img read through the S3 driver; nothing lands in DATA_DIR/upload", async () => {
    const client = createClient(baseUrl, "seaside-anon-key", {
      realtime: { transport: ws as never },
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const buckets = await client.storage.listBuckets();
    expect(buckets.error).toBeNull();
    expect(buckets.data!.map((b) => [b.name, b.public])).toEqual([["images", true]]);
    const anon = await client.storage.from("images").upload(`test-${Date.now()}.txt`, "Storage test", { upsert: true });
    expect(anon.error?.status).toBe(403);

    const signIn = await client.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(signIn.error).toBeNull();
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#3399cc" } })
      .jpeg()
      .toBuffer();
    const name = `properties/properties-${Date.now()}-s3server.jpg`;
    const up = await client.storage
      .from("images")
      .upload(name, new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), { cacheControl: "3600", upsert: true });
    expect(up.error).toBeNull();

    const { publicUrl } = client.storage.from("images").getPublicUrl(name).data;
    const viaApi = await fetch(publicUrl);
    expect(viaApi.status).toBe(200);
    expect(viaApi.headers.get("cache-control")).toBe("max-age=3600");
    expect(viaApi.headers.get("content-type")).toBe("image/jpeg");
    expect(viaApi.headers.get("x-content-type-options")).toBe("nosniff");
    // The image pipeline's re-encoding is what is stored and served.
    const stored = Buffer.from(await viaApi.arrayBuffer());
    expect(await sharp(stored).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 800 });

    const viaSite = await fetch(`${baseUrl}/upload/${name}`);
    expect(viaSite.status).toBe(200);
    expect(viaSite.headers.get("content-type")).toBe("image/jpeg");
    expect(viaSite.headers.get("cache-control")).toContain("immutable");
    expect(Buffer.from(await viaSite.arrayBuffer())).toEqual(stored);
    const variant = await fetch(`${baseUrl}/img/640/upload/${name}`);
    expect(variant.status).toBe(200);
    expect((await sharp(Buffer.from(await variant.arrayBuffer())).metadata()).width).toBe(640);
    expect(fs.existsSync(path.join(tmp, "data", "upload", ...name.split("/")))).toBe(false);
    for (const bad of ["/upload/properties/missing.jpg", "/upload/%2e%2e/%2e%2e/etc/passwd", "/upload/.hidden/x.txt"]) {
      expect((await fetch(`${baseUrl}${bad}`)).status, bad).toBe(404);
    }

    const removed = await client.storage.from("images").remove([name]);
    expect(removed.error).toBeNull();
    expect(removed.data).toHaveLength(1);
    expect((await fetch(publicUrl)).status).toBe(404);
    expect((await fetch(`${baseUrl}/upload/${name}`)).status).toBe(404);
  });
});
