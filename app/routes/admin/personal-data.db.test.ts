import { afterEach, describe, expect, it } from "vitest";
import { ADMIN } from "~/i18n/admin";
import { createContactSubmission, listContactSubmissions } from "~/models/contact-submissions.server";
import { PERSONAL_DATA_MESSAGES } from "~/models/personal-data.server";
import { setLogDestinationForTests, setLogLevel } from "~/platform/log.server";
import { adminFormPoster } from "../../../tests/support/admin-handler";
import { useEmptyTestDatabase } from "../../../tests/support/test-db";
import { action } from "./personal-data";

/**
 * /admin/personal-data (issue 22, GDPR erasure): a count, then the erasure,
 * through the action; bad addresses refused in Russian with nothing deleted;
 * the address never logged. (Who may post here: guard.db.test.ts.)
 */
useEmptyTestDatabase();

type Answer = { data: Record<string, unknown> & { ok: boolean; fields?: Record<string, string> }; init: { status: number } | null };

async function post(fields: Record<string, string>): Promise<Answer> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const request = new Request("http://127.0.0.1/admin/personal-data", { method: "POST", body });
  return (await action({ request, params: {}, context: {} } as unknown as Parameters<typeof action>[0])) as unknown as Answer;
}

afterEach(() => {
  setLogDestinationForTests(null);
  setLogLevel("silent");
});

describe("/admin/personal-data", () => {
  it("counts, then erases every request of the address in one step; the log has counts, not the address", async () => {
    await createContactSubmission({ name: "Анна", email: "anna@example.com", message: "Вопрос" });
    await createContactSubmission({ name: "Анна", email: "Anna@Example.com", message: "Ещё" });
    await createContactSubmission({ name: "Борис", email: "boris@example.com", message: "Вопрос" });

    const asked = await post({ intent: "count", email: "  ANNA@example.com " });
    expect(asked.data).toEqual({ ok: true, step: "confirm", email: "anna@example.com", counts: { requests: 2, subscriptions: 0 } });
    expect(await listContactSubmissions()).toHaveLength(3);

    const lines: string[] = [];
    setLogLevel("info");
    setLogDestinationForTests((line) => lines.push(line));
    const erased = await post({ intent: "erase", email: "anna@example.com" });
    expect(erased.data).toEqual({ ok: true, step: "done", counts: { requests: 2, subscriptions: 0 } });
    expect((await listContactSubmissions()).map((row) => row.email)).toEqual(["boris@example.com"]);
    expect(lines.join("\n")).toContain('"erased":{"requests":2,"subscriptions":0}');
    expect(lines.join("\n")).not.toMatch(/anna/i);
  });

  it("names the counts in Russian", () => {
    const P = ADMIN.personalData;
    expect(P.willErase("anna@example.com", [1, 3, 5, 21].map(P.kinds.requests).join(", "))).toBe(
      "Будет удалено для anna@example.com: 1 заявка, 3 заявки, 5 заявок, 21 заявка.",
    );
  });

  it("refuses a malformed, injected or overlong address with a 400 in Russian and deletes nothing", async () => {
    await createContactSubmission({ name: "Анна", email: "anna@example.com", message: "Вопрос" });
    for (const [email, message] of [
      ["", PERSONAL_DATA_MESSAGES.required],
      ["anna", PERSONAL_DATA_MESSAGES.invalid],
      ["anna@example.com\r\nBcc: everyone@example.com", PERSONAL_DATA_MESSAGES.invalid],
      [`${"a".repeat(5000)}@example.com`, PERSONAL_DATA_MESSAGES.tooLong],
    ] as const) {
      for (const intent of ["count", "erase"]) {
        const answer = await post({ intent, email });
        expect(answer.init?.status, `${intent} ${email.slice(0, 20)}`).toBe(400);
        expect(answer.data.fields).toEqual({ email: message });
      }
    }
    const unknown = await post({ intent: "drop-table", email: "anna@example.com" });
    expect([unknown.init?.status, unknown.data.message]).toEqual([400, ADMIN.genericError]);
    expect(await listContactSubmissions()).toHaveLength(1);
  });

  it("is reachable for a signed-in administrator through the admin routes", async () => {
    const postForm = await adminFormPoster(import.meta.glob(["./*.ts", "./*.tsx", "!./*.test.ts"]), "erase-admin@example.com");
    await createContactSubmission({ name: "Анна", email: "anna@example.com", message: "Вопрос" });
    const response = await postForm("/admin/personal-data", { intent: "erase", email: "anna@example.com" });
    expect(response.status).toBe(200);
    expect(await listContactSubmissions()).toHaveLength(0);
  });
});
