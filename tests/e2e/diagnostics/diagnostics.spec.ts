import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD, expect, freshClient, hydrated, openAdmin, photo, signInByRequest, test } from "../admin/fixtures";

/**
 * The diagnostics pages (SPEC §2, §4, §8; DESIGN §7): reachable without
 * sign-in, read checks for everyone, write tests for administrators only
 * (anonymous: a clear refusal and the storage policy 'restricted').
 * They run in the "admin" project, against the server whose data the tests may change.
 */
const NEEDS_ADMIN = "Sign in as an administrator to run write tests";

async function expectAccessible(page: Page, what: string) {
  await hydrated(page);
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = blocking.map((v) => `${v.id} [${v.impact}] ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(report, `${what}: serious or critical axe violations`).toEqual([]);
}

/** What the page must never show: secrets, server paths, stack traces. */
async function expectNoSecrets(page: Page) {
  const html = await page.content();
  expect(html).not.toContain(ADMIN_PASSWORD);
  expect(html).not.toContain(process.env.E2E_ADMIN_DATA_DIR!);
  expect(html).not.toMatch(/\bat .+\.(js|ts):\d+/);
}

async function expectHead(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await expect(page.locator("main")).toHaveAttribute("lang", "en");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
}

const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

async function expectStatus(page: Page, name: string, status: string, text?: string | RegExp) {
  const region = section(page, name);
  await expect(region.getByTestId("status")).toHaveText(status);
  if (text) await expect(region.getByText(text).first()).toBeVisible();
}

/** Records the next browser alert and accepts it. */
function nextAlert(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once("dialog", (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
}

async function expectLoadableImage(page: Page, request: APIRequestContext, region: ReturnType<typeof section>, alt: string): Promise<string> {
  const link = region.getByRole("link", { name: /^\/upload\/properties\/properties-\d+-[a-z0-9]+\.jpg$/ });
  await expect(link).toBeVisible();
  const url = (await link.textContent())!;
  const preview = region.getByRole("img", { name: alt });
  await expect(preview).toHaveAttribute("src", url);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/jpeg");
  void page;
  return url;
}

test.describe("anonymous visitor", () => {
  test("/testsupabase: read checks pass, write tests are refused", async ({ page }) => {
    const response = await page.goto("/testsupabase");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    await hydrated(page);
    await expectHead(page);
    await expect(page.getByRole("heading", { level: 1, name: "Connection diagnostics" })).toBeVisible();

    await expectStatus(page, "Authentication", "success", "Not signed in (anonymous visitor)");
    await expectStatus(page, "Database", "success", /^Connected: /);
    await expectStatus(page, "Storage", "success", "Found 1 bucket(s); bucket images is available");
    await expect(section(page, "Storage").getByText("images (public) — target bucket")).toBeVisible();
    await expectStatus(page, "Data contexts", "success", "Data loaded");
    const counts = section(page, "Data contexts").getByRole("definition");
    await expect(counts).toHaveCount(3);
    for (const value of await counts.allTextContents()) expect(value).toMatch(/^\d+$/);

    await expectStatus(page, "Direct storage test", "pending");
    await section(page, "Direct storage test").getByRole("button", { name: "Run Direct Test" }).click();
    await expectStatus(page, "Direct storage test", "error", NEEDS_ADMIN);

    const imageTest = section(page, "Image upload/delete test");
    await imageTest.getByLabel("Image file").setInputFiles(await photo("anonymous.jpg"));
    await imageTest.getByRole("button", { name: "Upload Image" }).click();
    await expect(imageTest.getByRole("alert")).toHaveText(NEEDS_ADMIN);
    await expect(imageTest.getByRole("img")).toHaveCount(0);
    await imageTest.getByRole("button", { name: "Delete Image" }).click();
    await expect(imageTest.getByRole("alert")).toHaveText(NEEDS_ADMIN);
    await expect(imageTest.getByTestId("status")).toHaveText("error");

    await expectNoSecrets(page);
    await expectAccessible(page, "/testsupabase anonymous");
  });

  test("/test-storage: buckets listed, policy restricted, upload refused", async ({ page, clientIp }) => {
    const response = await page.goto("/test-storage");
    expect(response?.status()).toBe(200);
    await hydrated(page);
    await expectHead(page);

    await expectStatus(page, "Status", "success", "Found 1 bucket(s); bucket images is available");
    await expect(section(page, "Status").getByText("Target bucket: images")).toBeVisible();
    await expect(section(page, "Buckets").getByRole("listitem")).toHaveText(["images (public) — target bucket"]);
    const policy = section(page, "Storage policy");
    await expect(policy.getByTestId("policy")).toHaveText("restricted");
    await expect(policy.getByText("Anonymous upload test failed: only an administrator may upload, change or remove files")).toBeVisible();

    // 'restricted' is the truth: the storage API refuses an anonymous upload.
    const anonymous = await freshClient(clientIp);
    const refused = await anonymous.post("/storage/v1/object/images/properties/diagnostics-probe.txt", {
      headers: { "Content-Type": "text/plain" },
      data: "probe",
    });
    expect(refused.status()).toBe(403);
    await anonymous.dispose();

    const upload = section(page, "Direct upload");
    await upload.getByLabel("File to upload").setInputFiles(await photo("anonymous-storage.jpg"));
    await upload.getByRole("button", { name: "Upload", exact: true }).click();
    await expectStatus(page, "Status", "error", `Upload failed: ${NEEDS_ADMIN}`);
    await expect(upload.getByRole("img")).toHaveCount(0);

    // Refresh reads the buckets again.
    const before = await section(page, "Status").locator("time").getAttribute("datetime");
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(section(page, "Status").locator("time")).not.toHaveAttribute("datetime", before!);

    await expectNoSecrets(page);
    await expectAccessible(page, "/test-storage anonymous");
  });
});

test.describe("signed-in administrator", () => {
  test("/testsupabase: direct test, image upload and delete", async ({ adminPage: page, request }) => {
    await openAdmin(page, "/testsupabase");
    await expectStatus(page, "Authentication", "success", `Signed in as ${ADMIN_EMAIL}`);

    await section(page, "Direct storage test").getByRole("button", { name: "Run Direct Test" }).click();
    await expectStatus(page, "Direct storage test", "success", /^Direct storage test passed: upload, head, download and remove/);

    const imageTest = section(page, "Image upload/delete test");
    // No file chosen: the browser alert, and the same words on the page.
    const alert = nextAlert(page);
    await imageTest.getByRole("button", { name: "Upload Image" }).click();
    expect(await alert).toBe("Please select a file first");
    await expect(imageTest.getByRole("alert")).toHaveText("Please select a file first");

    // Nothing uploaded yet.
    await imageTest.getByRole("button", { name: "Delete Image" }).click();
    await expect(imageTest.getByRole("alert")).toHaveText("No image to delete");

    await imageTest.getByLabel("Image file").setInputFiles(await photo("diagnostics.jpg"));
    await imageTest.getByRole("button", { name: "Upload Image" }).click();
    await expect(imageTest.getByRole("status").getByText("Image uploaded")).toBeVisible();
    await expect(imageTest.getByTestId("status")).toHaveText("success");
    const url = await expectLoadableImage(page, request, imageTest, "Uploaded test image");
    await expectAccessible(page, "/testsupabase with an uploaded image");

    await imageTest.getByRole("button", { name: "Delete Image" }).click();
    await expect(imageTest.getByRole("status").getByText("Image deleted")).toBeVisible();
    await expect(imageTest.getByRole("img")).toHaveCount(0);
    expect((await request.get(url)).status()).toBe(404);

    // Deleting again: nothing left to delete.
    await imageTest.getByRole("button", { name: "Delete Image" }).click();
    await expect(imageTest.getByRole("alert")).toHaveText("No image to delete");

    // Run All Tests Again re-runs the read checks.
    const before = await page.locator("main > p time").getAttribute("datetime");
    await page.getByRole("button", { name: "Run All Tests Again" }).click();
    await expect(page.locator("main > p time")).not.toHaveAttribute("datetime", before!);
    await expectStatus(page, "Database", "success");
    await expectNoSecrets(page);
  });

  test("/test-storage: upload with URL and preview; the anonymous policy stays restricted", async ({ adminPage: page, request }) => {
    await openAdmin(page, "/test-storage");
    const policy = section(page, "Storage policy");
    await expect(policy.getByTestId("policy")).toHaveText("restricted");
    await expect(policy.getByText(`Signed in as ${ADMIN_EMAIL}: administrator uploads work, anonymous uploads are refused (policy restricted).`)).toBeVisible();

    const upload = section(page, "Direct upload");
    const alert = nextAlert(page);
    await upload.getByRole("button", { name: "Upload", exact: true }).click();
    expect(await alert).toBe("Please select a file first");
    await expectStatus(page, "Status", "error", "Please select a file first");

    await upload.getByLabel("File to upload").setInputFiles(await photo("storage.jpg", { color: "#cc8833" }));
    await upload.getByRole("button", { name: "Upload", exact: true }).click();
    await expectStatus(page, "Status", "success", "Image uploaded");
    await expectLoadableImage(page, request, upload, "Uploaded file preview");
    await expectAccessible(page, "/test-storage with an uploaded file");
  });

  test("the forms work without JavaScript: the server checks them too", async ({ clientIp }) => {
    const client = await freshClient(clientIp);
    const post = async (form: Record<string, string>) => {
      const response = await client.post("/testsupabase", { multipart: form });
      expect(response.status()).toBe(200);
      return response.text();
    };
    // Anonymous: refused before anything is written.
    expect(await post({ intent: "delete", path: "properties/properties-1700000000000-abcdefgh.jpg" })).not.toContain("Image path not found");

    await signInByRequest(client);
    expect(await post({ intent: "upload" })).toContain("Please select a file first");
    expect(await post({ intent: "delete", path: "" })).toContain("No image to delete");
    for (const path of ["properties/properties-1700000000000-abcdefgh.jpg", "../../etc/passwd", "diagnostics/x.txt"]) {
      expect(await post({ intent: "delete", path }), path).toContain("Image path not found");
    }
    expect(await post({ intent: "direct" })).toContain("Direct storage test passed");
    await client.dispose();
  });
});
