/**
 * Cyrillic to Latin letters by Bulgaria's official system (the Transliteration
 * Act, 2009: Черноморец → Chernomorets, София → Sofia), used for English place
 * names and Latin addresses (issue 31). The few Russian letters Bulgarian has
 * not (ё, ы, э) get their usual Latin spellings. Anything else stays as it is.
 */
const LETTERS: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "h",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "sht",
  ъ: "a",
  ь: "y",
  ю: "yu",
  я: "ya",
  ё: "yo",
  ы: "y",
  э: "e",
};

function latin(letter: string, next: string | undefined, prev: string | undefined): string {
  const lower = letter.toLowerCase();
  // The act's one rule of context: «ия» at the end of a word is "ia" (София → Sofia).
  const out = lower === "я" && prev?.toLowerCase() === "и" && !/\p{L}/u.test(next ?? "") ? "a" : LETTERS[lower];
  if (out === undefined) return letter;
  if (letter === lower) return out;
  // Capitals: Ж → Zh before a small letter, ZH in a word of capitals.
  const allCaps = next !== undefined && /\p{Lu}/u.test(next);
  return allCaps ? out.toUpperCase() : out.charAt(0).toUpperCase() + out.slice(1);
}

export function transliterate(text: string): string {
  const chars = [...text.normalize("NFC")];
  return chars.map((c, i) => latin(c, chars[i + 1], chars[i - 1])).join("");
}
