import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerText, rawRequest } from "../../scripts/harness/raw-http.mjs";
import { onClientError } from "./client-error.server";

let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((_req, res) => res.end("ok"));
  server.on("clientError", onClientError);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends raw bytes (UTF-8), returns everything the server answered before closing. */
const raw = async (request: string) => answerText(await rawRequest(port, Buffer.from(request, "utf8"), { timeoutMs: 0 }));

const longSearch = encodeURIComponent("а".repeat(10_000));

describe("requests over Node's header limit", () => {
  it("a 60 KB address gets 414 and a Russian page with a link to the listing", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/properties?search=${longSearch}`);
    expect(response.status).toBe(414);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const body = await response.text();
    expect(body).toContain("Адрес слишком длинный");
    expect(body).toContain('<a href="/properties">Все объекты</a>');
    // Nothing of the request comes back.
    expect(body).not.toContain("search");
  });

  it("HEAD gets the status with no body (a body would be read as the start of the next answer)", async () => {
    const answer = await raw(`HEAD /properties?search=${longSearch} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 414 URI Too Long\r\n/);
    expect(answer.split("\r\n\r\n")[1]).toBe("");
  });

  it("under /bg the page is Bulgarian", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/bg/properties?search=${longSearch}`);
    expect(response.status).toBe(414);
    const body = await response.text();
    expect(body).toContain('<html lang="bg">');
    expect(body).toContain("Адресът е твърде дълъг");
    expect(body).toContain('<a href="/bg/properties">Всички имоти</a>');
  });

  it("over-long headers with a short address get 431 with the same page", async () => {
    const answer = await raw(`GET /bg HTTP/1.1\r\nHost: x\r\nCookie: a=${"b".repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toContain("Адресът е твърде дълъг");
  });

  it("a malformed request for a page gets the bad-request page in its language; API paths and HEAD no page", async () => {
    const bg = await raw("GET /bg/properties HTTP/1.1\r\nHost: x\r\nBad header\r\n\r\n");
    expect(bg).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(bg).toContain('<html lang="bg">');
    expect(bg).toContain("Невалидна заявка");
    const ru = await raw("GET /properties\u0001 HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(ru).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(ru).toContain("Неверный запрос");
    expect(await raw("GET /rest/v1/locations HTTP/1.1\r\nBad header\r\n\r\n")).toBe("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
    expect((await raw("HEAD /bg HTTP/1.1\r\nBad header\r\n\r\n")).split("\r\n\r\n")[1]).toBe("");
  });

  it("other malformed requests get Node's plain 400, and normal ones still work", async () => {
    expect(await raw("NOT HTTP AT ALL\r\n\r\n")).toBe("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
    expect(await (await fetch(`http://127.0.0.1:${port}/properties?search=a`)).text()).toBe("ok");
  });
});
