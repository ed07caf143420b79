/**
 * Realistic bilingual (ru/bg) demo listings for the Bulgarian seaside, with
 * English texts written from the same attributes (english.ts).
 *
 * `demoListing(index, location)` is a pure function: the same index and
 * location always give the same listing. Texts are assembled from parallel
 * Russian/Bulgarian phrase pairs, chosen from the listing's own attributes
 * (type, rooms, floor, view, distance to the beach, furniture, complex…), so
 * the two languages always say the same thing and listings differ from one
 * another. Grammatical gender is carried with each noun so adjectives agree.
 */
import { englishTexts } from "./english";
import { chance, float, int, pick, rngFor, sample, weighted, type Rng } from "./random";

export interface DemoLocation {
  id: string;
  name: string;
  name_bg: string;
}

export type DemoPropertyType = "apartment" | "house";

export interface DemoListing {
  title: string;
  title_bg: string;
  /** Issue 31: English texts (english.ts), empty for a share of listings. */
  title_en: string;
  description: string;
  description_bg: string;
  description_en: string;
  /** Euro; null means "По запросу". */
  price: number | null;
  area: number;
  property_type: DemoPropertyType;
  bedrooms: number;
  bathrooms: number;
  year_built: number | null;
  features: string[];
  features_bg: string[];
  features_en: string[];
  // The buyer's facts (issue 20), from the same attributes as the texts.
  status: "available" | "reserved" | "sold";
  reference: string;
  sea_distance_m: number | null;
  sea_line: 1 | 2 | null;
  sea_view: boolean;
  floor: number | null;
  floors_total: number;
  construction_stage: "act14" | "act15" | "act16" | null;
  completion_quarter: string | null;
  maintenance_fee_eur_m2: number | null;
  furnished: "none" | "partly" | "full";
  pool: boolean;
  parking: boolean;
  plot_area: number | null;
  complex_name: string | null;
  featured: boolean;
  /** The price it was first listed at, when it has since been cut (the seeder writes both, so the database records the cut). */
  listed_price: number | null;
  // Where it is (issue 21): a point in one of the place's neighbourhoods; some shown only approximately.
  lat: number | null;
  lng: number | null;
  location_precision: "exact" | "approximate";
}

/** Share of listings without a price (shown as 'По запросу'). */
export const NO_PRICE_SHARE = 0.1;
/** Share of listings without a Bulgarian translation. */
export const NO_BULGARIAN_SHARE = 0.15;
/** The newest year a demo building can have (fixed, so output never depends on the clock). */
const LATEST_YEAR = 2025;

export const PRICE_RANGE: Record<DemoPropertyType, readonly [number, number]> = {
  apartment: [40_000, 350_000],
  house: [120_000, 900_000],
};

// ---------------------------------------------------------------------------
// Places

interface Place {
  /** "в Созополе" — the Russian locative. */
  inRu: string;
  /** "в Созопол". */
  inBg: string;
  /** € per m² for apartments (houses get a plot premium on top). */
  pricePerM2: readonly [number, number];
  houseShare: number;
  /** Distance to the beach in metres, or null when the place is inland. */
  beach: readonly [number, number] | null;
  /** Inland: kilometres to the sea. */
  seaKm?: readonly [number, number];
  /** Minutes by car to Burgas airport. */
  airportMin: readonly [number, number];
  hasOldTown?: boolean;
  hasMountains?: boolean;
  flavour: readonly (readonly [string, string])[];
}

const PLACES: Record<string, Place> = {
  Созополь: {
    inRu: "в Созополе",
    inBg: "в Созопол",
    pricePerM2: [1500, 2300],
    houseShare: 0.3,
    beach: [60, 1400],
    airportMin: [30, 40],
    hasOldTown: true,
    hasMountains: true,
    flavour: [
      [
        "Старый город с деревянными домами, галереями и рыбацкой гаванью — в нескольких минутах.",
        "Старият град с дървените къщи, галериите и рибарското пристанище е на няколко минути.",
      ],
      [
        "Созополь — один из самых красивых городов побережья: две бухты, Центральный пляж и пляж Харманите.",
        "Созопол е един от най-красивите градове по крайбрежието: два залива, Централният плаж и плажът Харманите.",
      ],
      [
        "Летом здесь проходит фестиваль «Аполлония», а зимой город остаётся живым и уютным.",
        "През лятото тук се провежда фестивалът „Аполония“, а през зимата градът остава жив и уютен.",
      ],
    ],
  },
  Черноморец: {
    inRu: "в Черноморце",
    inBg: "в Черноморец",
    pricePerM2: [1050, 1550],
    houseShare: 0.35,
    beach: [80, 1200],
    airportMin: [25, 35],
    flavour: [
      [
        "Черноморец — тихий посёлок между Бургасом и Созополем, с сосновым лесом и уютной бухтой.",
        "Черноморец е тихо селище между Бургас и Созопол, с борова гора и уютен залив.",
      ],
      ["Рядом пляж Акра и парк с соснами; до Созополя — 10 минут на машине.", "Наблизо са плажът Акра и парк с борове; до Созопол има 10 минути с кола."],
    ],
  },
  Равда: {
    inRu: "в Равде",
    inBg: "в Равда",
    pricePerM2: [950, 1450],
    houseShare: 0.2,
    beach: [50, 1000],
    airportMin: [20, 30],
    flavour: [
      [
        "Равда — спокойный курорт рядом с Несебром и Солнечным берегом, с длинным песчаным пляжем.",
        "Равда е спокоен курорт в близост до Несебър и Слънчев бряг, с дълъг пясъчен плаж.",
      ],
      ["До Старого Несебра — 3 км, есть набережная, кафе и магазины.", "До Стария Несебър има 3 км, има крайбрежна алея, заведения и магазини."],
    ],
  },
  Бургас: {
    inRu: "в Бургасе",
    inBg: "в Бургас",
    pricePerM2: [1250, 1900],
    houseShare: 0.12,
    beach: [150, 2500],
    airportMin: [10, 20],
    flavour: [
      [
        "Морской сад, Центральный пляж и пешеходная улица Александровская — совсем рядом.",
        "Морската градина, Централният плаж и пешеходната улица „Александровска“ са съвсем наблизо.",
      ],
      [
        "Бургас — город с развитой инфраструктурой: школы, больницы, торговые центры, круглый год жизнь.",
        "Бургас е град с развита инфраструктура: училища, болници, търговски центрове и живот през цялата година.",
      ],
    ],
  },
  Каблешково: {
    inRu: "в Каблешково",
    inBg: "в Каблешково",
    pricePerM2: [700, 1050],
    houseShare: 0.6,
    beach: null,
    seaKm: [8, 12],
    airportMin: [10, 15],
    flavour: [
      [
        "Каблешково — небольшой тихий город в окружении виноградников, рядом с Поморие и аэропортом Бургас.",
        "Каблешково е малък тих град сред лозя, в близост до Поморие и летище Бургас.",
      ],
      [
        "Здесь спокойно круглый год, а летом до пляжей Поморие — 15 минут на машине.",
        "Тук е спокойно през цялата година, а през лятото до плажовете на Поморие има 15 минути с кола.",
      ],
    ],
  },
  Приморско: {
    inRu: "в Приморско",
    inBg: "в Приморско",
    pricePerM2: [1100, 1650],
    houseShare: 0.3,
    beach: [70, 1300],
    airportMin: [45, 55],
    hasMountains: true,
    flavour: [
      [
        "Приморско — курорт с двумя широкими пляжами, рядом устье Ропотамо и леса Странджи.",
        "Приморско е курорт с два широки плажа, в близост до устието на Ропотамо и горите на Странджа.",
      ],
      ["Северный и Южный пляжи — одни из лучших на южном побережье.", "Северният и Южният плаж са сред най-хубавите по южното крайбрежие."],
    ],
  },
};

function placeFor(location: DemoLocation): Place {
  const known = PLACES[location.name.trim()];
  if (known) return known;
  const bgName = location.name_bg.trim() || location.name.trim();
  return {
    inRu: `в районе ${location.name.trim()}`,
    inBg: `${/^[вфВФ]/.test(bgName) ? "във" : "в"} ${bgName}`,
    pricePerM2: [1000, 1600],
    houseShare: 0.3,
    beach: [80, 1500],
    airportMin: [20, 50],
    flavour: [["Рядом магазины, кафе, аптека и остановка автобуса.", "Наблизо има магазини, заведения, аптека и автобусна спирка."]],
  };
}

// ---------------------------------------------------------------------------
// Grammar helpers

type RuGender = "m" | "f";
type BgGender = "m" | "f" | "n";

interface Kind {
  ru: string;
  ruAcc: string;
  ruG: RuGender;
  bg: string;
  bgG: BgGender;
}

/** Russian plural: 1 спальня, 2 спальни, 5 спален. */
export function ruPlural(n: number, one: string, few: string, many: string): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return one;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return few;
  return many;
}

function bgPlural(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}

/** Bulgarian ordinal suffix: 1-ви, 2-ри, 3-ти, 7-ми, 8-ми. */
function bgOrdinal(n: number): string {
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 19) return `${n}-ти`;
  const mod10 = n % 10;
  if (mod10 === 1) return `${n}-ви`;
  if (mod10 === 2) return `${n}-ри`;
  if (mod10 === 7 || mod10 === 8) return `${n}-ми`;
  return `${n}-ти`;
}

/** 1200 → "1 200", 64.5 → "64,5" (both languages write numbers alike). */
function num(n: number): string {
  const [whole, frac] = String(n).split(".");
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
  return frac ? `${grouped},${frac}` : grouped;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const APARTMENT_KINDS: readonly (readonly Kind[])[] = [
  [{ ru: "студия", ruAcc: "студию", ruG: "f", bg: "студио", bgG: "n" }],
  [
    { ru: "двухкомнатная квартира", ruAcc: "двухкомнатную квартиру", ruG: "f", bg: "двустаен апартамент", bgG: "m" },
    { ru: "апартамент с одной спальней", ruAcc: "апартамент с одной спальней", ruG: "m", bg: "апартамент с една спалня", bgG: "m" },
  ],
  [
    { ru: "трёхкомнатная квартира", ruAcc: "трёхкомнатную квартиру", ruG: "f", bg: "тристаен апартамент", bgG: "m" },
    { ru: "апартамент с двумя спальнями", ruAcc: "апартамент с двумя спальнями", ruG: "m", bg: "апартамент с две спални", bgG: "m" },
  ],
  [
    { ru: "четырёхкомнатная квартира", ruAcc: "четырёхкомнатную квартиру", ruG: "f", bg: "четиристаен апартамент", bgG: "m" },
    { ru: "апартамент с тремя спальнями", ruAcc: "апартамент с тремя спальнями", ruG: "m", bg: "апартамент с три спални", bgG: "m" },
  ],
];

const PENTHOUSE: Kind = { ru: "пентхаус", ruAcc: "пентхаус", ruG: "m", bg: "пентхаус", bgG: "m" };
const MAISONETTE: Kind = { ru: "двухуровневая квартира", ruAcc: "двухуровневую квартиру", ruG: "f", bg: "мезонет", bgG: "m" };

const HOUSE_KINDS: readonly Kind[] = [
  { ru: "дом", ruAcc: "дом", ruG: "m", bg: "къща", bgG: "f" },
  { ru: "двухэтажный дом", ruAcc: "двухэтажный дом", ruG: "m", bg: "двуетажна къща", bgG: "f" },
  { ru: "семейный дом", ruAcc: "семейный дом", ruG: "m", bg: "семейна къща", bgG: "f" },
  { ru: "вилла", ruAcc: "виллу", ruG: "f", bg: "вила", bgG: "f" },
];
const TOWNHOUSE: Kind = { ru: "таунхаус", ruAcc: "таунхаус", ruG: "m", bg: "къща тип таунхаус", bgG: "f" };

interface Adjective {
  ru: Record<RuGender, string>;
  bg: Record<BgGender, string>;
}
const adj = (ruM: string, ruF: string, bgM: string, bgF: string, bgN: string): Adjective => ({
  ru: { m: ruM, f: ruF },
  bg: { m: bgM, f: bgF, n: bgN },
});
const ADJ_SPACIOUS = adj("просторный", "просторная", "просторен", "просторна", "просторно");
const ADJ_COSY = adj("уютный", "уютная", "уютен", "уютна", "уютно");
const ADJ_BRIGHT = adj("светлый", "светлая", "светъл", "светла", "светло");
const ADJ_NEW = adj("новый", "новая", "нов", "нова", "ново");
const ADJ_MODERN = adj("современный", "современная", "модерен", "модерна", "модерно");
const ADJ_FURNISHED = adj("меблированный", "меблированная", "обзаведен", "обзаведена", "обзаведено");
const ADJ_RENOVATED = adj("отремонтированный", "отремонтированная", "ремонтиран", "ремонтирана", "ремонтирано");

// ---------------------------------------------------------------------------
// Attributes

/** What a listing is, from which every language's texts are written (english.ts reads it too). */
export type DemoAttributes = Attributes;

interface Attributes {
  type: DemoPropertyType;
  kind: Kind;
  bedrooms: number;
  bathrooms: number;
  area: number;
  year: number | null;
  floor: number;
  floors: number;
  lift: boolean;
  /** Metres to the beach, or null when inland. */
  beachM: number | null;
  seaKm: number | null;
  centreM: number;
  airportMin: number;
  seaView: boolean;
  parkView: boolean;
  mountainView: boolean;
  oldTownView: boolean;
  pool: boolean;
  complex: boolean;
  security: boolean;
  parking: "none" | "open" | "underground" | "garage";
  playground: boolean;
  fitness: boolean;
  furnished: boolean;
  renovated: boolean;
  airCon: boolean;
  underfloor: boolean;
  balconies: number;
  terraceM2: number | null;
  fireplace: boolean;
  garden: boolean;
  bbq: boolean;
  summerKitchen: boolean;
  solar: boolean;
  plotM2: number | null;
  act16: boolean;
  feePerM2: number | null;
  installments: boolean;
}

function roundTo(n: number, step: number): number {
  return Math.round(n / step) * step;
}

function attributesFor(rng: Rng, place: Place): Attributes {
  const type: DemoPropertyType = chance(rng, place.houseShare) ? "house" : "apartment";
  const year = chance(rng, 0.05)
    ? null
    : weighted(rng, [
        [int(rng, 1972, 1995), 0.12],
        [int(rng, 1996, 2010), 0.38],
        [int(rng, 2011, LATEST_YEAR), 0.5],
      ] as const);
  const isNew = year !== null && year >= 2019;
  const beachM = place.beach ? roundTo(float(rng, place.beach[0], place.beach[1]), 10) : null;
  const seaKm = place.seaKm ? int(rng, place.seaKm[0], place.seaKm[1]) : null;
  const nearSea = beachM !== null && beachM <= 500;

  if (type === "apartment") {
    const bedrooms = weighted(rng, [
      [0, 0.14],
      [1, 0.42],
      [2, 0.32],
      [3, 0.12],
    ] as const);
    const floors = int(rng, 3, 9);
    const floor = int(rng, 1, floors);
    const [minArea, maxArea] = (
      [
        [26, 42],
        [48, 78],
        [72, 115],
        [100, 165],
      ] as const
    )[bedrooms]!;
    const area = chance(rng, 0.4) ? Math.round(float(rng, minArea, maxArea) * 10) / 10 : int(rng, minArea, maxArea);
    let kind = pick(rng, APARTMENT_KINDS[bedrooms]!);
    if (bedrooms >= 2 && floor === floors && floors >= 4 && chance(rng, 0.5)) kind = PENTHOUSE;
    else if (bedrooms >= 2 && chance(rng, 0.06)) kind = MAISONETTE;
    const complex = chance(rng, 0.6);
    const pool = complex && chance(rng, 0.7);
    const terrace = kind === PENTHOUSE || chance(rng, 0.2);
    return {
      type,
      kind,
      bedrooms,
      bathrooms: bedrooms <= 1 ? 1 : bedrooms === 2 ? int(rng, 1, 2) : 2,
      area,
      year,
      floor,
      floors,
      lift: floors >= 5 || chance(rng, 0.3),
      beachM,
      seaKm,
      centreM: roundTo(float(rng, 100, 2000), 50),
      airportMin: int(rng, place.airportMin[0], place.airportMin[1]),
      seaView: beachM !== null && (nearSea ? chance(rng, 0.7) : chance(rng, 0.25 + floor / floors / 4)),
      parkView: chance(rng, 0.25),
      mountainView: Boolean(place.hasMountains) && chance(rng, 0.2),
      oldTownView: Boolean(place.hasOldTown) && chance(rng, 0.2),
      pool,
      complex,
      security: complex && chance(rng, 0.7),
      parking: complex ? (chance(rng, 0.5) ? "underground" : "open") : chance(rng, 0.4) ? "open" : "none",
      playground: complex && chance(rng, 0.4),
      fitness: complex && chance(rng, 0.25),
      furnished: chance(rng, 0.6),
      renovated: !isNew && chance(rng, 0.35),
      airCon: chance(rng, 0.8),
      underfloor: chance(rng, 0.15),
      balconies: terrace
        ? 0
        : weighted(rng, [
            [0, 0.1],
            [1, 0.7],
            [2, 0.2],
          ] as const),
      terraceM2: terrace ? int(rng, 12, kind === PENTHOUSE ? 80 : 35) : null,
      fireplace: false,
      garden: false,
      bbq: false,
      summerKitchen: false,
      solar: chance(rng, 0.1),
      plotM2: null,
      act16: year !== null && year >= 2000 && chance(rng, 0.8),
      feePerM2: complex ? int(rng, 6, 16) : null,
      installments: isNew && chance(rng, 0.4),
    };
  }

  const townhouse = chance(rng, 0.2);
  const bedrooms = townhouse
    ? int(rng, 2, 3)
    : weighted(rng, [
        [2, 0.25],
        [3, 0.4],
        [4, 0.25],
        [5, 0.1],
      ] as const);
  const area = roundTo(townhouse ? float(rng, 95, 150) : float(rng, 80 + bedrooms * 25, 120 + bedrooms * 55), chance(rng, 0.5) ? 1 : 5);
  let kind = townhouse ? TOWNHOUSE : pick(rng, HOUSE_KINDS);
  if (kind.ru === "вилла" && bedrooms < 3) kind = HOUSE_KINDS[0]!;
  const complex = townhouse || chance(rng, 0.25);
  return {
    type,
    kind,
    bedrooms,
    bathrooms: Math.min(bedrooms, int(rng, 2, 4)),
    area,
    year,
    floor: 1,
    floors: kind.ru === "двухэтажный дом" ? 2 : int(rng, 1, 3),
    lift: false,
    beachM,
    seaKm,
    centreM: roundTo(float(rng, 300, 3000), 50),
    airportMin: int(rng, place.airportMin[0], place.airportMin[1]),
    seaView: beachM !== null && chance(rng, nearSea ? 0.6 : 0.3),
    parkView: false,
    mountainView: Boolean(place.hasMountains) && chance(rng, 0.3),
    oldTownView: false,
    pool: chance(rng, kind.ru === "вилла" ? 0.7 : 0.25),
    complex,
    security: complex && chance(rng, 0.6),
    parking: chance(rng, 0.45) ? "garage" : "open",
    playground: false,
    fitness: false,
    furnished: chance(rng, 0.5),
    renovated: !isNew && chance(rng, 0.4),
    airCon: chance(rng, 0.85),
    underfloor: chance(rng, 0.3),
    balconies: 0,
    terraceM2: chance(rng, 0.7) ? int(rng, 15, 60) : null,
    fireplace: chance(rng, 0.45),
    garden: chance(rng, 0.85),
    bbq: chance(rng, 0.5),
    summerKitchen: chance(rng, 0.3),
    solar: chance(rng, 0.25),
    plotM2: townhouse ? roundTo(float(rng, 120, 300), 10) : roundTo(float(rng, 300, 1500), 10),
    act16: year !== null && year >= 2000 && chance(rng, 0.8),
    feePerM2: complex ? int(rng, 3, 8) : null,
    installments: isNew && chance(rng, 0.3),
  };
}

function priceFor(rng: Rng, a: Attributes, place: Place): number {
  let perM2 = float(rng, place.pricePerM2[0], place.pricePerM2[1]);
  if (a.seaView) perM2 *= 1.15;
  if (a.beachM !== null && a.beachM <= 150) perM2 *= 1.15;
  if (a.year !== null && a.year >= 2019) perM2 *= 1.1;
  if (a.year !== null && a.year < 1996) perM2 *= 0.85;
  if (a.type === "house") perM2 *= 1.1;
  if (a.kind === PENTHOUSE) perM2 *= 1.2;
  let price = a.area * perM2;
  if (a.plotM2) price += a.plotM2 * float(rng, 40, 120);
  if (a.pool && a.type === "house") price += 15_000;
  const [min, max] = PRICE_RANGE[a.type];
  return Math.min(max, Math.max(min, roundTo(price, price > 200_000 ? 1000 : 500)));
}

// ---------------------------------------------------------------------------
// Texts

type Pair = readonly [string, string];

/** "a, b и c" — the same in Russian and Bulgarian. */
function listAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} и ${items[items.length - 1]}`;
}

/** Parallel Russian and Bulgarian phrases, collected together so they stay in step. */
class Bilingual {
  readonly ru: string[] = [];
  readonly bg: string[] = [];
  add(ru: string, bg: string) {
    this.ru.push(ru);
    this.bg.push(bg);
  }
}

function minutesWalk(metres: number): number {
  return Math.max(1, Math.round(metres / 80));
}

function titleFor(rng: Rng, a: Attributes, place: Place): Pair {
  const qualifiers: Pair[] = [];
  if (a.beachM !== null && a.beachM <= 120) qualifiers.push(["на первой линии", "на първа линия"]);
  if (a.seaView) qualifiers.push(["с видом на море", "с морска гледка"], ["с видом на море", "с морска гледка"]);
  if (a.beachM !== null && a.beachM <= 700) {
    qualifiers.push([`в ${num(a.beachM)} м от пляжа`, `на ${num(a.beachM)} м от плажа`]);
    qualifiers.push(["у моря", "близо до морето"]);
  }
  if (a.pool) qualifiers.push([a.type === "house" ? "с бассейном" : "в комплексе с бассейном", a.type === "house" ? "с басейн" : "в комплекс с басейн"]);
  if (a.parkView) qualifiers.push(["у парка", "до парка"]);
  if (a.oldTownView) qualifiers.push(["с видом на Старый город", "с гледка към Стария град"]);
  if (a.mountainView) qualifiers.push(["с видом на горы", "с гледка към планината"]);
  if (a.complex && a.type === "apartment" && a.year !== null && a.year >= 2015) qualifiers.push(["в новом комплексе", "в нов комплекс"]);
  if (a.complex && a.type === "house") qualifiers.push(["в закрытом комплексе", "в затворен комплекс"]);
  if (a.terraceM2 && a.terraceM2 >= 20) qualifiers.push(["с большой террасой", "с голяма тераса"]);
  if (a.garden) qualifiers.push(["с садом", "с градина"]);
  if (a.plotM2 && a.plotM2 >= 400) qualifiers.push([`с участком ${num(a.plotM2)} м²`, `с парцел ${num(a.plotM2)} м²`]);
  if (a.fireplace) qualifiers.push(["с камином", "с камина"]);
  if (a.furnished && a.type === "apartment") qualifiers.push(["с мебелью", "с обзавеждане"]);
  if (a.beachM === null) qualifiers.push(["с видом на виноградники", "с гледка към лозята"]);

  const adjectives: Adjective[] = [ADJ_COSY, ADJ_BRIGHT];
  if (a.area >= (a.type === "house" ? 180 : 70)) adjectives.push(ADJ_SPACIOUS, ADJ_SPACIOUS);
  if (a.year !== null && a.year >= 2019) adjectives.push(ADJ_NEW, ADJ_NEW);
  if (a.year !== null && a.year >= 2010) adjectives.push(ADJ_MODERN);
  if (a.furnished && a.type === "house") adjectives.push(ADJ_FURNISHED);
  if (a.renovated) adjectives.push(ADJ_RENOVATED);

  const useAdjective = chance(rng, 0.55);
  const adjective = pick(rng, adjectives);
  const qualifier: Pair | null = qualifiers.length > 0 && chance(rng, 0.9) ? pick(rng, qualifiers) : null;

  const ru = [useAdjective ? adjective.ru[a.kind.ruG] : "", a.kind.ru, qualifier?.[0] ?? "", place.inRu];
  const bg = [useAdjective ? adjective.bg[a.kind.bgG] : "", a.kind.bg, qualifier?.[1] ?? "", place.inBg];
  return [capitalize(ru.filter(Boolean).join(" ")), capitalize(bg.filter(Boolean).join(" "))];
}

function descriptionFor(rng: Rng, a: Attributes, place: Place, hasPrice: boolean): Pair {
  const ru: string[] = [];
  const bg: string[] = [];
  const area = num(a.area);

  // 1. What and where.
  const intro = pick(rng, [
    [`Продаётся ${a.kind.ru} общей площадью ${area} м² ${place.inRu}.`, `Продава се ${a.kind.bg} с обща площ ${area} м² ${place.inBg}.`],
    [
      `Предлагаем вашему вниманию ${a.kind.ruAcc} площадью ${area} м² ${place.inRu}.`,
      `Предлагаме на вашето внимание ${a.kind.bg} с площ ${area} м² ${place.inBg}.`,
    ],
    [`В продаже — ${a.kind.ru} площадью ${area} м² ${place.inRu}.`, `За продажба: ${a.kind.bg} с площ ${area} м² ${place.inBg}.`],
  ] as const);
  const p1ru: string[] = [intro[0]];
  const p1bg: string[] = [intro[1]];
  if (a.type === "apartment") {
    p1ru.push(`Находится на ${a.floor}-м этаже ${a.floors}-этажного дома${a.lift ? ", есть лифт" : ""}.`);
    p1bg.push(`Намира се на ${bgOrdinal(a.floor)} етаж от ${a.floors}-етажна сграда${a.lift ? " с асансьор" : ""}.`);
  } else {
    p1ru.push(
      `${a.floors === 1 ? (a.kind.ruG === "f" ? "Одноэтажная" : "Одноэтажный") : `${a.floors} ${ruPlural(a.floors, "этаж", "этажа", "этажей")}`}${a.plotM2 ? `, участок ${num(a.plotM2)} м²` : ""}.`,
    );
    p1bg.push(`${a.floors === 1 ? (a.kind.bgG === "f" ? "Едноетажна" : "Едноетажен") : `${a.floors} етажа`}${a.plotM2 ? `, парцел ${num(a.plotM2)} м²` : ""}.`);
  }
  if (a.year !== null) {
    p1ru.push(`Год постройки — ${a.year}${a.act16 ? ", здание введено в эксплуатацию (Акт 16)" : ""}.`);
    p1bg.push(`Година на строителство — ${a.year}${a.act16 ? ", сградата е с Акт 16" : ""}.`);
  }
  ru.push(p1ru.join(" "));
  bg.push(p1bg.join(" "));

  // 2. Layout.
  const outdoorRu: string[] = [];
  const outdoorBg: string[] = [];
  if (a.terraceM2) {
    outdoorRu.push(`терраса ${a.terraceM2} м²`);
    outdoorBg.push(`тераса ${a.terraceM2} м²`);
  } else if (a.balconies === 1) {
    outdoorRu.push("балкон");
    outdoorBg.push("балкон");
  } else if (a.balconies === 2) {
    outdoorRu.push("два балкона");
    outdoorBg.push("два балкона");
  }
  if (a.type === "apartment" && a.bedrooms === 0) {
    ru.push(`Планировка: жилая зона с кухонным уголком, санузел с душевой кабиной${outdoorRu.length ? `, ${outdoorRu.join(", ")}` : ""}.`);
    bg.push(`Разпределение: жилищна зона с кухненски бокс, баня с тоалетна${outdoorBg.length ? `, ${outdoorBg.join(", ")}` : ""}.`);
  } else {
    const kitchen = pick(rng, [
      ["открытой кухней", "отворена кухня"],
      ["кухней-столовой", "кухня-трапезария"],
      ["кухонным уголком", "кухненски бокс"],
    ] as const);
    const living = a.fireplace
      ? ["гостиная с камином и " + kitchen[0], "дневна с камина и " + kitchen[1]]
      : ["гостиная с " + kitchen[0], "дневна с " + kitchen[1]];
    const partsRu = [
      living[0]!,
      `${a.bedrooms} ${ruPlural(a.bedrooms, "спальня", "спальни", "спален")}`,
      `${a.bathrooms} ${ruPlural(a.bathrooms, "санузел", "санузла", "санузлов")}`,
      ...outdoorRu,
    ];
    const partsBg = [
      living[1]!,
      `${a.bedrooms} ${bgPlural(a.bedrooms, "спалня", "спални")}`,
      `${a.bathrooms} ${bgPlural(a.bathrooms, "баня", "бани")}`,
      ...outdoorBg,
    ];
    ru.push(`Планировка: ${partsRu.join(", ")}.`);
    bg.push(`Разпределение: ${partsBg.join(", ")}.`);
  }

  // 3. Views, distances, the place.
  const views = new Bilingual();
  if (a.seaView) views.add("на море", "към морето");
  if (a.oldTownView) views.add("на Старый город", "към Стария град");
  if (a.parkView) views.add("на парк", "към парка");
  if (a.mountainView) views.add("на горы Странджи", "към Странджа планина");
  if (a.pool && a.type === "apartment" && views.ru.length < 2 && chance(rng, 0.5)) views.add("на бассейн", "към басейна");
  if (a.garden && views.ru.length === 0) views.add("на сад", "към градината");
  if (a.beachM === null) views.add("на поля и виноградники", "към полята и лозята");
  const p3ru: string[] = [];
  const p3bg: string[] = [];
  if (views.ru.length > 0) {
    const shown = views.ru.slice(0, 2);
    const shownBg = views.bg.slice(0, 2);
    p3ru.push(`${a.type === "house" ? "Из дома" : "Из окон"} открывается вид ${shown.join(" и ")}.`);
    p3bg.push(`${a.type === "house" ? "От къщата" : "От прозорците"} се открива гледка ${shownBg.join(" и ")}.`);
  }
  if (a.beachM !== null) {
    const min = minutesWalk(a.beachM);
    p3ru.push(`До пляжа — ${num(a.beachM)} м (${min} ${ruPlural(min, "минута", "минуты", "минут")} пешком), до центра — ${num(a.centreM)} м.`);
    p3bg.push(`До плажа има ${num(a.beachM)} м (${min} ${bgPlural(min, "минута", "минути")} пеша), до центъра — ${num(a.centreM)} м.`);
  } else if (a.seaKm !== null) {
    p3ru.push(`До моря — ${a.seaKm} км, до аэропорта Бургас — ${a.airportMin} минут на машине.`);
    p3bg.push(`До морето има ${a.seaKm} км, до летище Бургас — ${a.airportMin} минути с кола.`);
  }
  if (chance(rng, 0.3) && a.seaKm === null) {
    p3ru.push(`Аэропорт Бургас — в ${a.airportMin} минутах езды.`);
    p3bg.push(`Летище Бургас е на ${a.airportMin} минути с кола.`);
  }
  const flavour = pick(rng, place.flavour);
  p3ru.push(flavour[0]);
  p3bg.push(flavour[1]);
  ru.push(p3ru.join(" "));
  bg.push(p3bg.join(" "));

  // 4. Complex or yard.
  const amen = new Bilingual();
  if (a.pool) amen.add("бассейн", "басейн");
  if (a.security) amen.add("охрана с видеонаблюдением", "охрана с видеонаблюдение");
  if (a.parking === "underground") amen.add("подземный паркинг", "подземен паркинг");
  if (a.parking === "garage") amen.add("гараж", "гараж");
  if (a.parking === "open") amen.add(a.type === "house" ? "место для двух машин" : "парковка", a.type === "house" ? "място за две коли" : "паркинг");
  if (a.playground) amen.add("детская площадка", "детска площадка");
  if (a.fitness) amen.add("фитнес-зал", "фитнес");
  if (a.bbq) amen.add("барбекю", "барбекю");
  if (a.summerKitchen) amen.add("летняя кухня", "лятна кухня");
  const p4ru: string[] = [];
  const p4bg: string[] = [];
  if (a.type === "house") {
    if (a.garden) {
      p4ru.push(amen.ru.length ? `Двор озеленён, есть ${listAnd(amen.ru)}.` : "Двор озеленён, с фруктовыми деревьями.");
      p4bg.push(amen.bg.length ? `Дворът е озеленен, има ${listAnd(amen.bg)}.` : "Дворът е озеленен, с овощни дървета.");
    } else if (amen.ru.length) {
      p4ru.push(`Во дворе: ${listAnd(amen.ru)}.`);
      p4bg.push(`В двора: ${listAnd(amen.bg)}.`);
    }
  } else if (a.complex && amen.ru.length) {
    p4ru.push(`На территории комплекса: ${listAnd(amen.ru)}.`);
    p4bg.push(`В комплекса има ${listAnd(amen.bg)}.`);
  } else if (amen.ru.length) {
    p4ru.push(`Рядом с домом — ${listAnd(amen.ru)}.`);
    p4bg.push(`До сградата има ${listAnd(amen.bg)}.`);
  }
  if (a.feePerM2 !== null) {
    p4ru.push(`Годовая плата за обслуживание — ${a.feePerM2} € за м².`);
    p4bg.push(`Годишна такса поддръжка — ${a.feePerM2} € на м².`);
  } else if (a.type === "apartment") {
    p4ru.push("Платы за обслуживание нет.");
    p4bg.push("Няма такса поддръжка.");
  }
  if (p4ru.length) {
    ru.push(p4ru.join(" "));
    bg.push(p4bg.join(" "));
  }

  // 5. Condition and closing.
  const p5ru: string[] = [];
  const p5bg: string[] = [];
  if (a.furnished) {
    p5ru.push("Продаётся с мебелью и бытовой техникой — можно заезжать сразу.");
    p5bg.push("Продава се с обзавеждане и техника — може да се нанесете веднага.");
  } else if (a.year !== null && a.year >= 2019) {
    p5ru.push("Продаётся без мебели, с отделкой «под ключ».");
    p5bg.push("Продава се без обзавеждане, до ключ.");
  } else if (a.renovated) {
    p5ru.push("Недавно сделан ремонт, заменены окна и сантехника.");
    p5bg.push("Наскоро е направен ремонт, сменени са дограмата и ВиК инсталацията.");
  }
  // Plural items first, so the verb agrees with what follows it.
  const comfort = new Bilingual();
  if (a.airCon) comfort.add("кондиционеры", "климатици");
  if (a.solar) comfort.add("солнечные панели", "соларни панели");
  if (a.underfloor) comfort.add("тёплый пол", "подово отопление");
  if (comfort.ru.length) {
    const plural = a.airCon || a.solar;
    p5ru.push(`${plural ? "Установлены" : "Установлен"} ${listAnd(comfort.ru)}.`);
    p5bg.push(`${plural ? "Монтирани са" : "Монтирано е"} ${listAnd(comfort.bg)}.`);
  }
  if (a.installments) {
    p5ru.push("Возможна рассрочка от застройщика.");
    p5bg.push("Възможно е разсрочено плащане от строителя.");
  }
  if (!hasPrice) {
    p5ru.push("Цена — по запросу.");
    p5bg.push("Цена при запитване.");
  }
  const closings: Pair[] = [
    ["Отличный вариант для постоянного проживания или сдачи в аренду.", "Отличен вариант за постоянно живеене или отдаване под наем."],
    ["Звоните — покажем в удобное время, возможен онлайн-просмотр.", "Обадете се — ще ви покажем имота в удобно време, възможен е и онлайн оглед."],
    ["Документы в порядке, сделка оформляется у нотариуса.", "Документите са изрядни, сделката се сключва при нотариус."],
    ["Хороший потенциал для сдачи в аренду в сезон.", "Добър потенциал за отдаване под наем през сезона."],
    ["Идеальное место для отдыха всей семьёй.", "Идеално място за почивка с цялото семейство."],
  ];
  const closing = pick(rng, closings);
  p5ru.push(closing[0]);
  p5bg.push(closing[1]);
  ru.push(p5ru.join(" "));
  bg.push(p5bg.join(" "));

  return [ru.join("\n\n"), bg.join("\n\n")];
}

function featuresFor(rng: Rng, a: Attributes): [string[], string[]] {
  const all: Pair[] = [];
  if (a.seaView) all.push(["Вид на море", "Морска гледка"]);
  if (a.beachM !== null && a.beachM <= 1000) all.push([`До пляжа ${num(a.beachM)} м`, `До плажа ${num(a.beachM)} м`]);
  if (a.seaKm !== null) all.push([`До моря ${a.seaKm} км`, `До морето ${a.seaKm} км`]);
  if (a.type === "apartment") all.push([`Этаж ${a.floor} из ${a.floors}`, `Етаж ${a.floor} от ${a.floors}`]);
  else all.push([`Этажей: ${a.floors}`, `Етажи: ${a.floors}`]);
  if (a.plotM2) all.push([`Участок ${num(a.plotM2)} м²`, `Парцел ${num(a.plotM2)} м²`]);
  if (a.pool) all.push(["Бассейн", "Басейн"]);
  if (a.parkView) all.push(["Рядом парк", "До парк"]);
  if (a.mountainView) all.push(["Вид на горы", "Гледка към планината"]);
  if (a.lift) all.push(["Лифт", "Асансьор"]);
  if (a.furnished) all.push(["Мебель", "Обзавеждане"]);
  if (a.airCon) all.push(["Кондиционер", "Климатик"]);
  if (a.underfloor) all.push(["Тёплый пол", "Подово отопление"]);
  if (a.terraceM2) all.push([`Терраса ${a.terraceM2} м²`, `Тераса ${a.terraceM2} м²`]);
  else if (a.balconies > 0) all.push(["Балкон", "Балкон"]);
  if (a.parking === "underground") all.push(["Подземный паркинг", "Подземен паркинг"]);
  if (a.parking === "open") all.push(["Парковка", "Паркинг"]);
  if (a.parking === "garage") all.push(["Гараж", "Гараж"]);
  if (a.security) all.push(["Охрана 24/7", "Охрана 24/7"]);
  if (a.playground) all.push(["Детская площадка", "Детска площадка"]);
  if (a.fitness) all.push(["Фитнес-зал", "Фитнес"]);
  if (a.garden) all.push(["Сад", "Градина"]);
  if (a.bbq) all.push(["Барбекю", "Барбекю"]);
  if (a.fireplace) all.push(["Камин", "Камина"]);
  if (a.solar) all.push(["Солнечные панели", "Соларни панели"]);
  if (a.act16) all.push(["Акт 16", "Акт 16"]);
  if (a.year !== null && a.year >= 2023) all.push(["Новостройка", "Ново строителство"]);
  if (a.installments) all.push(["Рассрочка", "Разсрочено плащане"]);
  if (a.feePerM2 === null && a.type === "apartment") all.push(["Без платы за обслуживание", "Без такса поддръжка"]);
  const kept = someFeatures(rng, all);
  return [kept.map((p) => p[0]), kept.map((p) => p[1])];
}

/** 4 to 10 of a listing's features, in their order (important first): not every listing shows everything (english.ts too). */
export function someFeatures<T>(rng: Rng, all: readonly T[]): T[] {
  const count = Math.min(all.length, int(rng, 4, 10));
  const chosen = new Set(
    sample(
      rng,
      all.map((_, i) => i),
      count,
    ),
  );
  return all.filter((_, i) => chosen.has(i));
}

/**
 * Neighbourhoods of the default places, on land (points are drawn within
 * ~200 m of one); a place not listed here gets no point.
 */
const NEIGHBOURHOODS: Record<string, readonly (readonly [number, number])[]> = {
  Созополь: [
    [42.416, 27.6955],
    [42.4115, 27.697],
    [42.409, 27.694],
    [42.405, 27.6975],
  ],
  Черноморец: [
    [42.445, 27.639],
    [42.442, 27.635],
    [42.447, 27.633],
  ],
  Равда: [
    [42.644, 27.675],
    [42.64, 27.674],
    [42.646, 27.672],
  ],
  Бургас: [
    [42.499, 27.465],
    [42.505, 27.46],
    [42.515, 27.462],
    [42.492, 27.47],
  ],
  Каблешково: [
    [42.653, 27.569],
    [42.655, 27.565],
    [42.65, 27.572],
  ],
  Приморско: [
    [42.266, 27.756],
    [42.263, 27.759],
    [42.27, 27.752],
  ],
};

/** A listing's point: near one of its place's neighbourhoods (6 decimals), a quarter of them (more houses) approximate. */
function pointFor(index: number, location: DemoLocation, type: DemoPropertyType) {
  const areas = NEIGHBOURHOODS[location.name.trim()];
  const rng = rngFor("point", index);
  if (!areas) return { lat: null, lng: null, location_precision: "exact" as const };
  const [lat, lng] = pick(rng, areas);
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return {
    lat: round(lat + float(rng, -0.0018, 0.0018)),
    lng: round(lng + float(rng, -0.0024, 0.0024)),
    location_precision: chance(rng, type === "house" ? 0.4 : 0.2) ? ("approximate" as const) : ("exact" as const),
  };
}

/** Reference prefixes of the default places; others get "BG". */
const REFERENCE_PREFIX: Record<string, string> = { Созополь: "SZ", Черноморец: "CH", Равда: "RV", Бургас: "BS", Каблешково: "KB", Приморско: "PR" };

const COMPLEXES = ["Marina Bay", "Sea Garden", "Pine Residence", "Sunny Hills", "Blue Bay", "Aqua Vista", "Green Life", "Old Port Residence"];

/** The typed facts of a listing (its own random stream, so the texts stay as they were). */
function factsFor(index: number, location: DemoLocation, a: Attributes, price: number | null) {
  const rng = rngFor("facts", index);
  const building: DemoListing["construction_stage"] = a.act16 ? "act16" : a.year !== null && a.year >= 2023 ? (chance(rng, 0.5) ? "act14" : "act15") : null;
  const cut = price !== null && chance(rng, 0.08);
  return {
    status: weighted(rng, [
      ["available", 0.88],
      ["reserved", 0.07],
      ["sold", 0.05],
    ] as const),
    reference: `${REFERENCE_PREFIX[location.name.trim()] ?? "BG"}-${1000 + index + 1}`,
    sea_distance_m: a.beachM ?? (a.seaKm === null ? null : a.seaKm * 1000),
    sea_line: a.beachM === null ? null : a.beachM <= 150 ? (1 as const) : a.beachM <= 400 ? (2 as const) : null,
    sea_view: a.seaView,
    floor: a.type === "apartment" ? a.floor : null,
    floors_total: a.floors,
    construction_stage: building,
    completion_quarter: building === "act14" || building === "act15" ? `${int(rng, 2026, 2028)}-Q${int(rng, 1, 4)}` : null,
    maintenance_fee_eur_m2: a.feePerM2,
    furnished: a.furnished ? (chance(rng, 0.2) ? ("partly" as const) : ("full" as const)) : ("none" as const),
    pool: a.pool,
    parking: a.parking !== "none",
    plot_area: a.plotM2,
    complex_name: a.complex && a.type === "apartment" ? pick(rng, COMPLEXES) : null,
    featured: index % 16 === 3,
    listed_price: cut ? Math.round((price * (1 + float(rng, 0.04, 0.12))) / 500) * 500 : null,
  };
}

/**
 * The demo listing number `index` (0-based) in `location`. Pure and
 * deterministic: the same arguments always give the same listing.
 */
export function demoListing(index: number, location: DemoLocation): DemoListing {
  const rng = rngFor("listing", index);
  const place = placeFor(location);
  const a = attributesFor(rng, place);
  const hasPrice = !chance(rng, NO_PRICE_SHARE);
  const price = priceFor(rng, a, place);
  const hasBulgarian = !chance(rng, NO_BULGARIAN_SHARE);
  const [title, titleBg] = titleFor(rng, a, place);
  const [description, descriptionBg] = descriptionFor(rng, a, place, hasPrice);
  const [features, featuresBg] = featuresFor(rng, a);
  return {
    ...englishTexts(index, location.name, location.name_bg, a, hasPrice),
    title,
    title_bg: hasBulgarian ? titleBg : "",
    description,
    description_bg: hasBulgarian ? descriptionBg : "",
    price: hasPrice ? price : null,
    area: a.area,
    property_type: a.type,
    bedrooms: a.bedrooms,
    bathrooms: a.bathrooms,
    year_built: a.year,
    features,
    features_bg: hasBulgarian ? featuresBg : [],
    ...factsFor(index, location, a, hasPrice ? price : null),
    ...pointFor(index, location, a.type),
  };
}
