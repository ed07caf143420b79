import { afterEach, describe, expect, it, vi } from "vitest";

// The database is not reached: the limiter lets the visitor through and storing fails.
vi.mock("~/web/rate-limit.server", () => ({
  RateLimiter: class {
    attempt = async () => true;
    release = async () => undefined;
  },
}));
vi.mock("~/models/contact-submissions.server", () => ({
  createContactSubmission: vi.fn(async () => {
    throw new Error("connection terminated");
  }),
}));

const { handleContactAction } = await import("~/web/contact-action.server");

function post(): Request {
  const body = new URLSearchParams({ name: "Иван", email: "ivan@example.com", phone: "", message: "Здравствуйте", website: "" });
  return new Request("http://localhost/?index", { method: "POST", body });
}

afterEach(() => vi.restoreAllMocks());

describe("a contact request that cannot be stored", () => {
  it.each([
    ["ru", "Произошла ошибка при отправке формы. Пожалуйста, попробуйте еще раз."],
    ["bg", "Възникна грешка при изпращането на формата. Моля, опитайте отново."],
  ] as const)("answers 500 with SPEC §8's failure message and keeps the values (%s)", async (lang, message) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await handleContactAction(post(), lang, "10.0.0.1");
    expect(result.init?.status).toBe(500);
    expect(result.data).toEqual({
      ok: false,
      message,
      fields: {},
      values: { name: "Иван", email: "ivan@example.com", phone: "", message: "Здравствуйте" },
    });
  });
});
