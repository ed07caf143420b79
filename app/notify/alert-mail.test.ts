import { describe, expect, it } from "vitest";
import { composeAlertMail, composeConfirmMail } from "./alert-mail";

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
    expect(mail.html).toContain('src="https://sea.example/img/640/upload/properties/a.jpg"');
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
    expect(mail.subject).toBe("Имоти по вашето търсене за деня: 2");
    expect(mail.text).toContain("Намалена цена: Къща до морето");
    expect(mail.text).toContain("Нов имот: Дом <у моря>");
    expect(mail.text).toContain("Цена при запитване");
    expect(mail.text).toContain(`https://sea.example/bg/alerts/unsubscribe/${token}`);
    expect(mail.text).toContain("https://sea.example/bg/properties\n");
  });

  it("the confirmation names the search and the link, and carries no unsubscribe headers", () => {
    const mail = composeConfirmMail({ lang: "bg", publicUrl: "https://sea.example", query: "type=house", token });
    expect(mail.subject).toBe("Потвърдете абонамента за нови имоти");
    expect(mail.text).toContain("https://sea.example/bg/properties?type=house");
    expect(mail.text).toContain(`https://sea.example/bg/alerts/confirm/${token}`);
    expect(mail.headers).toEqual({});
  });
});
