import { expect, openAdmin, sendVisitorRequest, test, unique } from "./fixtures";

test("screenshots", async ({ adminPage: page, request, clientIp }, info) => {
  const tag = info.project.name;
  await openAdmin(page, "/admin/real-estates");
  await page.screenshot({ path: `/tmp/shots-admin/${tag}-list.png`, fullPage: false });
  await page.getByTestId("featured-panel").screenshot({ path: `/tmp/shots-admin/${tag}-featured.png` });
  await openAdmin(page, "/admin/real-estates/add");
  await page.getByText("На главной показываются первые").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/shots-admin/${tag}-form.png` });
  await openAdmin(page, "/admin/import");
  const extra = Array.from({ length: 36 }, (_, i) => `Доп ${i + 1}`);
  const csv = `reference,title,description,location,${extra.join(",")}\nSH-${unique()},Широкий файл,Описание,Созополь,${extra.map(() => "x").join(",")}\n,,Описание,Нигде,${extra.map(() => "x").join(",")}\n`;
  await page.getByTestId("import-file").setInputFiles({ name: "l.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Проверить", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Будет создано" })).toBeVisible();
  await page.screenshot({ path: `/tmp/shots-admin/${tag}-import.png` });
  await page.getByTestId("import-file").setInputFiles({ name: "w.csv", mimeType: "text/csv", buffer: Buffer.from(Array.from({ length: 1000 }, (_, i) => `c${i}`).join(",")) });
  await page.getByRole("button", { name: "Проверить", exact: true }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await page.screenshot({ path: `/tmp/shots-admin/${tag}-import-wide.png` });
  const name = `Длинный ${unique()}`;
  await sendVisitorRequest(request, clientIp, { name, email: `anna.petrova-ivanova.${unique()}@sozopol-real-estate-agency.example.com`, message: "Позвоните." });
  await openAdmin(page, "/admin/contact-submissions");
  await page.screenshot({ path: `/tmp/shots-admin/${tag}-inbox.png` });
  await page.getByRole("row").filter({ hasText: name }).getByRole("link", { name: `Просмотр: ${name}` }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/shots-admin/${tag}-inbox-dialog.png` });
});
