import net from "node:net";
import { SMTPServer, type SMTPServerAddress } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { useEmptyTestDatabase } from "../../tests/support/test-db";
import { formatDateTime } from "~/i18n/format";
import { createContactSubmission, getContactSubmission } from "~/models/contact-submissions.server";
import { connectNotifications } from "~/services.server";
import { createLocation } from "~/models/locations.server";
import { createProperty, deleteProperty } from "~/models/real-estates.server";
import { resetEnvForTests } from "~/platform/env.server";
import { log } from "~/platform/log.server";
import {
  composeNotification,
  MAIL_TIMEOUT_MS,
  MAX_IN_FLIGHT,
  notificationsSettled,
  notifyNewSubmission,
  setMailRetryForTests,
  setMailTimeoutForTests,
} from "./mail.server";

useEmptyTestDatabase();
// The wiring start-up makes (app/services.server.ts): a stored request is e-mailed.
beforeAll(() => connectNotifications());

const PUBLIC_URL = "https://www.sea.example";
const valid = { name: "Анна Петрова", email: "anna@example.com", message: "Интересует квартира у моря" };

/** A message the test SMTP server accepted. */
interface Received {
  from: string;
  to: string[];
  raw: string;
}

/**
 * An SMTP server on 127.0.0.1 (random port, no TLS, no authentication) that keeps what it receives.
 * `refuseFirst`: that many connections are greeted with 421 (busy, try later) before it accepts mail.
 */
async function startSmtpServer(options: { refuseFirst?: number } = {}) {
  const received: Received[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      if (connections <= (options.refuseFirst ?? 0)) {
        return callback(Object.assign(new Error("Too busy, try again later"), { responseCode: 421 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const address = (a: SMTPServerAddress | false) => (a ? a.address : "");
        received.push({
          from: address(session.envelope.mailFrom),
          to: session.envelope.rcptTo.map(address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port on 127.0.0.1 where nothing listens. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A server that accepts connections and never says a word (a hung mail server). */
async function startSilentServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function configureMail(smtpUrl: string | undefined) {
  vi.stubEnv("SMTP_URL", smtpUrl ?? "");
  vi.stubEnv("NOTIFY_EMAIL", smtpUrl ? "agent@sea.example" : "");
  vi.stubEnv("MAIL_FROM", "");
  vi.stubEnv("PUBLIC_URL", PUBLIC_URL);
  resetEnvForTests();
}

/** The decoded parts of a MIME message (enough for what nodemailer writes). */
function parseMail(raw: string) {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    headers.set(line.slice(0, colon).toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  const body = rest.join("\r\n\r\n");
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get("content-type") ?? "")?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [`${head}\r\n\r\n${body}`];
  const decoded: Record<string, string> = {};
  for (const part of parts) {
    const [partHead = "", ...partBody] = part.replace(/^\r?\n/, "").split(/\r?\n\r?\n/);
    const type = /content-type:\s*([^;\s]+)/i.exec(partHead)?.[1]?.toLowerCase() ?? "text/plain";
    const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(partHead)?.[1]?.toLowerCase();
    decoded[type] = decodeBody(partBody.join("\r\n\r\n"), encoding);
  }
  return { headers, text: decoded["text/plain"] ?? "", html: decoded["text/html"] ?? "" };
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, "%25"));
  }
  return body;
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=), adjacent ones joined. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toLowerCase() === "b" ? Buffer.from(data, "base64").toString("utf8") : decodeBody(data.replace(/_/g, " "), "quoted-printable"),
    );
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});
afterEach(async () => {
  await notificationsSettled();
  smtp.received.length = 0;
  setMailTimeoutForTests(undefined);
  setMailRetryForTests(undefined);
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  resetEnvForTests();
});

describe("notification of a new contact request", () => {
  it("e-mails the agent the request with a link to it in the admin area", async () => {
    configureMail(smtp.url);
    const row = await createContactSubmission({ ...valid, phone: "+359 888 123 456" });
    await notificationsSettled();

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(["agent@sea.example"]);
    expect(mail!.from).toBe("no-reply@www.sea.example");
    const { headers, text, html } = parseMail(mail!.raw);
    expect(headers.get("subject")).toBe("Новая заявка с сайта: Анна Петрова");
    expect(headers.get("to")).toBe("agent@sea.example");
    expect(headers.get("from")).toBe("Море и Дом <no-reply@www.sea.example>");
    expect(headers.get("reply-to")).toBe("Анна Петрова <anna@example.com>");

    const link = `${PUBLIC_URL}/admin/contact-submissions?view=${row.id}`;
    for (const body of [text, html]) {
      expect(body).toContain("Анна Петрова");
      expect(body).toContain("anna@example.com");
      expect(body).toContain("+359 888 123 456");
      expect(body).toContain("Интересует квартира у моря");
      expect(body).toContain(link);
      expect(body).toContain(formatDateTime(row.created_at));
    }
    expect(text).toMatch(/Дата: \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
    expect(html).toContain(`<a href="${link}">`);
  });

  it("names the listing the request is about; no phone shows a dash", async () => {
    configureMail(smtp.url);
    const location = await createLocation({ name: "Равда", image: "/upload/locations/r.jpg" });
    const property = await createProperty({ title: "Студия у моря", description: "Рядом с пляжем", location_id: location.id });
    await createContactSubmission(valid, { propertyId: property.id });
    await notificationsSettled();

    const { text, html } = parseMail(smtp.received[0]!.raw);
    expect(text).toContain("Объект: Студия у моря");
    expect(text).toContain(`${PUBLIC_URL}/properties/${property.id}`);
    expect(html).toContain("Студия у моря");
    expect(text).toContain("Телефон: —");
  });

  it("lists a shortlist's properties (issue 22) with their links, a deleted one by its id, and the whole list's link", async () => {
    configureMail(smtp.url);
    const location = await createLocation({ name: "Созопол", image: "/upload/locations/s.jpg" });
    const first = await createProperty({ title: "Вилла <Роза>", description: "У моря", location_id: location.id });
    const second = await createProperty({ title: "Студия Бриз", description: "Рядом с пляжем", location_id: location.id });
    const row = await createContactSubmission(valid, { propertyIds: [second.id, first.id] });
    expect(row.property_ids).toEqual([second.id, first.id]);
    await notificationsSettled();
    await deleteProperty(first.id);
    notifyNewSubmission(row);
    await notificationsSettled();

    // The first mail went before the delete, the second after it.
    const { text, html } = parseMail(smtp.received[1]!.raw);
    expect(text).toContain("Подборка (2):");
    expect(text).toContain(`1. Студия Бриз — ${PUBLIC_URL}/properties/${second.id}`);
    expect(text).toContain(`2. ${first.id} — ${PUBLIC_URL}/properties/${first.id}`);
    expect(text).toContain(`Вся подборка на сайте: ${PUBLIC_URL}/favorites?ids=${second.id},${first.id}`);
    expect(html).toContain(`<li><a href="${PUBLIC_URL}/properties/${second.id}">Студия Бриз</a></li>`);
    expect(html).toContain(`<a href="${PUBLIC_URL}/favorites?ids=${second.id},${first.id}">Вся подборка на сайте</a>`);
    const before = parseMail(smtp.received[0]!.raw);
    expect(before.html).toContain("Вилла &#60;Роза&#62;");
    expect(before.html).not.toContain("<Роза>");
  });

  it("escapes HTML and keeps the visitor's line breaks out of the headers", async () => {
    configureMail(smtp.url);
    await createContactSubmission({
      name: "Ева\r\nBcc: victim@evil.example",
      email: "eve@example.com",
      message: '<script>alert("x")</script> & <b>жирный</b>',
    });
    await notificationsSettled();

    const [mail] = smtp.received;
    expect(mail!.to).toEqual(["agent@sea.example"]);
    const { headers, text, html } = parseMail(mail!.raw);
    expect(headers.has("bcc")).toBe(false);
    expect(headers.get("subject")).toBe("Новая заявка с сайта: Ева Bcc: victim@evil.example");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#60;b&#62;жирный&#60;/b&#62;");
    expect(text).toContain('<script>alert("x")</script> & <b>жирный</b>');
  });

  it("sends nothing without SMTP_URL", async () => {
    configureMail(undefined);
    const connectionsBefore = smtp.connections();
    const row = await createContactSubmission(valid);
    await notificationsSettled();
    expect(await getContactSubmission(row.id)).toMatchObject({ id: row.id });
    expect(notifyNewSubmission(row)).toBe(false);
    await notificationsSettled();
    expect(smtp.connections()).toBe(connectionsBefore);
    expect(smtp.received).toHaveLength(0);
  });
});

describe("a mail server that fails", () => {
  // Short waits between attempts (the real ones are 30 s and more).
  beforeEach(() => setMailRetryForTests({ baseMs: 20, maxMs: 80 }));

  it("busy for the first attempts: the request is answered at once, the mail tried again and delivered once", async () => {
    const warned = vi.spyOn(log, "warn").mockImplementation(() => {});
    const busy = await startSmtpServer({ refuseFirst: 2 });
    try {
      configureMail(busy.url);
      const row = await createContactSubmission(valid);
      // Stored and answered before any attempt has even started.
      expect(busy.connections()).toBe(0);
      expect(await getContactSubmission(row.id)).toMatchObject({ id: row.id, isread: false });

      await notificationsSettled();
      expect(busy.connections()).toBe(3);
      expect(busy.received).toHaveLength(1);
      expect(parseMail(busy.received[0]!.raw).text).toContain(`view=${row.id}`);
      expect(warned).toHaveBeenCalledWith(expect.stringContaining(`contact request ${row.id}: attempt 1 failed`));
      expect(warned.mock.calls.flat().join(" ")).not.toContain("anna@example.com");
    } finally {
      await busy.close();
    }
  });

  it("refusing connections: the request is stored and answered at once, the failure logged after the last attempt", async () => {
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    vi.spyOn(log, "warn").mockImplementation(() => {});
    configureMail(`smtp://127.0.0.1:${await closedPort()}`);
    const started = performance.now();
    const row = await createContactSubmission(valid);
    expect(performance.now() - started).toBeLessThan(MAIL_TIMEOUT_MS);
    expect(await getContactSubmission(row.id)).toMatchObject({ id: row.id, name: "Анна Петрова", isread: false });

    await notificationsSettled();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(`contact request ${row.id} failed after 5 attempts`));
    expect(logged.mock.calls.flat().join(" ")).not.toContain("anna@example.com");
  });

  it("hanging: the answer does not wait for it, the send gives up after the timeout, and only a few wait at once", async () => {
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    const silent = await startSilentServer();
    try {
      const timeout = 3_000;
      setMailTimeoutForTests(timeout);
      // One attempt: this test is about the bound of one send and the cap on sends under way.
      setMailRetryForTests({ attempts: 1 });
      configureMail(silent.url);
      const started = performance.now();
      const row = await createContactSubmission(valid);
      expect(performance.now() - started).toBeLessThan(timeout);
      // Answered while the mail is still waiting for the server.
      let settled = false;
      const settling = notificationsSettled().then(() => (settled = true));
      await new Promise((resolve) => setImmediate(resolve));
      expect(settled).toBe(false);
      expect(await getContactSubmission(row.id)).toMatchObject({ id: row.id });

      // The in-flight cap: the first is under way, MAX_IN_FLIGHT - 1 more are accepted, then skipped.
      for (let i = 1; i < MAX_IN_FLIGHT; i++) expect(notifyNewSubmission(row)).toBe(true);
      expect(notifyNewSubmission(row)).toBe(false);
      expect(logged).toHaveBeenCalledWith(expect.stringContaining("skipped"));
      const stored = await createContactSubmission(valid);
      expect(await getContactSubmission(stored.id)).toMatchObject({ id: stored.id });

      await settling;
      expect(settled).toBe(true);
      expect(performance.now() - started).toBeGreaterThanOrEqual(timeout - 100);
      expect(logged).toHaveBeenCalledWith(expect.stringContaining(`contact request ${row.id} failed`));
      // Afterwards notifications start again.
      expect(notifyNewSubmission(row)).toBe(true);
    } finally {
      await silent.close();
      await notificationsSettled();
    }
  });
});

describe("composeNotification", () => {
  /** The notification of Иван's contact request, about no property; `changes` alter the request. */
  const compose = (changes: { email?: string } = {}) =>
    composeNotification(
      {
        id: "5b7e1c1e-9f0a-4c53-9d8e-1a2b3c4d5e6f",
        name: "Иван",
        email: "ivan@example.com",
        phone: "",
        message: "Здравствуйте",
        created_at: "2026-11-21T08:47:00.000Z",
        ...changes,
      },
      { publicUrl: PUBLIC_URL, property: null },
    );

  it("formats the date in Sofia time, ru-RU", () => {
    const { text } = compose();
    expect(text).toContain("Дата: 21.11.2026, 10:47");
    expect(text).not.toContain("Объект");
  });

  it("names the complex a request was sent about, linked to its page (issue 33)", () => {
    const { text, html } = composeNotification(
      {
        id: "5b7e1c1e-9f0a-4c53-9d8e-1a2b3c4d5e6f",
        name: "Иван",
        email: "ivan@example.com",
        phone: "",
        message: "Есть ли двушки?",
        created_at: "2026-11-21T08:47:00.000Z",
      },
      { publicUrl: PUBLIC_URL, property: null, complex: { name: "Марина Вью", path: "/созополь/комплекс/марина-вью" } },
    );
    const link = `${PUBLIC_URL}/%D1%81%D0%BE%D0%B7%D0%BE%D0%BF%D0%BE%D0%BB%D1%8C/%D0%BA%D0%BE%D0%BC%D0%BF%D0%BB%D0%B5%D0%BA%D1%81/%D0%BC%D0%B0%D1%80%D0%B8%D0%BD%D0%B0-%D0%B2%D1%8C%D1%8E`;
    expect(text).toContain("Комплекс: Марина Вью");
    expect(text).toContain(`Комплекс на сайте: ${link}`);
    expect(html).toContain(`<a href="${link}">Марина Вью</a>`);
  });

  it("leaves Reply-To out for an address that is not a plain valid one", () => {
    expect(compose({ email: "a@b.co, victim@evil.example" }).replyTo).toBeUndefined();
    expect(compose({ email: "nope" }).replyTo).toBeUndefined();
    expect(compose().replyTo).toEqual({ name: "Иван", address: "ivan@example.com" });
  });
});
