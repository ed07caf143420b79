/**
 * The demo listings' English texts (issue 31): written from the same
 * attributes as the Russian and Bulgarian ones (texts.ts), in English word
 * order and idiom rather than translated, with their own random stream so
 * the Russian and Bulgarian texts stay exactly as they were. A share of
 * listings has none, as on a real site where the agent has not written
 * English for every property yet (the English page then shows the Russian).
 */
import { chance, pick, rngFor, type Rng } from "./random";
import { someFeatures, type DemoAttributes } from "./texts";

/** Share of listings without English texts. */
export const NO_ENGLISH_SHARE = 0.25;

/** The default places in English: "in Sozopol" and a line about each. */
const PLACES_EN: Record<string, { name: string; flavour: readonly string[] }> = {
  Созополь: {
    name: "Sozopol",
    flavour: [
      "The Old Town with its wooden houses, galleries and fishing harbour is a few minutes away.",
      "Sozopol is one of the prettiest towns on the coast, with two bays, the Central Beach and Harmanite Beach.",
      "The Apollonia arts festival fills the town in summer, and it stays lively and welcoming in winter.",
    ],
  },
  Черноморец: {
    name: "Chernomorets",
    flavour: [
      "Chernomorets is a quiet village between Burgas and Sozopol, with a pine forest and a sheltered bay.",
      "Akra Beach and a pine park are close by; Sozopol is a ten-minute drive.",
    ],
  },
  Равда: {
    name: "Ravda",
    flavour: [
      "Ravda is a relaxed resort next to Nessebar and Sunny Beach, with a long sandy beach.",
      "Old Nessebar is 3 km away, and there is a seafront promenade with cafés and shops.",
    ],
  },
  Бургас: {
    name: "Burgas",
    flavour: [
      "The Sea Garden, the Central Beach and pedestrian Alexandrovska Street are all close by.",
      "Burgas is a city with everything for year-round living: schools, hospitals and shopping centres.",
    ],
  },
  Каблешково: {
    name: "Kableshkovo",
    flavour: [
      "Kableshkovo is a small, quiet town among vineyards, close to Pomorie and Burgas Airport.",
      "It is peaceful all year round, and the beaches of Pomorie are a fifteen-minute drive in summer.",
    ],
  },
  Приморско: {
    name: "Primorsko",
    flavour: [
      "Primorsko has two wide beaches, with the Ropotamo river mouth and the Strandzha forests nearby.",
      "Its North and South beaches are among the best on the southern coast.",
    ],
  },
};

const num = (n: number) => n.toLocaleString("en-GB");
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const listAnd = (items: readonly string[]) => (items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`);

function kindOf(a: DemoAttributes): string {
  if (a.kind.ru === "пентхаус") return "penthouse";
  if (a.kind.ru === "двухуровневая квартира") return "maisonette";
  if (a.kind.ru === "таунхаус") return "townhouse";
  if (a.kind.ru === "вилла") return "villa";
  if (a.type === "house") return a.floors === 2 ? "two-storey house" : a.kind.ru === "семейный дом" ? "family house" : "house";
  return a.bedrooms === 0 ? "studio" : `${a.bedrooms}-bedroom flat`;
}

function titleOf(rng: Rng, a: DemoAttributes, place: string): string {
  const qualifiers: string[] = [];
  if (a.beachM !== null && a.beachM <= 120) qualifiers.push("on the beachfront");
  if (a.seaView) qualifiers.push("with sea views", "with sea views");
  if (a.beachM !== null && a.beachM <= 700) qualifiers.push(`${num(a.beachM)} m from the beach`, "near the sea");
  if (a.pool) qualifiers.push(a.type === "house" ? "with a pool" : "in a complex with a pool");
  if (a.oldTownView) qualifiers.push("overlooking the Old Town");
  if (a.complex && a.type === "house") qualifiers.push("in a gated complex");
  if (a.terraceM2 && a.terraceM2 >= 20) qualifiers.push("with a large terrace");
  if (a.garden) qualifiers.push("with a garden");
  if (a.beachM === null) qualifiers.push("with vineyard views");
  const adjectives = ["cosy", "bright"];
  if (a.area >= (a.type === "house" ? 180 : 70)) adjectives.push("spacious", "spacious");
  if (a.year !== null && a.year >= 2019) adjectives.push("new", "new");
  if (a.year !== null && a.year >= 2010) adjectives.push("modern");
  if (a.renovated) adjectives.push("renovated");
  if (a.furnished) adjectives.push("furnished");
  const adjective = chance(rng, 0.55) ? pick(rng, adjectives) : "";
  const qualifier = qualifiers.length > 0 && chance(rng, 0.9) ? pick(rng, qualifiers) : "";
  return capitalize([adjective, kindOf(a), qualifier, `in ${place}`].filter(Boolean).join(" "));
}

function descriptionOf(rng: Rng, a: DemoAttributes, place: string, flavour: readonly string[], hasPrice: boolean): string {
  const kind = kindOf(a);
  const article = /^[aeiou]/i.test(kind) ? "An" : "A";
  const p1 = [
    pick(rng, [
      `${article} ${kind} of ${num(a.area)} m² for sale in ${place}.`,
      `For sale in ${place}: ${article.toLowerCase()} ${kind} of ${num(a.area)} m².`,
      `We are pleased to offer ${article.toLowerCase()} ${kind} of ${num(a.area)} m² in ${place}.`,
    ]),
  ];
  if (a.type === "apartment") p1.push(`It is on floor ${a.floor} of ${a.floors}${a.lift ? ", with a lift" : ""}.`);
  else p1.push(`${a.floors === 1 ? "Single-storey" : `${a.floors} storeys`}${a.plotM2 ? `, on a plot of ${num(a.plotM2)} m²` : ""}.`);
  if (a.year !== null) p1.push(`Built in ${a.year}${a.act16 ? "; the building has its Act 16 permit of use" : ""}.`);

  const outdoor = a.terraceM2 ? [`a ${a.terraceM2} m² terrace`] : a.balconies === 1 ? ["a balcony"] : a.balconies === 2 ? ["two balconies"] : [];
  const p2 =
    a.type === "apartment" && a.bedrooms === 0
      ? `Layout: living area with a kitchenette and a shower room${outdoor.length ? `, ${outdoor.join(", ")}` : ""}.`
      : `Layout: ${[
          `living room${a.fireplace ? " with a fireplace" : ""} and ${pick(rng, ["open-plan kitchen", "kitchen-diner", "kitchenette"])}`,
          plural(a.bedrooms, "bedroom", "bedrooms"),
          plural(a.bathrooms, "bathroom", "bathrooms"),
          ...outdoor,
        ].join(", ")}.`;

  const views: string[] = [];
  if (a.seaView) views.push("the sea");
  if (a.oldTownView) views.push("the Old Town");
  if (a.parkView) views.push("the park");
  if (a.mountainView) views.push("the Strandzha hills");
  if (a.garden && views.length === 0) views.push("the garden");
  if (a.beachM === null) views.push("fields and vineyards");
  const p3: string[] = [];
  if (views.length > 0) p3.push(`${a.type === "house" ? "The house looks" : "The windows look"} out over ${listAnd(views.slice(0, 2))}.`);
  if (a.beachM !== null) {
    const minutes = Math.max(1, Math.round(a.beachM / 80));
    p3.push(`The beach is ${num(a.beachM)} m away (${plural(minutes, "minute", "minutes")} on foot), the centre ${num(a.centreM)} m.`);
  } else if (a.seaKm !== null) {
    p3.push(`The sea is ${a.seaKm} km away and Burgas Airport a ${a.airportMin}-minute drive.`);
  }
  p3.push(pick(rng, flavour));

  const amenities: string[] = [];
  if (a.pool) amenities.push("a swimming pool");
  if (a.security) amenities.push("security with CCTV");
  if (a.parking === "underground") amenities.push("underground parking");
  if (a.parking === "garage") amenities.push("a garage");
  if (a.parking === "open") amenities.push(a.type === "house" ? "parking for two cars" : "parking");
  if (a.playground) amenities.push("a children's playground");
  if (a.fitness) amenities.push("a gym");
  if (a.bbq) amenities.push("a barbecue");
  if (a.summerKitchen) amenities.push("a summer kitchen");
  const p4: string[] = [];
  if (amenities.length > 0) p4.push(`${a.type === "house" ? "Outside there is" : a.complex ? "The complex has" : "Nearby there is"} ${listAnd(amenities)}.`);
  if (a.feePerM2 !== null) p4.push(`The annual maintenance fee is €${a.feePerM2} per m².`);
  else if (a.type === "apartment") p4.push("There is no maintenance fee.");

  const p5: string[] = [];
  if (a.furnished) p5.push("Sold furnished and with appliances — ready to move into.");
  else if (a.year !== null && a.year >= 2019) p5.push("Sold unfurnished with a turnkey finish.");
  else if (a.renovated) p5.push("Recently renovated, with new windows and plumbing.");
  const comfort = [a.airCon ? "air conditioning" : "", a.solar ? "solar panels" : "", a.underfloor ? "underfloor heating" : ""].filter(Boolean);
  if (comfort.length > 0) p5.push(`${capitalize(listAnd(comfort))} ${comfort.length === 1 ? "is" : "are"} installed.`);
  if (a.installments) p5.push("The developer offers a payment plan.");
  if (!hasPrice) p5.push("Price on request.");
  p5.push(
    pick(rng, [
      "A great choice to live in all year or to let.",
      "Call us to arrange a viewing at a time that suits you; online viewings are possible too.",
      "The paperwork is in order, and the sale is completed before a notary.",
      "Good potential for holiday lets in the season.",
      "An ideal place for family holidays.",
    ]),
  );
  return [p1.join(" "), p2, p3.join(" "), p4.join(" "), p5.join(" ")].filter(Boolean).join("\n\n");
}

function featuresOf(rng: Rng, a: DemoAttributes): string[] {
  const all: string[] = [];
  if (a.seaView) all.push("Sea views");
  if (a.beachM !== null && a.beachM <= 1000) all.push(`${num(a.beachM)} m to the beach`);
  if (a.seaKm !== null) all.push(`${a.seaKm} km to the sea`);
  all.push(a.type === "apartment" ? `Floor ${a.floor} of ${a.floors}` : `${a.floors} ${a.floors === 1 ? "storey" : "storeys"}`);
  if (a.plotM2) all.push(`Plot ${num(a.plotM2)} m²`);
  if (a.pool) all.push("Swimming pool");
  if (a.lift) all.push("Lift");
  if (a.furnished) all.push("Furnished");
  if (a.airCon) all.push("Air conditioning");
  if (a.underfloor) all.push("Underfloor heating");
  if (a.terraceM2) all.push(`Terrace ${a.terraceM2} m²`);
  else if (a.balconies > 0) all.push("Balcony");
  if (a.parking === "underground") all.push("Underground parking");
  if (a.parking === "open") all.push("Parking");
  if (a.parking === "garage") all.push("Garage");
  if (a.security) all.push("24/7 security");
  if (a.garden) all.push("Garden");
  if (a.fireplace) all.push("Fireplace");
  if (a.solar) all.push("Solar panels");
  if (a.act16) all.push("Act 16");
  if (a.installments) all.push("Payment plan");
  return someFeatures(rng, all);
}

/** The English texts of demo listing `index`, or empty ones (NO_ENGLISH_SHARE of them). */
export function englishTexts(
  index: number,
  locationName: string,
  locationNameBg: string,
  a: DemoAttributes,
  hasPrice: boolean,
): { title_en: string; description_en: string; features_en: string[] } {
  const rng = rngFor("english", index);
  if (chance(rng, NO_ENGLISH_SHARE)) return { title_en: "", description_en: "", features_en: [] };
  const known = PLACES_EN[locationName.trim()];
  const place = known?.name ?? (locationNameBg.trim() || locationName.trim());
  const flavour = known?.flavour ?? ["Shops, cafés, a pharmacy and a bus stop are close by."];
  return { title_en: titleOf(rng, a, place), description_en: descriptionOf(rng, a, place, flavour, hasPrice), features_en: featuresOf(rng, a) };
}
