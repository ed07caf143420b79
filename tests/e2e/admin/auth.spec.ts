import { ADMIN_EMAIL, ADMIN_PASSWORD, expect, freshClient, hydrated, openAdmin, signInByRequest, test } from "./fixtures";

const M = {
  required: "Пожалуйста, введите email и пароль",
  invalid: "Неверный email или пароль",
  limited: "Слишком много попыток входа. Подождите несколько минут и попробуйте снова.",
};

test("an anonymous visit goes to the sign-in page and comes back to the page asked for", async ({ page }) => {
  await page.goto("/admin/real-estates?search=дом");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Freal-estates%3Fsearch%3D/);
  await hydrated(page);
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Пароль").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Войти" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Объекты", exact: true })).toBeVisible();
  expect(decodeURIComponent(new URL(page.url()).search)).toBe("?search=дом");
  await expect(page.getByRole("searchbox")).toHaveValue("дом");
});

test("both fields are required; a wrong password and an unknown e-mail get the same answer", async ({ page }) => {
  await openAdmin(page, "/admin/login");
  const submit = page.getByRole("button", { name: "Войти" });
  await submit.click();
  await expect(page.getByRole("alert")).toHaveText(M.required);
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Пароль").fill("not-the-password");
  await submit.click();
  await expect(page.getByRole("alert")).toHaveText(M.invalid);
  await page.getByLabel("Email").fill("nobody-here@example.com");
  await submit.click();
  await expect(page.getByRole("alert")).toHaveText(M.invalid);
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("the session cookie is HttpOnly and SameSite=Lax; a signed-in visit to /admin/login goes to /admin", async ({ page, request }) => {
  const response = await request.post("/admin/login", { form: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, maxRedirects: 0 });
  const cookie = response.headers()["set-cookie"] ?? "";
  expect(cookie).toMatch(/seaside_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/);
  await page.goto("/admin/login");
  await hydrated(page);
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Пароль").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Войти" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Панель управления", exact: true })).toBeVisible();
  await page.goto("/admin/login");
  await expect(page).toHaveURL(/\/admin$/);
});

test("sign-out ends the session on the server: the old cookie no longer opens anything", async ({ adminPage, clientIp }) => {
  await openAdmin(adminPage, "/admin");
  const [cookie] = await adminPage.context().cookies();
  await adminPage.getByRole("button", { name: "Выйти" }).click();
  await expect(adminPage).toHaveURL(/\/admin\/login$/);
  const request = await freshClient(clientIp);
  const replay = await request.get("/admin", { headers: { Cookie: `seaside_session=${cookie!.value}` }, maxRedirects: 0 });
  expect(replay.status()).toBe(302);
  expect(replay.headers().location).toBe("/admin/login");
});

test("too many failed sign-ins for one account get a temporary 429 with a clear message", async ({ page, request }) => {
  const email = `target-${Date.now()}@example.com`;
  for (let i = 0; i < 10; i++) {
    const r = await request.post("/admin/login", { form: { email, password: "guess" }, maxRedirects: 0 });
    expect(r.status(), `attempt ${i + 1}`).toBe(400);
  }
  const limited = await request.post("/admin/login", { form: { email, password: "guess" }, maxRedirects: 0 });
  expect(limited.status()).toBe(429);
  expect(limited.headers()["retry-after"]).toBeTruthy();
  await openAdmin(page, "/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Пароль").fill("guess");
  await page.getByRole("button", { name: "Войти" }).click();
  await expect(page.getByRole("alert")).toHaveText(M.limited);
  // Another account from elsewhere is not affected.
  expect((await signInByRequest(request)).length).toBe(43);
});
