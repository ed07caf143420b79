import { describe, expect, it } from "vitest";
import { readContentVersion } from "~/db/content-version.server";
import { expectModelError } from "../../tests/support/expect-model-error";
import { useTempImageStore } from "../../tests/support/temp-image-store";
import { resetDatabase, useTestDatabase } from "../../tests/support/test-db";
import { AGENT_CARD_MESSAGES, getAgentCard, languageName, saveAgentCard } from "./agent-card.server";
import { removeImagesIfUnused } from "./image-references.server";

/** The agent card (issue 22): one row, validated; its photo is kept by the image clean-up while shown, removed when replaced. */
const test = useTestDatabase();
const { store, cacheDir } = useTempImageStore(test, "agent-card", { asDataDir: true });

let counter = 0;
async function upload(): Promise<{ key: string; url: string }> {
  const key = `properties/properties-1700000000000-agent${String(++counter).padStart(4, "0")}.jpg`;
  await store.put(key, new Uint8Array([0xff, 0xd8, 0xff, 0xe0, counter & 0xff]), { contentType: "image/jpeg" });
  return { key, url: store.publicUrl(key) };
}

describe("agent card", () => {
  it("reads as empty before anything is saved, then as saved; languages in the list's order, repeats once", async () => {
    await resetDatabase(test.handle());
    expect(await getAgentCard()).toEqual({ name: "", languages: [], photo: null });
    const before = await readContentVersion();
    const photo = await upload();
    await saveAgentCard({ name: "  Елена Стоянова ", languages: ["en", "ru", "en", "bg"], photo: photo.url });
    expect(await getAgentCard()).toEqual({ name: "Елена Стоянова", languages: ["ru", "bg", "en"], photo: photo.url });
    // Cached pages show the card: saving it makes them stale.
    expect(await readContentVersion()).not.toBe(before);
    // One language arrives as a plain string from a form with one box ticked.
    await saveAgentCard({ name: "", languages: "de", photo: "" });
    expect(await getAgentCard()).toEqual({ name: "", languages: ["de"], photo: null });
    expect(languageName("de", "ru")).toBe("немецкий");
    expect(languageName("de", "bg")).toBe("немски");
  });

  it("refuses bad input with the field's Russian message and keeps what was saved", async () => {
    await resetDatabase(test.handle());
    await saveAgentCard({ name: "Мария", languages: ["ru"] });
    const name = await expectModelError(saveAgentCard({ name: "я".repeat(101) }), AGENT_CARD_MESSAGES.nameTooLong);
    expect(name.fields).toEqual({ name: AGENT_CARD_MESSAGES.nameTooLong });
    await expectModelError(saveAgentCard({ name: "Мария\r\nBcc: x@example.com" }), AGENT_CARD_MESSAGES.nameInvalid);
    await expectModelError(saveAgentCard({ name: "Мария", languages: ["ru", "xx"] }), AGENT_CARD_MESSAGES.languages);
    await expectModelError(saveAgentCard({ name: "Мария", languages: [{}] }), AGENT_CARD_MESSAGES.languages);
    for (const photo of ["https://evil.example/a.jpg", "javascript:alert(1)", "/upload/../db/x", "/assets/logo.png"]) {
      await expectModelError(saveAgentCard({ name: "Мария", photo }), AGENT_CARD_MESSAGES.photo);
    }
    expect(await getAgentCard()).toEqual({ name: "Мария", languages: ["ru"], photo: null });
  });

  it("keeps the shown photo through the clean-up and removes a replaced one", async () => {
    await resetDatabase(test.handle());
    const first = await upload();
    const second = await upload();
    await saveAgentCard({ name: "Мария", photo: first.url });
    // The orphan sweep asks the same question: the card's photo is in use.
    expect(await removeImagesIfUnused([first.url], { cacheDir })).toEqual([]);
    expect(await store.head(first.key)).not.toBeNull();
    await saveAgentCard({ name: "Мария", photo: second.url });
    expect(await store.head(first.key)).toBeNull();
    expect(await store.head(second.key)).not.toBeNull();
  });
});
