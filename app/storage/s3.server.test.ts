import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/platform/env.server";
import { createStorage } from "./index.server";
import { LocalStorage } from "./local.server";
import { S3Storage } from "./s3.server";
import { ObjectExistsError } from "./storage.server";
import { describeStorageContract } from "./storage-contract";

/**
 * The storage contract on the S3 driver, against s3rver (a local
 * S3-compatible server) started here on 127.0.0.1, on a free port, with a
 * temporary folder.
 */
interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)("s3rver") as S3rverClass;

let server: S3rverInstance | undefined;
let store: S3Storage | undefined;
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-s3rver-"));

/** The S3 driver on `endpoint` (path-style, us-east-1), into `bucket`, signing with `key`/`secret`. */
const s3Store = (endpoint: string, bucket = "x", key = "a", secret = "b") =>
  new S3Storage({ endpoint, region: "us-east-1", bucket, accessKeyId: key, secretAccessKey: secret, forcePathStyle: true });

beforeAll(async () => {
  server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: "seaside-test" }],
  });
  const { port } = await server.run();
  store = s3Store(`http://127.0.0.1:${port}`, "seaside-test", "S3RVER", "S3RVER");
});

afterAll(async () => {
  store?.client.destroy();
  await server?.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

describeStorageContract("S3 (s3rver)", () => store!);

describe("S3 storage driver", () => {
  it("stores the Cache-Control max-age and the content type as object metadata", async () => {
    await store!.put("tests/cached.txt", new TextEncoder().encode("hello"), { contentType: "text/plain; charset=utf-8", cacheControlSeconds: 60 });
    expect(await store!.head("tests/cached.txt")).toMatchObject({ cacheControlSeconds: 60, contentType: "text/plain; charset=utf-8", size: 5 });
    await store!.put("tests/plain.txt", new TextEncoder().encode("x"), { contentType: "text/plain; charset=utf-8" });
    expect((await store!.get("tests/plain.txt"))!.cacheControlSeconds).toBeNull();
    await store!.remove(["tests/cached.txt", "tests/plain.txt"]);
  });

  it("an exclusive put is S3's conditional write (If-None-Match: *); the server's 412 is ObjectExistsError, a plain put replaces", async () => {
    // A stand-in for S3's answer to a conditional write on a taken key (s3rver ignores the header).
    const seen: (string | undefined)[] = [];
    const fake = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        const condition = req.headers["if-none-match"];
        seen.push(condition as string | undefined);
        if (condition === "*") {
          res.writeHead(412, { "Content-Type": "application/xml" });
          res.end(
            '<?xml version="1.0" encoding="UTF-8"?><Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message></Error>',
          );
        } else {
          res.writeHead(200, { ETag: '"abc"' });
          res.end();
        }
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    const port = (fake.address() as AddressInfo).port;
    const taken = s3Store(`http://127.0.0.1:${port}`);
    try {
      await expect(taken.put("race/new.png", new Uint8Array([1]), { contentType: "image/png", exclusive: true })).rejects.toThrow(ObjectExistsError);
      await expect(taken.put("race/new.png", new Uint8Array([1]), { contentType: "image/png" })).resolves.toMatchObject({ key: "race/new.png" });
      expect(seen).toEqual(["*", undefined]);
    } finally {
      taken.client.destroy();
      await new Promise((resolve) => fake.close(resolve));
    }
  });

  it("reports a server it cannot reach as an error, not as a missing object", async () => {
    const offline = s3Store("http://127.0.0.1:9");
    await expect(offline.get("a.txt")).rejects.toThrow();
    offline.client.destroy();
  });
});

describe("STORAGE_DRIVER configuration", () => {
  const s3 = { STORAGE_DRIVER: "s3", S3_BUCKET: "b", S3_REGION: "auto", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" };

  it("defaults to the local folder", async () => {
    const env = parseEnv({ DATA_DIR: "/tmp/x" });
    expect(env.STORAGE_DRIVER).toBe("local");
    expect(await createStorage(env)).toBeInstanceOf(LocalStorage);
  });

  it("s3: builds the S3 driver from the S3_* variables", async () => {
    const env = parseEnv({ ...s3, S3_ENDPOINT: "http://127.0.0.1:9000", S3_FORCE_PATH_STYLE: "true" });
    const driver = await createStorage(env);
    expect(driver).toBeInstanceOf(S3Storage);
    expect((driver as S3Storage).config).toMatchObject({ bucket: "b", region: "auto", endpoint: "http://127.0.0.1:9000", forcePathStyle: true });
    (driver as S3Storage).client.destroy();
  });

  it("s3: a missing variable stops start-up with a message naming it", () => {
    for (const name of ["S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      expect(() => parseEnv({ ...s3, [name]: "" })).toThrow(new RegExp(`${name}: is required when STORAGE_DRIVER=s3`));
    }
    expect(() => parseEnv({ STORAGE_DRIVER: "ftp" })).toThrow(/STORAGE_DRIVER: must be local or s3/);
    expect(() => parseEnv({ ...s3, S3_ENDPOINT: "not a url" })).toThrow(/S3_ENDPOINT/);
    expect(() => parseEnv({ ...s3, S3_PUBLIC_URL: "ftp://x" })).toThrow(/S3_PUBLIC_URL/);
    expect(() => parseEnv({ ...s3, S3_FORCE_PATH_STYLE: "maybe" })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});
