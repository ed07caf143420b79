import type { Locator, Page } from "@playwright/test";
import { location, locationPath, property, propertyPath } from "../fixtures/data";
import { currentPath, expect, isPhone, localize, open, test, type Lang } from "../fixtures/test";
import { T } from "../fixtures/texts";

/**
 * Keyboard use of the public pages (WCAG 2.1.1, 2.4.7): Tab from the top of
 * the page reaches only controls, each shows where focus is, and the main
 * controls (header, language switch, search, cards, gallery, contact form)
 * are reached and work with Enter / Space. axe (a11y.spec) cannot see focus.
 * Desktop only: phones are rarely driven by a keyboard.
 */

test.skip(() => isPhone(), "keyboard use: desktop");

interface Stop {
  /** tag and accessible-ish name, for messages and for finding the main controls. */
  label: string;
  interactive: boolean;
  box: { x: number; y: number; width: number; height: number } | null;
  /** What decides its focus style: tag, classes, and its parent's classes (the cards' links share one). */
  look: string;
}

/** The focused element, or null when focus is on the page itself. */
function focusedStop(page: Page): Promise<(Stop & { index: number }) | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return null;
    // A Tab stop that is not a native control needs a control's role (a focusable <article> is noise).
    const interactive =
      el.matches('a[href], button:enabled, input:enabled:not([type="hidden"]), select:enabled, textarea:enabled, summary') ||
      /^(button|link|checkbox|radio|switch|tab|menuitem|option|slider|spinbutton|textbox|combobox)$/.test(el.getAttribute("role") ?? "");
    const field = el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;
    const name = el.getAttribute("aria-label") ?? (field ? `[name=${el.getAttribute("name")}]` : (el.textContent ?? ""));
    const r = el.getBoundingClientRect();
    // Marks each element once, so a second visit (focus went round) is seen.
    const seen = el.dataset.kbStop;
    if (seen === undefined) el.dataset.kbStop = String(document.querySelectorAll("[data-kb-stop]").length);
    return {
      index: seen === undefined ? -1 : Number(seen),
      label: `${el.tagName.toLowerCase()} ${name.replace(/\s+/g, " ").trim().slice(0, 60)}`,
      interactive,
      box: r.width > 0 && r.height > 0 ? { x: r.x, y: r.y, width: r.width, height: r.height } : null,
      look: `${el.tagName} ${el.className} < ${el.parentElement?.className ?? ""}`,
    };
  });
}

/**
 * Whether focus can be seen: the element and a few pixels around it (outlines
 * sit outside) look different with focus than without. A focus style that is
 * clipped away, has the colour of what is under it, or is missing fails.
 */
async function focusIsVisible(page: Page, box: Stop["box"]): Promise<boolean> {
  if (!box) return false;
  const viewport = page.viewportSize()!;
  const pad = 6;
  const x = Math.max(0, Math.floor(box.x - pad));
  const y = Math.max(0, Math.floor(box.y - pad));
  const clip = {
    x,
    y,
    width: Math.min(viewport.width, Math.ceil(box.x + box.width + pad)) - x,
    height: Math.min(viewport.height, Math.ceil(box.y + box.height + pad)) - y,
  };
  if (clip.width <= 0 || clip.height <= 0) return false;
  // Pictures still arriving would make the two shots differ for another reason.
  await page.waitForFunction(() =>
    [...document.images].every((img) => {
      const r = img.getBoundingClientRect();
      return img.complete || r.bottom < 0 || r.top > innerHeight || r.width === 0;
    }),
  );
  const shot = () => page.screenshot({ clip, animations: "disabled", caret: "hide" });
  const focused = await shot();
  // blur() keeps the sequential focus starting point: the next Tab goes on from here.
  await page.evaluate(() => (document.activeElement as HTMLElement).blur());
  const unfocused = await shot();
  return !focused.equals(unfocused);
}

/** Stops that look alike (same tag and classes, same parent's classes) whose focus is looked at: the rest of them share its style. */
const LOOKED_AT_PER_LOOK = 2;

/**
 * Tabs from the top of the page until focus comes round again; every stop
 * must be a control with a visible focus (looked at in screenshots for the
 * first LOOKED_AT_PER_LOOK stops of each look: a listing's twenty cards share
 * one). Returns the stops' labels.
 */
async function tabThrough(page: Page): Promise<string[]> {
  const labels: string[] = [];
  const problems: string[] = [];
  const lookedAt = new Map<string, number>();
  for (let i = 0; i < 150; i++) {
    await page.keyboard.press("Tab");
    const stop = await focusedStop(page);
    // Focus left the page (browser controls) or came back to a control already seen: one round done.
    if (!stop || stop.index >= 0) break;
    labels.push(stop.label);
    if (!stop.interactive) problems.push(`not a control: ${stop.label}`);
    const seen = lookedAt.get(stop.look) ?? 0;
    if (seen >= LOOKED_AT_PER_LOOK && stop.box) continue;
    lookedAt.set(stop.look, seen + 1);
    if (!(await focusIsVisible(page, stop.box))) problems.push(`no visible focus: ${stop.label}`);
  }
  expect(labels.length, "Tab stops").toBeGreaterThan(5);
  expect(problems, `Tab stops: ${labels.join(" | ")}`).toEqual([]);
  return labels;
}

/** Presses Tab until `target` has focus (fails when it never gets it). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target, "reached with Tab").toBeFocused({ timeout: 1 });
}

function expectStops(labels: string[], expected: (string | RegExp)[]) {
  for (const want of expected) {
    const found = labels.some((label) => (typeof want === "string" ? label.includes(want) : want.test(label)));
    expect(found, `a Tab stop like ${String(want)} among: ${labels.join(" | ")}`).toBe(true);
  }
}

const HEADER = (lang: Lang) => [`a ${T[lang].nav.home}`, `a ${T[lang].nav.properties}`, /^a ru$/, /^a bg$/];
const CONTACT_FORM = (lang: Lang) => [
  "input [name=name]",
  "input [name=email]",
  "input [name=phone]",
  "textarea [name=message]",
  `button ${T[lang].contact.submit}`,
];

test("home (bg): every Tab stop is a control with visible focus; header, search, location cards, contact form reached", async ({ page }) => {
  await open(page, localize("bg", "/"));
  const labels = await tabThrough(page);
  const t = T.bg;
  expectStops(labels, [
    ...HEADER("bg"),
    "select [name=location]",
    "select [name=type]",
    `button ${t.home.searchSubmit}`,
    new RegExp(`^a ${location("testograd").name_bg}`),
    ...CONTACT_FORM("bg"),
  ]);
});

test("listing (ru): every Tab stop is a control with visible focus; filters, cards' links and pages reached", async ({ page }) => {
  await open(page, "/properties");
  const labels = await tabThrough(page);
  const t = T.ru;
  expectStops(labels, [
    ...HEADER("ru"),
    "input [name=search]",
    "select [name=sort]",
    "select [name=location]",
    `button ${t.listing.searchSubmit}`,
    `a ${t.listing.types.house}`,
    `a ${t.card.more}: ${property("alpha").title}`,
    `a ${t.listing.page(2)}`,
  ]);
});

test("property (ru): every Tab stop is a control with visible focus; gallery, contact links and form reached", async ({ page }) => {
  const alpha = property("alpha");
  await open(page, propertyPath(alpha));
  const labels = await tabThrough(page);
  const t = T.ru;
  expectStops(labels, [
    ...HEADER("ru"),
    `button ${t.gallery.open}`,
    `button ${t.gallery.previous}`,
    `button ${t.gallery.next}`,
    `button ${t.gallery.thumbnail(3)}`,
    `a ${t.property.call}`,
    ...CONTACT_FORM("ru"),
    new RegExp(`^a ${t.card.more}: `),
  ]);
});

test("location (bg): every Tab stop is a control with visible focus; the picture and the cards reached", async ({ page }) => {
  const testograd = location("testograd");
  await open(page, locationPath(testograd, "bg"));
  const labels = await tabThrough(page);
  expectStops(labels, [...HEADER("bg"), `button ${T.bg.location.openImage}`, new RegExp(`^a ${T.bg.card.more}: `)]);
});

test("keyboard alone (bg): search from home, open a card, browse the gallery, send the empty form, switch language", async ({ page }) => {
  const t = T.bg;
  await open(page, localize("bg", "/"));
  const type = page.getByRole("combobox", { name: t.home.searchType });
  await tabTo(page, type);
  // On a closed select ↓ picks the next option (the first is 'any type').
  await page.keyboard.press("ArrowDown");
  await expect(type).toHaveValue("apartment");
  await tabTo(page, page.getByRole("button", { name: t.home.searchSubmit }));
  await page.keyboard.press("Enter");
  await expect.poll(() => currentPath(page)).toBe(localize("bg", "/properties?type=apartment"));

  const alpha = property("alpha");
  const title = alpha.title_bg!;
  await expect(page.getByRole("heading", { level: 1, name: t.listing.title })).toBeVisible();
  await tabTo(page, page.getByRole("link", { name: `${t.card.more}: ${title}` }));
  await page.keyboard.press("Enter");
  await expect.poll(() => currentPath(page)).toBe(propertyPath(alpha, "bg"));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  const main = page.getByRole("main");
  const counter = main.getByText(/^\d+ \/ \d+$/);
  await expect(counter).toHaveText("1 / 3");
  await tabTo(page, main.getByRole("button", { name: t.gallery.next }));
  await page.keyboard.press("Space");
  await expect(counter).toHaveText("2 / 3");
  await page.keyboard.press("Enter");
  await expect(counter).toHaveText("3 / 3");
  await tabTo(page, main.getByRole("button", { name: t.gallery.thumbnail(1) }));
  await page.keyboard.press("Enter");
  await expect(counter).toHaveText("1 / 3");
  // The big picture opens the full-screen viewer; Escape closes it.
  await page.keyboard.press("Shift+Tab");
  const opener = main.getByRole("button", { name: t.gallery.open });
  for (let i = 0; i < 6 && !(await opener.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Shift+Tab");
  await expect(opener).toBeFocused();
  await page.keyboard.press("Enter");
  const viewer = page.getByRole("dialog", { name: title });
  await expect(viewer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();

  // The contact form's button sends with Enter; the empty form names what is missing.
  await tabTo(page, main.getByRole("button", { name: t.contact.submit }));
  await page.keyboard.press("Enter");
  await expect(main.getByText(t.contact.nameRequired)).toBeVisible();

  // The language switch, from the keyboard, back at the top.
  await page.keyboard.press("Control+Home");
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await tabTo(page, page.getByRole("group", { name: t.nav.language }).getByRole("link", { name: "ru" }));
  await page.keyboard.press("Enter");
  await expect.poll(() => currentPath(page)).toBe(propertyPath(alpha, "ru"));
  await expect(page.getByRole("heading", { level: 1, name: alpha.title })).toBeVisible();
});

test("keyboard alone (ru): the header's Objects link and a location card open with Enter", async ({ page }) => {
  await open(page, "/");
  await tabTo(page, page.getByRole("navigation", { name: T.ru.nav.label }).getByRole("link", { name: T.ru.nav.properties }));
  await page.keyboard.press("Enter");
  await expect.poll(() => currentPath(page)).toBe("/properties");
  await open(page, "/");
  const testograd = location("testograd");
  await tabTo(page, page.getByRole("link", { name: new RegExp(`^${testograd.name}`) }));
  await page.keyboard.press("Enter");
  await expect.poll(() => currentPath(page)).toBe(locationPath(testograd));
});
