import { SMTPServer, type SMTPServerAddress } from "smtp-server";

/** A message the fixture accepted: envelope and the raw message (headers and body). */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A tiny SMTP server on 127.0.0.1 (no TLS, no authentication) that keeps what
 * it receives; `down()` stops listening (the mail server is away) and `up()`
 * listens again on the same port, keeping what it had. Without a port it
 * takes a free one from the system (no clash with other tests' servers).
 */
export async function startSmtpFixture(port = 0) {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  const up = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const address = (a: SMTPServerAddress | false) => (a ? a.address : "");
          received.push({ from: address(session.envelope.mailFrom), to: session.envelope.rcptTo.map(address), raw: Buffer.concat(chunks).toString("utf8") });
          callback();
        });
      },
    });
    const s = server;
    await new Promise<void>((resolve, reject) => {
      s.server.once("error", reject);
      s.listen(port, "127.0.0.1", () => resolve());
    });
    // The port the system gave: up() after down() listens on it again.
    port = (s.server.address() as { port: number }).port;
  };
  const down = async () => {
    const s = server;
    server = undefined;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  await up();
  return { url: `smtp://127.0.0.1:${port}`, port, received, up, down, close: down };
}

/** Header encoded words (=?UTF-8?B?…?=, =?UTF-8?Q?…?=) decoded, folded header lines joined. */
function decodeHeaders(head: string): string {
  return head
    .replace(/\r?\n[ \t]+/g, " ")
    .replace(/\?= =\?/g, "?==?")
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_all, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeURIComponent(text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, "%$1")),
    );
}

/**
 * A received message as readable text for assertions: headers decoded, and
 * each MIME part's body decoded by its Content-Transfer-Encoding (base64,
 * quoted-printable), parts kept in order.
 */
export function decodeMail(raw: string): string {
  const split = (text: string) => {
    const at = text.search(/\r?\n\r?\n/);
    return at === -1 ? [text, ""] : [text.slice(0, at), text.slice(at).replace(/^\r?\n\r?\n/, "")];
  };
  const [head, body] = split(raw) as [string, string];
  const headers = decodeHeaders(head);
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  const decodeBody = (partHeaders: string, text: string) => {
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(partHeaders)?.[1]?.toLowerCase();
    if (encoding === "base64") return Buffer.from(text.replace(/\s+/g, ""), "base64").toString("utf8");
    if (encoding === "quoted-printable") {
      const joined = text.replace(/=\r?\n/g, "");
      return joined.replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ""), "hex").toString("utf8"));
    }
    return text;
  };
  if (!boundary) return `${headers}\n\n${decodeBody(headers, body)}`;
  const parts = body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith("--"))
    .map((part) => {
      const [partHead, partBody] = split(part.replace(/^\r?\n/, "")) as [string, string];
      return `${decodeHeaders(partHead)}\n\n${decodeBody(partHead, partBody)}`;
    });
  return [headers, ...parts].join("\n\n");
}
