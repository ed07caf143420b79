import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type DatabaseHandle } from "~/db/client.server";
import { ensureBuild, expectLogged, startBuiltServer, waitFor, type BuiltServer } from "../support/built-server";
import { openTestDatabase, testDbKind } from "../support/test-db";

/**
 * SERVER_PROCESSES (decision 0015): on PostgreSQL the server runs as a
 * supervisor and that many web server processes sharing the port. Checked
 * from outside, as a visitor and an operator would: each request on its own
 * connection (node:cluster hands connections out in turn), the contact
 * form's limit counted across processes, a change shown by every process's
 * cached pages, a killed process started again, SIGTERM stopping them all.
 * With the embedded database the setting is refused at start-up.
 */
const kind = testDbKind();
// Servers this file starts use ports 9950–9999.
const PORTS: [number, number] = [9950, 9999];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-processes-"));

/** One request on a connection of its own (no keep-alive), so that successive requests meet different processes. */
function request(
  url: string,
  options: {
    method?: string;
    body?: string;
    headers?: Record<string, string>;
  } = {},
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? "GET",
        headers: options.headers,
        agent: false,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** The process ids whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = fs.readFileSync(`/proc/${entry}/status`, "utf8");
      if (new RegExp(`^PPid:\\s+${pid}$`, "m").test(status)) children.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return children;
}

const alive = (pid: number) => fs.existsSync(`/proc/${pid}`);

/** Bytes a process has written so far (sockets included: its answers). */
const written = (pid: number) => Number(/^wchar:\s+(\d+)$/m.exec(fs.readFileSync(`/proc/${pid}/io`, "utf8"))?.[1] ?? NaN);

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.runIf(kind === "pglite")("SERVER_PROCESSES on the embedded database", () => {
  it("is refused at start-up with a message naming the setting", async () => {
    await ensureBuild();
    const failure = await startBuiltServer({
      ports: PORTS,
      dataDir,
      env: { SERVER_PROCESSES: "2" },
    }).then(
      () => "started",
      (error: Error) => error.message,
    );
    expect(failure).toContain("SERVER_PROCESSES: more than 1 needs DATABASE_URL (the embedded database allows one process per data folder)");
  });
});

describe.runIf(kind === "postgres")("two server processes on PostgreSQL", () => {
  let server: BuiltServer;
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;
  let baseUrl = "";
  const count = async (table: "admins" | "contact_submissions") =>
    (await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]?.n;

  beforeAll(async () => {
    await ensureBuild();
    const opened = await openTestDatabase();
    handle = opened.handle;
    dispose = opened.dispose;
    server = await startBuiltServer({
      ports: PORTS,
      dataDir,
      databaseUrl: opened.url,
      env: {
        SERVER_PROCESSES: "2",
        BACKUP_INTERVAL_HOURS: "0",
        ADMIN_EMAIL: "owner@example.com",
        ADMIN_PASSWORD: "processes test password",
      },
    });
    baseUrl = server.baseUrl;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await dispose?.();
  });

  it("starts a supervisor and two web server processes, and says so once", async () => {
    await expectLogged(() => server.output(), /Listening on http:\/\/localhost:\d+ \(bound to 127\.0\.0\.1:\d+, 2 server processes, ready in \d+ ms\)/);
    expect(server.output().match(/Listening on/g)).toHaveLength(1);
    expect(childrenOf(server.child.pid!)).toHaveLength(2);
    // The first administrator is created once, by the supervisor.
    expect(await count("admins")).toBe(1);
  });

  it("counts the contact form's limit across processes: the 6th message from one address is refused", async () => {
    const form = new URLSearchParams({
      name: "Иван Петров",
      email: "ivan@example.com",
      phone: "",
      message: "Здравствуйте! Интересует квартира.",
      website: "",
    });
    const processes = childrenOf(server.child.pid!);
    const before = processes.map(written);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await request(`${baseUrl}/?index`, {
        method: "POST",
        body: form.toString(),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      statuses.push(answer.status);
      if (i === 5) expect(answer.body).toContain("Вы отправили слишком много сообщений. Пожалуйста, попробуйте позже или позвоните нам.");
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Both processes answered some of them (each answer is a page of ~30 KB).
    processes.forEach((pid, i) => expect(written(pid) - before[i]!, `bytes written by process ${pid}`).toBeGreaterThan(20_000));
    expect(await count("contact_submissions")).toBe(5);
  });

  it("shows a change on every process's cached pages within half a second", async () => {
    for (let i = 0; i < 4; i++) expect((await request(`${baseUrl}/`)).body).not.toContain("Равда-Центр");
    await handle.db.execute(sql`update locations set name = 'Равда-Центр' where name = 'Равда'`);
    // Each process checks the content version at most every half second (app/page-cache/http.server.ts).
    await new Promise((r) => setTimeout(r, 600));
    for (let i = 0; i < 4; i++) expect((await request(`${baseUrl}/`)).body).toContain("Равда-Центр");
  });

  it("starts a process that died again, and the site keeps answering meanwhile", async () => {
    const [victim, survivor] = childrenOf(server.child.pid!) as [number, number];
    process.kill(victim, "SIGKILL");
    await waitFor(() => !alive(victim), 5_000, "the killed process to end");
    for (let i = 0; i < 4; i++) expect((await request(`${baseUrl}/healthz`)).status).toBe(200);
    await waitFor(
      () => /Server process \d stopped \(signal SIGKILL\); starting it again in 1 s\./.test(server.output()),
      5_000,
      () => `the supervisor to report it; output:\n${server.output()}`,
    );
    await waitFor(() => childrenOf(server.child.pid!).length === 2, 15_000, "a new process");
    const now = childrenOf(server.child.pid!);
    expect(now).toContain(survivor);
    expect(now).not.toContain(victim);
  });

  it("stops every process on SIGTERM, closes the database and exits 0", async () => {
    await waitFor(() => (server.output().match(/Listening on/g) ?? []).length === 1, 1_000, "one announcement");
    const children = childrenOf(server.child.pid!);
    const exited = new Promise<number | null>((resolve) => server.child.once("exit", (code) => resolve(code)));
    server.child.kill("SIGTERM");
    expect(await exited).toBe(0);
    await expectLogged(() => server.output(), "SIGTERM received: the server processes finish their requests, then the database is closed.");
    expect(server.output().match(/Stopped\./g)).toHaveLength(1);
    expect(server.output()).not.toMatch(/Server process \d stopped \(code/);
    for (const pid of children) expect(alive(pid)).toBe(false);
  });
});
