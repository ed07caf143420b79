/**
 * The listing's stage filter choices (issue 30): short enough for a phone's
 * select at 360 px, where the property page's full wording is cut. A module of
 * its own: the listing loads it, property pages (whose JavaScript budget is
 * nearly spent) do not.
 */
import type { ConstructionStage } from "~/lib/property-facts";
import type { Lang } from "./lang";

export const STAGE_FILTER_TEXTS: Record<Lang, Record<ConstructionStage, string>> = {
  ru: { act14: "Акт 14 — каркас построен", act15: "Акт 15 — стройка завершена", act16: "Акт 16 — дом сдан" },
  bg: { act14: "Акт 14 — груб строеж", act15: "Акт 15 — завършен строеж", act16: "Акт 16 — разрешено ползване" },
  en: { act14: "Act 14 — frame built", act15: "Act 15 — construction done", act16: "Act 16 — ready to move in" },
};
