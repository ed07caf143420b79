import { availableParallelism } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, tileOrigin } from "~/platform/env.server";

describe("configuration", () => {
  it("has working embedded defaults: port 9000, ./data, PGlite", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(9000);
    expect(env.HOST).toBe("127.0.0.1");
    expect(env.dataDir).toBe(path.resolve("data"));
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.publicUrl).toBe("http://localhost:9000");
  });

  it("runs one server process unless PostgreSQL is configured; auto is one per CPU there", () => {
    expect(parseEnv({}).SERVER_PROCESSES).toBe(1);
    expect(parseEnv({}).SERVER_MEMORY_MB).toBe(512);
    expect(parseEnv({ SERVER_PROCESSES: "auto" }).SERVER_PROCESSES).toBe(1);
    const pg = { DATABASE_URL: "postgres://u@db/x" };
    expect(parseEnv({ ...pg, SERVER_PROCESSES: "3" }).SERVER_PROCESSES).toBe(3);
    expect(parseEnv({ ...pg, SERVER_PROCESSES: "auto" }).SERVER_PROCESSES).toBe(availableParallelism());
    expect(() => parseEnv({ SERVER_PROCESSES: "2" })).toThrow(
      "SERVER_PROCESSES: more than 1 needs DATABASE_URL (the embedded database allows one process per data folder)",
    );
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
    [{ SMTP_URL: "http://mail.example.com", NOTIFY_EMAIL: "agent@example.com" }, "SMTP_URL"],
    [{ SMTP_URL: "smtp://", NOTIFY_EMAIL: "agent@example.com" }, "SMTP_URL"],
    [{ SMTP_URL: "smtp://mail.example.com" }, "NOTIFY_EMAIL"],
    [{ SMTP_URL: "smtp://mail.example.com", NOTIFY_EMAIL: "agent" }, "NOTIFY_EMAIL"],
    [{ MAIL_FROM: "no address" }, "MAIL_FROM"],
    [{ SERVER_PROCESSES: "0", DATABASE_URL: "postgres://u@db/x" }, "SERVER_PROCESSES"],
    [{ SERVER_PROCESSES: "two", DATABASE_URL: "postgres://u@db/x" }, "SERVER_PROCESSES"],
    [{ SERVER_PROCESSES: "2" }, "SERVER_PROCESSES"],
    // Issue 32: the memory budget (decision 0034).
    [{ SERVER_MEMORY_MB: "128" }, "SERVER_MEMORY_MB"],
    [{ SERVER_MEMORY_MB: "1GB" }, "SERVER_MEMORY_MB"],
    [{ MAIL_FROM: "Site\r\nBcc: x@evil.example <site@example.com>" }, "MAIL_FROM"],
    // Issue 22: messengers and the privacy page's controller.
    [{ SITE_WHATSAPP: "call me" }, "SITE_WHATSAPP"],
    [{ SITE_VIBER: "+359 88 <script>" }, "SITE_VIBER"],
    [{ SITE_TELEGRAM: "https://t.me/x" }, "SITE_TELEGRAM"],
    [{ SITE_TELEGRAM: "abc" }, "SITE_TELEGRAM"],
    [{ PRIVACY_CONTROLLER: " " }, "PRIVACY_CONTROLLER"],
  ])("a bad value stops start-up naming the variable: %j", (source, name) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(new RegExp(`${name}:`));
  });

  it("configures notification e-mail: off by default, smtp(s):// URL, recipient, sender from PUBLIC_URL", () => {
    const off = parseEnv({});
    expect(off.SMTP_URL).toBeUndefined();
    expect(off.NOTIFY_EMAIL).toBeUndefined();
    expect(off.mailFrom).toBe("Море и Дом <no-reply@localhost>");
    const on = parseEnv({
      SMTP_URL: "smtps://user:secret@smtp.example.com:465",
      NOTIFY_EMAIL: "agent@example.com",
      PUBLIC_URL: "https://www.sea.example",
    });
    expect(on).toMatchObject({
      SMTP_URL: "smtps://user:secret@smtp.example.com:465",
      NOTIFY_EMAIL: "agent@example.com",
      mailFrom: "Море и Дом <no-reply@www.sea.example>",
    });
    expect(parseEnv({ SMTP_URL: "smtp://127.0.0.1:2525", NOTIFY_EMAIL: "a@b.co" }).SMTP_URL).toBe("smtp://127.0.0.1:2525");
    expect(parseEnv({ MAIL_FROM: "Агент <agent@sea.example>" }).mailFrom).toBe("Агент <agent@sea.example>");
    expect(parseEnv({ MAIL_FROM: "agent@sea.example" }).mailFrom).toBe("agent@sea.example");
    expect(parseEnv({ PUBLIC_URL: "http://192.168.1.5:9000" }).mailFrom).toBe("Море и Дом <no-reply@localhost>");
  });

  it("does not show the SMTP password in its message", () => {
    expect(() => parseEnv({ SMTP_URL: "ftp://user:secret@mail.example.com", NOTIFY_EMAIL: "a@b.co" })).toThrow(/^(?![\s\S]*secret)/);
  });

  it("treats empty optional values as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", ADMIN_EMAIL: " " }).DATABASE_URL).toBeUndefined();
    expect(parseEnv({ SMTP_URL: "", NOTIFY_EMAIL: "", MAIL_FROM: " " })).toMatchObject({ SMTP_URL: undefined, NOTIFY_EMAIL: undefined });
  });

  it("takes a map tile template whose host the CSP can name exactly (issue 21)", () => {
    expect(parseEnv({}).MAP_TILE_URL).toBe("https://tile.openstreetmap.org/{z}/{x}/{y}.png");
    expect(tileOrigin("https://tile.openstreetmap.org/{z}/{x}/{y}.png")).toBe("https://tile.openstreetmap.org");
    expect(tileOrigin("https://{s}.tile.example.com/{z}/{x}/{y}{r}.png")).toBe("https://*.tile.example.com");
    expect(tileOrigin("http://127.0.0.1:9999/tiles/{z}/{x}/{y}.png")).toBe("http://127.0.0.1:9999");
    for (const bad of [
      "https://tile.example.com/{z}/{x}.png",
      "ftp://tile.example.com/{z}/{x}/{y}.png",
      "https://user:pw@tile.example.com/{z}/{x}/{y}.png",
      "https://{z}.example.com/{x}/{y}.png",
      "https://tile.example.com/{z}/{x}/{y}.png?key={apikey}",
      "javascript:{z}{x}{y}",
    ]) {
      expect(tileOrigin(bad), bad).toBeNull();
      expect(() => parseEnv({ MAP_TILE_URL: bad }), bad).toThrow(/MAP_TILE_URL: must be an http\(s\) URL template/);
    }
  });

  it("takes a URL-safe feeds token of 24 to 200 characters, off when empty (issue 23)", () => {
    expect(parseEnv({}).FEEDS_TOKEN).toBeUndefined();
    expect(parseEnv({ FEEDS_TOKEN: " " }).FEEDS_TOKEN).toBeUndefined();
    expect(parseEnv({ FEEDS_TOKEN: "0123456789abcdef-_ABCDEFGH" }).FEEDS_TOKEN).toBe("0123456789abcdef-_ABCDEFGH");
    for (const bad of ["short", "a".repeat(201), "0123456789abcdef0123456789&x=1", "0123456789abcdef 0123456789", "пароль-пароль-пароль-пароль"]) {
      expect(() => parseEnv({ FEEDS_TOKEN: bad }), bad).toThrow(/FEEDS_TOKEN: must be 24 to 200 letters, digits/);
    }
    expect(parseEnv({}).FEEDS_PROVINCE).toBe("Burgas");
  });
});
