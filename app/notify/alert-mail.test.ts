import { describe, expect, it } from "vitest";
import "~/i18n/all";
import { describeAlertSearch } from "~/i18n/alert-search";
import { alertQuery } from "~/lib/alerts";
import { ALERT_MAIL_MAX_ITEMS, composeAlertMail, composeConfirmMail } from "./alert-mail";

const token = "T".repeat(43);
const property = {
  kind: "new" as const,
  title: "Дом <у моря>",
  title_bg: "Къща до морето",
  price: 185000,
  area: 120,
  bedrooms: 3,
  sea_distance_m: 350,
  images: ["/upload/properties/a.jpg"],
  path: "/созополь/дом",
};

describe("alert mails", () => {
  it("an alert in Russian: photo variant, price, facts, link, one-click unsubscribe headers and body link; HTML escaped", () => {
    const mail = composeAlertMail({ lang: "ru", publicUrl: "https://sea.example", query: "type=house", digest: false, token, properties: [property] });
    expect(mail.subject).toBe("Новый объект по вашему поиску");
    expect(mail.headers).toEqual({
      "List-Unsubscribe": `<https://sea.example/alerts/unsubscribe/${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(mail.text).toContain("Новый объект: Дом <у моря>");
    expect(mail.text).toMatch(/185\s000\s€ · 120 м² · спален: 3 · 350\sм до моря/);
    expect(mail.text).toContain("https://sea.example/%D1%81%D0%BE%D0%B7%D0%BE%D0%BF%D0%BE%D0%BB%D1%8C/%D0%B4%D0%BE%D0%BC");
    expect(mail.text).toContain(`Отписаться от этих писем: https://sea.example/alerts/unsubscribe/${token}`);
    // A JPEG photo as stored, absolute (mail clients do not all show the site's WebP copies).
    expect(mail.html).toContain('src="https://sea.example/upload/properties/a.jpg"');
    expect(mail.html).toContain("Дом &#60;у моря&#62;");
    expect(mail.html).not.toContain("<у моря>");
  });

  it("a Bulgarian digest: Bulgarian title, /bg links, a price cut, price on request", () => {
    const mail = composeAlertMail({
      lang: "bg",
      publicUrl: "https://sea.example",
      query: "",
      digest: true,
      token,
      properties: [
        { ...property, kind: "price_drop" },
        { ...property, title_bg: "", price: null, images: [] },
      ],
    });
    expect(mail.subject).toBe("За деня по Вашето търсене: нови имоти — 1, намалени цени — 1");
    expect(mail.text).toContain("Намалена цена: Къща до морето");
    expect(mail.text).toContain("Нов имот: Дом <у моря>");
    expect(mail.text).toContain("Цена при запитване");
    expect(mail.text).toContain(`https://sea.example/bg/alerts/unsubscribe/${token}`);
    expect(mail.text).toContain("https://sea.example/bg/properties\n");
  });

  it("the confirmation names the search and the link, and carries no unsubscribe headers", () => {
    const mail = composeConfirmMail({ lang: "bg", publicUrl: "https://sea.example", query: "type=house", description: "Созопол · Къща", token });
    expect(mail.subject).toBe("Потвърдете абонамента за нови имоти");
    expect(mail.text).toContain("Созопол · Къща");
    expect(mail.html).toContain("<strong>Созопол · Къща</strong>");
    expect(mail.html).toContain("Потвърдете абонамента</a>");
    expect(mail.text).toContain("https://sea.example/bg/properties?type=house");
    expect(mail.text).toContain(`https://sea.example/bg/alerts/confirm/${token}`);
    expect(mail.headers).toEqual({});
  });

  it("a price cut has its own subject and shows the old price struck through; a WebP photo goes as its JPEG copy", () => {
    const cut = { ...property, kind: "price_drop" as const, price: 170000, was: 185000, images: ["/upload/properties/b.webp"] };
    const ru = composeAlertMail({ lang: "ru", publicUrl: "https://sea.example/", query: "", digest: false, token, properties: [cut] });
    expect(ru.subject).toBe("Снижена цена объекта по вашему поиску");
    expect(ru.html).toMatch(/<s [^>]*>185\s000\s€<\/s> <strong>170\s000\s€<\/strong>/);
    expect(ru.text).toMatch(/170\s000\s€ \(было 185\s000\s€\)/);
    expect(ru.html).toContain('src="https://sea.example/img/jpeg/upload/properties/b.webp.jpg"');
    expect(ru.html).not.toMatch(/\.webp"/);
    const bg = composeAlertMail({ lang: "bg", publicUrl: "https://sea.example", query: "", digest: false, token, properties: [cut, cut] });
    expect(bg.subject).toBe("Намалени цени по Вашето търсене: 2");
    expect(bg.html).toMatch(/<s [^>]*>185\s000\s€<\/s>/);
    expect(bg.text).toContain("(беше 185");
    const both = composeAlertMail({ lang: "ru", publicUrl: "https://sea.example", query: "", digest: true, token, properties: [property, cut, cut] });
    expect(both.subject).toBe("За день по вашему поиску: новых объектов — 1, снижений цены — 2");
  });

  it("lists at most ALERT_MAIL_MAX_ITEMS properties, then how many more with the search's link", () => {
    const many = Array.from({ length: 1600 }, (_, i) => ({ ...property, title: `Дом ${i}`, path: `/x/dom-${i}` }));
    const mail = composeAlertMail({ lang: "ru", publicUrl: "https://sea.example", query: "type=house", digest: false, token, properties: many });
    expect(mail.subject).toBe("Новые объекты по вашему поиску: 1600");
    expect(mail.text).toContain(`Дом ${ALERT_MAIL_MAX_ITEMS - 1}\n`);
    expect(mail.text).not.toContain(`Дом ${ALERT_MAIL_MAX_ITEMS}\n`);
    expect(mail.text).toContain(`И ещё ${1600 - ALERT_MAIL_MAX_ITEMS} объектов по вашему поиску: https://sea.example/properties?type=house`);
    expect(mail.html.length + mail.text.length).toBeLessThan(40_000);
    const bg = composeAlertMail({ lang: "bg", publicUrl: "https://sea.example", query: "", digest: false, token, properties: many.slice(0, 21) });
    expect(bg.text).toContain("И още 1 имот по Вашето търсене: https://sea.example/bg/properties");
  });

  it("describes a search in words in the mail's language, with the listing's labels", () => {
    const { filter } = alertQuery(
      "location=6f1c2a9e-1b2c-4d3e-8f4a-5b6c7d8e9f0a&type=house&price_min=100000&price_max=200000&bedrooms_min=2&sea_distance_max=500&sea_view=1&search=басейн",
    );
    const ru = describeAlertSearch(filter, "ru", "Созополь");
    expect(ru).toMatch(/^Созополь · Дом · цена от 100\s000\s€ до 200\s000\s€ · спален от 2 · до моря не дальше 500\sм · Вид на море · слова «басейн»$/);
    expect(describeAlertSearch(filter, "bg", "Созопол")).toMatch(
      /^Созопол · Къща · цена от 100\s000\s€ до 200\s000\s€ · спални от 2 · до морето не повече от 500\sм · Изглед към морето · думи „басейн“$/,
    );
    expect(describeAlertSearch(alertQuery("").filter, "ru", null)).toBe("Все локации");
    expect(ru).not.toMatch(/6f1c|price_min|=/);
  });
});
