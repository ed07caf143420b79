import { describe, expect, it } from "vitest";
import type { ZodError } from "zod";
import { contactSchema, isEmailAddress } from "./contact";
import { fieldErrors } from "./fields";
import { locationCreateSchema, locationUpdateSchema } from "./location";
import { loginSchema } from "./login";
import { propertyCreateSchema, propertyFormSchema } from "./property";

const errorsOf = (result: { success: boolean; error?: ZodError }) => (result.success ? {} : fieldErrors(result.error!));

describe("location schemas (SPEC §5)", () => {
  it("requires a name and, on create, an image", () => {
    expect(errorsOf(locationCreateSchema.safeParse({ name: " ", image: "" }))).toEqual({
      name: "Название обязательно",
      image: "Изображение обязательно",
    });
  });
  it("prefixes a relative image path with /", () => {
    expect(locationCreateSchema.parse({ name: "Равда", image: "upload/x.jpg" }).image).toBe("/upload/x.jpg");
  });
  it("update accepts any subset", () => {
    expect(locationUpdateSchema.parse({ name_bg: "Равда" })).toEqual({ name_bg: "Равда" });
  });
});

describe("property form schema (SPEC §5)", () => {
  const valid = {
    title: "Квартира",
    description: "Описание",
    location_id: "7d3f7c1e-8b1a-4c1e-9f7a-1a2b3c4d5e6f",
    price: "95000",
    images: ["/upload/properties/a.jpg"],
    property_type: "apartment",
  };

  it("accepts a complete form", () => {
    expect(propertyFormSchema.parse(valid)).toMatchObject({ price: 95000, property_type: "apartment", title_bg: "" });
  });

  it("shows each of SPEC's messages where they belong", () => {
    expect(errorsOf(propertyFormSchema.safeParse({ title: "  ", description: " ", location_id: "", price: "", images: [], property_type: "" }))).toEqual({
      title: "Название объекта обязательно",
      description: "Описание обязательно",
      location_id: "Пожалуйста, выберите локацию",
      price: "Цена обязательна",
      images: "Хотя бы одно изображение обязательно",
      property_type: "Пожалуйста, выберите тип объекта",
    });
  });

  it("a floor above the building's top floor is named with the other errors, on the first save (issue 30)", () => {
    const errors = errorsOf(propertyFormSchema.safeParse({ ...valid, price: "", floor: "7", floors_total: "5" }));
    expect(errors).toEqual({ price: "Цена обязательна", floor: "Этаж не может быть выше этажности здания" });
    // A field that is itself wrong (a floor that is not a number) is not compared.
    expect(errorsOf(propertyFormSchema.safeParse({ ...valid, price: "", floor: "x", floors_total: "5" })).floor).toBe(
      "Этаж — целое число от −2 до 100 (цокольный — 0)",
    );
  });

  it("price must be a number greater than 0", () => {
    for (const price of ["0", "-10", "abc", "1e5", 0, -1]) {
      expect(errorsOf(propertyFormSchema.safeParse({ ...valid, price })).price).toBe("Пожалуйста, введите действительную цену");
    }
    expect(propertyFormSchema.parse({ ...valid, price: "150 000,50" }).price).toBe(150000.5);
  });

  it("the data layer is more lenient: no price, no images, apartment by default", () => {
    expect(propertyCreateSchema.parse({ title: "T", description: "D", location_id: "x" })).toMatchObject({
      price: null,
      area: null,
      images: [],
      property_type: "apartment",
      title_bg: "",
      description_bg: "",
    });
  });
});

describe("contact schema (SPEC §5)", () => {
  it("requires name, email and message; phone optional", () => {
    expect(errorsOf(contactSchema("ru").safeParse({ name: "", email: " ", message: "" }))).toEqual({
      name: "Имя обязательно",
      email: "Email обязателен",
      message: "Сообщение обязательно",
    });
    expect(contactSchema().parse({ name: "А", email: "a@b.co", message: "Привет" }).phone).toBe("");
  });

  it("email must be text @ text . text", () => {
    for (const email of ["a@b", "ab.c", "a @b.c", "@b.c", "a@.c"]) {
      expect(errorsOf(contactSchema().safeParse({ name: "А", email, message: "М" })).email).toBe("Пожалуйста, введите действительный email");
    }
    expect(contactSchema().safeParse({ name: "А", email: "anna.k@mail.bg", message: "М" }).success).toBe(true);
  });

  it("email's local part is at most 64 octets (RFC 5321), counted in UTF-8, in the page's language", () => {
    expect(contactSchema().safeParse({ name: "А", email: `${"a".repeat(64)}@mail.bg`, message: "М" }).success).toBe(true);
    expect(errorsOf(contactSchema().safeParse({ name: "А", email: `${"a".repeat(65)}@mail.bg`, message: "М" })).email).toBe(
      "Пожалуйста, введите действительный email",
    );
    // 33 Cyrillic letters are 66 octets.
    expect(errorsOf(contactSchema("bg").safeParse({ name: "А", email: `${"я".repeat(33)}@mail.bg`, message: "М" })).email).toBe("Моля, въведете валиден имейл");
    expect(isEmailAddress(`${"a".repeat(64)}@example.com`)).toBe(true);
    expect(isEmailAddress(`${"a".repeat(65)}@example.com`)).toBe(false);
  });
});

describe("login schema", () => {
  it("asks for both e-mail and password, with one message on each", () => {
    const askBoth = "Пожалуйста, введите email и пароль";
    expect(errorsOf(loginSchema.safeParse({ email: "", password: "" }))).toEqual({ email: askBoth, password: askBoth });
  });
});

describe("control characters in free text (NUL never reaches SQL)", () => {
  const contact = { name: "Анна", email: "anna@mail.bg", phone: "+359 88 123 4567", message: "Здравейте" };

  it("the contact form refuses NUL and other C0 controls in every field, in the page's language", () => {
    for (const field of ["name", "email", "phone", "message"] as const) {
      for (const bad of ["\u0000", "\u0001", "\u001b", "\u000b", "\ud800"]) {
        const value = field === "email" ? `a${bad}@b.cd` : field === "phone" ? `+359${bad}881234` : `А${bad}Б`;
        expect(errorsOf(contactSchema("ru").safeParse({ ...contact, [field]: value }))[field], `${field} ${JSON.stringify(bad)}`).toBe(
          "Текст содержит недопустимые символы",
        );
        expect(errorsOf(contactSchema("bg").safeParse({ ...contact, [field]: value }))[field]).toBe("Текстът съдържа недопустими символи");
      }
    }
  });

  it("tab, line breaks and emoji stay allowed", () => {
    const message = "Здравейте,\r\n\tинтересува ме апартаментът 🏖️\nБлагодаря";
    expect(contactSchema("bg").parse({ ...contact, message }).message).toBe(message);
  });

  it("administrator forms refuse them in Russian: names, titles, descriptions, features", () => {
    expect(errorsOf(locationCreateSchema.safeParse({ name: "Равда\u0000", image: "/upload/x.jpg" })).name).toBe("Текст содержит недопустимые символы");
    expect(errorsOf(locationUpdateSchema.safeParse({ name_bg: "Равда\u0000" })).name_bg).toBe("Текст содержит недопустимые символы");
    const property = { title: "Квартира", description: "Описание", location_id: "x" };
    for (const field of ["title", "title_bg", "description", "description_bg"]) {
      expect(errorsOf(propertyCreateSchema.safeParse({ ...property, [field]: "a\u0000b" }))[field], field).toBe("Текст содержит недопустимые символы");
    }
    expect(errorsOf(propertyCreateSchema.safeParse({ ...property, features: ["Балкон", "Бассейн\u0000"] })).features).toBe(
      "Текст содержит недопустимые символы",
    );
    expect(errorsOf(propertyCreateSchema.safeParse({ ...property, images: ["/upload/a\u0000.jpg"] })).images).toBe("Неверный адрес изображения");
  });

  it("the sign-in e-mail refuses them", () => {
    expect(errorsOf(loginSchema.safeParse({ email: "admin\u0000@example.com", password: "x" })).email).toBe("Текст содержит недопустимые символы");
  });
});
