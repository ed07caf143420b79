import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { verifyAdminCredentials } from "~/models/admins.server";
import { startServices, stopServices } from "~/services.server";
import { parseEnv } from "~/platform/env.server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-admin-cli-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function admin(...args: string[]) {
  const result = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/admin.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "error", DATABASE_URL: "" },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

async function canSignIn(email: string, password: string) {
  await startServices(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }));
  try {
    return (await verifyAdminCredentials(email, password)) !== null;
  } finally {
    await stopServices();
  }
}

describe("npm run admin", { timeout: 120_000 }, () => {
  it("creates an administrator with a given password, refuses bad input, resets with a generated one", async () => {
    const created = admin("create", "--email", "Owner@Example.com", "--password", "a long secret 1");
    expect(created.out).toContain("Administrator owner@example.com created.");
    expect(created.code).toBe(0);
    expect(created.out).not.toContain("a long secret 1");

    const duplicate = admin("create", "--email", "owner@example.com", "--password", "another secret");
    expect(duplicate.code).toBe(1);
    expect(duplicate.out).toContain("Администратор с таким email уже существует");
    const short = admin("create", "--email", "x@example.com", "--password", "short");
    expect(short.code).toBe(1);
    expect(short.out).toContain("Пароль должен быть не короче 10 символов");
    expect(admin("create").code).toBe(2);

    const reset = admin("reset-password", "--email", "owner@example.com");
    expect(reset.code).toBe(0);
    const generated = /Password \(shown only once\): (\S+)/.exec(reset.out)?.[1];
    expect(generated).toBeTruthy();
    expect(await canSignIn("owner@example.com", generated!)).toBe(true);
    expect(await canSignIn("owner@example.com", "a long secret 1")).toBe(false);

    const list = admin("list");
    expect(list.out).toContain("owner@example.com");
  });
});
