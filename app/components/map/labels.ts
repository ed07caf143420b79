import type { Lang } from "~/i18n";
import { pluralCategory } from "~/i18n/plural";

/**
 * Texts of the maps themselves (issue 21). They live beside the map code, not
 * in the page dictionaries, so they travel in the map's lazy chunk and cost
 * the pages nothing until a map opens (decision 0025).
 */
export type MapLabels = {
  /** The map's accessible name (the listing's map). */
  region: string;
  /** The property page's map. */
  propertyRegion: string;
  failed: string;
  retry: string;
  searchOnMove: string;
  truncated: (count: number) => string;
  noPoints: string;
  /** A cluster marker: how many, and what a press does. */
  cluster: (count: number) => string;
  /** A cluster that stays one at the deepest zoom (one building): a press lists its properties. */
  clusterList: (count: number) => string;
  priceOnRequest: string;
  more: string;
  zoomIn: string;
  zoomOut: string;
  status: { reserved: string; sold: string };
  /** A complex's marker (issue 33): its name and how many of its units the listing found. */
  complex: (name: string, units: number) => string;
  /** A cluster of complexes' markers. */
  complexCluster: (count: number) => string;
  /** Its popup's link to the complex's page. */
  complexOpen: string;
  /** «from 85 000 €» in its popup. */
  priceFrom: (price: string) => string;
  /** The admin's pin (Russian only: the admin is in Russian). */
  pin: string;
  /** The admin's map (its name; the how-to is the form's hint beside it). */
  pinMap: string;
};

const COUNT: Record<Lang, Record<"one" | "few" | "many" | "other", string>> = {
  ru: { one: "{n} объект", few: "{n} объекта", many: "{n} объектов", other: "{n} объекта" },
  bg: { one: "{n} имот", few: "{n} имота", many: "{n} имота", other: "{n} имота" },
  en: { one: "{n} property", few: "{n} properties", many: "{n} properties", other: "{n} properties" },
};
const count = (lang: Lang, n: number) => COUNT[lang][pluralCategory(n, lang)].replace("{n}", String(n));

export const MAP_LABELS: Record<Lang, MapLabels> = {
  ru: {
    region: "Карта найденных объектов",
    propertyRegion: "Объект на карте",
    failed: "Не удалось загрузить карту.",
    retry: "Повторить",
    searchOnMove: "Искать при перемещении карты",
    truncated: (n) => `На карте первые ${n} объектов — уточните фильтры.`,
    noPoints: "У найденных объектов нет точки на карте.",
    cluster: (n) => `${count("ru", n)} рядом — приблизить`,
    clusterList: (n) => `${count("ru", n)} в одном месте — показать списком`,
    priceOnRequest: "По запросу",
    more: "Подробности",
    zoomIn: "Приблизить",
    zoomOut: "Отдалить",
    status: { reserved: "Забронировано", sold: "Продано" },
    complex: (name, units) => `Комплекс ${name}: ${count("ru", units)}`,
    complexCluster: (n) => `Комплексов рядом: ${n} — приблизить`,
    complexOpen: "Страница комплекса",
    priceFrom: (price) => `от ${price}`,
    pin: "Точка объекта: стрелки двигают её, Shift со стрелкой — быстрее",
    pinMap: "Карта для выбора точки",
  },
  bg: {
    region: "Карта на намерените имоти",
    propertyRegion: "Имотът на картата",
    failed: "Картата не можа да се зареди.",
    retry: "Опитай отново",
    searchOnMove: "Търси при преместване на картата",
    truncated: (n) => `На картата са първите ${n} имота — уточнете филтрите.`,
    noPoints: "Намерените имоти нямат точка на картата.",
    cluster: (n) => `${count("bg", n)} наблизо — увеличи`,
    clusterList: (n) => `${count("bg", n)} на едно място — покажи списък`,
    priceOnRequest: "При запитване",
    more: "Подробности",
    zoomIn: "Увеличи",
    zoomOut: "Намали",
    status: { reserved: "Резервиран", sold: "Продаден" },
    complex: (name, units) => `Комплекс ${name}: ${count("bg", units)}`,
    complexCluster: (n) => `Комплекси наблизо: ${n} — увеличи`,
    complexOpen: "Страница на комплекса",
    priceFrom: (price) => `от ${price}`,
    pin: "Точка на имота: стрелките я местят, Shift със стрелка — по-бързо",
    pinMap: "Карта за избор на точка",
  },
  en: {
    region: "Map of the properties found",
    propertyRegion: "The property on the map",
    failed: "The map could not be loaded.",
    retry: "Try again",
    searchOnMove: "Search as the map moves",
    truncated: (n) => `The map shows the first ${n} properties — narrow the filters.`,
    noPoints: "None of the properties found has a point on the map.",
    cluster: (n) => `${count("en", n)} nearby — zoom in`,
    clusterList: (n) => `${count("en", n)} in one place — show as a list`,
    priceOnRequest: "Price on request",
    more: "Details",
    zoomIn: "Zoom in",
    zoomOut: "Zoom out",
    status: { reserved: "Reserved", sold: "Sold" },
    complex: (name, units) => `${name} complex: ${count("en", units)}`,
    complexCluster: (n) => `${n} complexes nearby — zoom in`,
    complexOpen: "The complex's page",
    priceFrom: (price) => `from ${price}`,
    pin: "The property's point: the arrow keys move it, Shift with an arrow moves it faster",
    pinMap: "Map for choosing the point",
  },
};
