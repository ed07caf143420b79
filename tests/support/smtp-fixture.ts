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
 * listens again on the same port, keeping what it had.
 */
export async function startSmtpFixture(port: number) {
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
  };
  const down = async () => {
    const s = server;
    server = undefined;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  await up();
  return { url: `smtp://127.0.0.1:${port}`, received, up, down, close: down };
}

/** The decoded text of a quoted-printable or plain part is enough for the tests: soft breaks joined, =XX decoded. */
export function decodeMail(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, "");
  const bytes = unfolded.replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ""), "hex").toString("utf8"));
  // Base64 parts (nodemailer uses them for long non-Latin lines) decoded too.
  return bytes.replace(
    /\r?\n\r?\n((?:[A-Za-z0-9+/=]{1,76}\r?\n)+)/g,
    (_all, b64: string) => `\n\n${Buffer.from(b64.replace(/\s+/g, ""), "base64").toString("utf8")}\n`,
  );
}
