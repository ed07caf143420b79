import { describe, expect, it } from "vitest";
import { limitFor } from "./body-limits";

/** Which row of the limits table (docs/limits.md) a request gets. */
describe("limitFor", () => {
  it.each([
    ["POST", "/", "contact form (home)"],
    ["POST", "/bg", "contact form (home)"],
    ["POST", "/bg/", "contact form (home)"],
    // React Router's data requests have the limit of their page.
    ["POST", "/_.data", "contact form (home)"],
    ["POST", "/bg/_.data", "contact form (home)"],
    ["POST", "/sozopol/villa.data", "contact form (property page)"],
    ["POST", "/bg/sozopol/villa", "contact form (property page)"],
    ["POST", "/admin/login", "sign-in form"],
    ["POST", "/admin/login.data", "sign-in form"],
    ["POST", "/admin/upload", "admin image upload"],
    ["POST", "/admin/real-estates/edit/1", "admin pages"],
    ["POST", "/admin/complexes/import", "admin complexes CSV import"],
    ["POST", "/admin/complexes/import.data", "admin complexes CSV import"],
    ["POST", "/admin/complexes/edit/1", "admin pages"],
    ["POST", "/testsupabase.data", "diagnostics pages"],
    // Two path segments, but the API's.
    ["POST", "/rest/v1", "REST API"],
    ["PATCH", "/rest/v1/locations", "REST API"],
    ["POST", "/auth/v1/token", "Auth API"],
    ["POST", "/storage/v1/object/list/images", "Storage API listing"],
    ["PUT", "/storage/v1/object/images/a/b.jpg", "Storage API upload"],
    ["DELETE", "/storage/v1/object/images", "Storage API"],
    ["POST", "/properties", "any other page"],
    ["POST", "/sozopol", "any other page"],
  ])("%s %s → %s", (method, path, name) => {
    expect(limitFor(method, path).name).toBe(name);
  });

  it("holds a maximal valid contact form in 3-byte characters, percent-encoded", () => {
    const form = new URLSearchParams({
      name: "語".repeat(100),
      email: `${"語".repeat(240)}@例え.jp`,
      phone: "+359 88 123 45 67",
      message: "語".repeat(5000),
      website: "",
    });
    expect(new TextEncoder().encode(form.toString()).length).toBeLessThan(limitFor("POST", "/").max);
  });
});
