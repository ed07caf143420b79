import { describe, expect, it } from "vitest";
import { alertQuery } from "~/lib/alerts";
import { PRIVACY_NOTICE_VERSION } from "~/lib/privacy";
import { expectModelError } from "../../tests/support/expect-model-error";
import { useEmptyTestDatabase } from "../../tests/support/test-db";
import { countAlertSubscriptionsByEmail, subscribeToAlerts } from "./alerts.server";
import { createContactSubmission, listContactSubmissions } from "./contact-submissions.server";
import { createLocation } from "./locations.server";
import { countPersonalData, erasePersonalData, normalizeErasureEmail, PERSONAL_DATA, PERSONAL_DATA_MESSAGES, totalOf } from "./personal-data.server";
import { createProperty } from "./real-estates.server";

const test = useEmptyTestDatabase();

const request = (email: string, message = "Интересует квартира") => createContactSubmission({ name: "Анна", email, message });
const subscribe = (email: string, query: string) =>
  subscribeToAlerts({ email, lang: "ru", frequency: "daily", ...alertQuery(query), consentVersion: PRIVACY_NOTICE_VERSION });

describe("normalizeErasureEmail", () => {
  it("trims and lowercases an address", () => {
    expect(normalizeErasureEmail("  Anna@Example.COM ")).toBe("anna@example.com");
  });

  it("refuses what is not one e-mail address, with a Russian message on the field", () => {
    for (const bad of ["", "   ", undefined, null, 42, ["a@b.co"], "anna", "anna@example", "a b@example.com"]) {
      expect(() => normalizeErasureEmail(bad), String(bad)).toThrow(/e-mail/);
    }
    // A header injection: a line break and a second header.
    expect(() => normalizeErasureEmail("anna@example.com\r\nBcc: all@example.com")).toThrow(PERSONAL_DATA_MESSAGES.invalid);
    expect(() => normalizeErasureEmail("anna@example.com\u0000")).toThrow(PERSONAL_DATA_MESSAGES.invalid);
    expect(() => normalizeErasureEmail(`${"a".repeat(250)}@example.com`)).toThrow(PERSONAL_DATA_MESSAGES.tooLong);
  });
});

describe("countPersonalData / erasePersonalData", () => {
  it("names every kind it erases (the admin page labels each)", () => {
    expect(PERSONAL_DATA.map((kind) => kind.kind)).toEqual(["requests", "subscriptions"]);
  });

  it("counts and then erases every request of the address, whatever its case, and nothing else", async () => {
    const location = await createLocation({ name: "Равда", image: "/upload/locations/r.jpg" });
    const property = await createProperty({ title: "Студия", description: "У моря", location_id: location.id });
    await request("anna@example.com");
    await request("ANNA@example.com", "Ещё вопрос");
    // A shortlist sent to the agent is a request too.
    await createContactSubmission({ name: "Анна", email: "Anna@Example.com", message: "Подборка" }, { propertyIds: [property.id] });
    await request("boris@example.com");
    await request("anna@example.co");
    await subscribe("Anna@example.com", "rooms=2");
    await subscribe("anna@example.com", "price_max=90000");
    await subscribe("boris@example.com", "rooms=2");

    expect(await countPersonalData(" anna@EXAMPLE.com ")).toEqual({ requests: 3, subscriptions: 2 });
    // Counting changes nothing.
    expect(await listContactSubmissions()).toHaveLength(5);

    const erased = await erasePersonalData("Anna@example.com");
    expect(erased).toEqual({ requests: 3, subscriptions: 2 });
    expect(totalOf(erased)).toBe(5);
    expect(await countAlertSubscriptionsByEmail(test.handle().db, "boris@example.com")).toBe(1);
    expect((await listContactSubmissions()).map((row) => row.email).sort()).toEqual(["anna@example.co", "boris@example.com"]);
    expect(await countPersonalData("anna@example.com")).toEqual({ requests: 0, subscriptions: 0 });
    // Erasing again finds nothing.
    expect(await erasePersonalData("anna@example.com")).toEqual({ requests: 0, subscriptions: 0 });
  });

  it("refuses a malformed address before touching anything", async () => {
    await request("anna@example.com");
    await expectModelError(countPersonalData("anna"), PERSONAL_DATA_MESSAGES.invalid);
    await expectModelError(erasePersonalData("%"), PERSONAL_DATA_MESSAGES.invalid);
    // A LIKE pattern is not a wildcard: the match is equality.
    expect(await erasePersonalData("%@%.%")).toEqual({ requests: 0, subscriptions: 0 });
    expect(await erasePersonalData("_nna@example.com")).toEqual({ requests: 0, subscriptions: 0 });
    expect(await listContactSubmissions()).toHaveLength(1);
  });
});
