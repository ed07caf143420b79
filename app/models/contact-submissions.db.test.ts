import { describe, expect, it } from "vitest";
import { expectModelError } from "../../tests/support/expect-model-error";
import { useEmptyTestDatabase } from "../../tests/support/test-db";
import {
  countContactSubmissions,
  createContactSubmission,
  deleteContactSubmission,
  getContactSubmission,
  listContactSubmissions,
  markContactSubmissionRead,
} from "./contact-submissions.server";
import { createLocation } from "./locations.server";
import { createProperty, deleteProperty } from "./real-estates.server";

useEmptyTestDatabase();

const valid = { name: "Анна", email: "anna@example.com", message: "Интересует квартира" };

describe("createContactSubmission", () => {
  it("stores an unread request with an empty phone by default and an ISO timestamp", async () => {
    const row = await createContactSubmission({ ...valid, name: "  Анна  " });
    expect(row).toMatchObject({ name: "Анна", email: "anna@example.com", phone: "", message: "Интересует квартира", isread: false });
    expect(new Date(row.created_at).toISOString()).toBeTruthy();
  });

  it("checks the fields with SPEC §5's Russian messages; whitespace counts as empty", async () => {
    const e = await expectModelError(createContactSubmission({ name: " ", email: "", message: "   " }), "Имя обязательно");
    expect(e.fields).toEqual({ name: "Имя обязательно", email: "Email обязателен", message: "Сообщение обязательно" });
    await expectModelError(createContactSubmission({ ...valid, email: "anna@example" }), "Пожалуйста, введите действительный email");
    await expectModelError(createContactSubmission({ ...valid, email: "anna example.com" }), "Пожалуйста, введите действительный email");
    await expectModelError(createContactSubmission({ ...valid, name: undefined }), "Имя обязательно");
    await expectModelError(createContactSubmission(null), "Имя обязательно");
    expect(await listContactSubmissions()).toHaveLength(0);
  });

  it("answers in Bulgarian on Bulgarian pages", async () => {
    const e = await expectModelError(createContactSubmission({ name: "", email: "x", message: "" }, { lang: "bg" }), "Името е задължително");
    expect(e.fields).toEqual({
      name: "Името е задължително",
      email: "Моля, въведете валиден имейл",
      message: "Съобщението е задължително",
    });
  });

  it("accepts an optional phone and refuses nonsense in it", async () => {
    expect((await createContactSubmission({ ...valid, phone: "+359 888 123 456" })).phone).toBe("+359 888 123 456");
    await expectModelError(createContactSubmission({ ...valid, phone: "позвоните мне" }), "Пожалуйста, введите действительный номер телефона");
  });

  it("refuses over-long input instead of storing it", async () => {
    await expectModelError(createContactSubmission({ ...valid, message: "я".repeat(5001) }), "Сообщение слишком длинное (не более 5000 символов)");
  });

  it("records the property it is about; an unknown one is dropped, the request kept", async () => {
    const location = await createLocation({ name: "Равда", image: "/upload/locations/r.jpg" });
    const property = await createProperty({ title: "Студия", description: "У моря", location_id: location.id });
    expect((await createContactSubmission(valid, { propertyId: property.id })).property_id).toBe(property.id);
    expect((await createContactSubmission(valid, { propertyId: "00000000-0000-4000-8000-000000000000" })).property_id).toBeNull();
    // Deleting the listing keeps the request.
    await deleteProperty(property.id);
    const all = await listContactSubmissions();
    expect(all).toHaveLength(2);
    expect(all.every((r) => r.property_id === null)).toBe(true);
  });
});

describe("the inbox", () => {
  it("lists newest first, filters unread, marks read with no way back, deletes", async () => {
    const first = await createContactSubmission({ ...valid, name: "Первый" });
    await new Promise((r) => setTimeout(r, 10));
    const second = await createContactSubmission({ ...valid, name: "Второй" });
    expect((await listContactSubmissions()).map((r) => r.name)).toEqual(["Второй", "Первый"]);
    expect(await countContactSubmissions()).toEqual({ total: 2, unread: 2 });

    expect((await markContactSubmissionRead(first.id))!.isread).toBe(true);
    expect((await markContactSubmissionRead(first.id))!.isread).toBe(true);
    expect((await listContactSubmissions({ unreadOnly: true })).map((r) => r.id)).toEqual([second.id]);
    expect(await countContactSubmissions()).toEqual({ total: 2, unread: 1 });

    expect(await deleteContactSubmission(second.id)).toBe(true);
    expect(await deleteContactSubmission(second.id)).toBe(false);
    expect(await getContactSubmission(second.id)).toBeNull();
    expect(await listContactSubmissions({ limit: 5 })).toHaveLength(1);
  });

  it("answers unknown or malformed ids without failing", async () => {
    expect(await markContactSubmissionRead("00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await markContactSubmissionRead("1 or 1=1")).toBeNull();
    expect(await deleteContactSubmission({})).toBe(false);
    expect(await getContactSubmission(undefined)).toBeNull();
  });
});
