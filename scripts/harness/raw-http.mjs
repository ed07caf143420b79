/**
 * Requests sent byte for byte over a socket, as a scanner would: for heads
 * and bodies that fetch and node:http refuse to send.
 */
import net from "node:net";

/**
 * @typedef {object} RawAnswer
 * @property {number} status 0 when no status line came back.
 * @property {string} headers The head (status line included); everything received when there is no blank line.
 * @property {boolean} headEnded Whether the head's blank line came.
 * @property {string} body
 * @property {number} size Bytes of the whole answer.
 */

/**
 * Connects to 127.0.0.1:`port`, sends `request` (a string is sent as latin1:
 * one character, one byte; a function writes as it likes and may ask whether
 * an answer has begun) and reads until the server closes the socket — or,
 * with `headOnly`, until the head is in; or until `timeoutMs` (0: none)
 * passes without traffic.
 * @param {number} port
 * @param {string | Buffer | ((socket: net.Socket, answered: () => boolean) => void)} request
 * @param {{ timeoutMs?: number; headOnly?: boolean }} [options]
 * @returns {Promise<RawAnswer>}
 */
export function rawRequest(port, request, { timeoutMs = 10_000, headOnly = false } = {}) {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    /** @type {Buffer[]} */
    const chunks = [];
    socket.on("data", (/** @type {Buffer} */ chunk) => {
      chunks.push(chunk);
      if (headOnly && Buffer.concat(chunks).includes("\r\n\r\n")) socket.destroy();
    });
    if (timeoutMs > 0) socket.setTimeout(timeoutMs, () => socket.destroy());
    socket.on("close", () => resolve(parseAnswer(Buffer.concat(chunks))));
    // The server may close while we still write: what it answered is what counts.
    socket.on("error", () => undefined);
    if (typeof request === "function") request(socket, () => chunks.length > 0);
    else socket.write(typeof request === "string" ? Buffer.from(request, "latin1") : request);
  });
}

/** @returns {RawAnswer} */
export function parseAnswer(/** @type {Buffer} */ all) {
  const text = all.toString("utf8");
  const split = text.indexOf("\r\n\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
  return {
    status,
    headEnded: split !== -1,
    headers: split === -1 ? text : text.slice(0, split),
    body: split === -1 ? "" : text.slice(split + 4),
    size: all.length,
  };
}

/** The whole answer as text again: head, blank line, body (the head alone when it never ended). */
export function answerText(/** @type {RawAnswer} */ answer) {
  return answer.headEnded ? `${answer.headers}\r\n\r\n${answer.body}` : answer.headers;
}
