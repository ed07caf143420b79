import { chromium } from "@playwright/test";
const [, , url, out, width = "390", height = "844", full = "0"] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) }, deviceScaleFactor: 1 });
await page.goto(url, { waitUntil: "networkidle" });
if (process.env.CLICK) await page.getByText(process.env.CLICK, { exact: false }).first().click();
await page.screenshot({ path: out, fullPage: full === "1" });
await browser.close();
