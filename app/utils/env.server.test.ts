import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

describe("configuration", () => {
  it("has working embedded defaults: port 9000, ./data, PGlite", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(9000);
    expect(env.HOST).toBe("127.0.0.1");
    expect(env.dataDir).toBe(path.resolve("data"));
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.publicUrl).toBe("http://localhost:9000");
  });

  it("reads overrides", () => {
    const env = parseEnv({ PORT: "8080", HOST: "0.0.0.0", DATABASE_URL: "postgres://u@db/x", PUBLIC_URL: "https://sea.example/" });
    expect(env).toMatchObject({ PORT: 8080, HOST: "0.0.0.0", DATABASE_URL: "postgres://u@db/x", publicUrl: "https://sea.example" });
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
    [{ ADMIN_EMAIL: "nope" }, "ADMIN_EMAIL"],
    [{ ADMIN_EMAIL: "a@b.co", ADMIN_PASSWORD: "short" }, "ADMIN_PASSWORD"],
    [{ ADMIN_PASSWORD: "long enough password" }, "ADMIN_EMAIL"],
    [{ BACKUP_KEEP: "0" }, "BACKUP_KEEP"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
  ])("a bad value stops start-up naming the variable: %j", (source, name) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(new RegExp(`${name}:`));
  });

  it("treats empty optional values as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", ADMIN_EMAIL: " " }).DATABASE_URL).toBeUndefined();
  });
});
