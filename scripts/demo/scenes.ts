/**
 * Seaside pictures drawn as SVG (sky, sun, clouds, a headland, the sea, a
 * sandy beach, buildings, trees, parasols…) — each one different, all of them
 * deterministic given their number. `sceneSvg()` is pure; images.ts turns the
 * SVG into JPEG with sharp.
 */
import { chance, float, int, pick, rngFor, type Rng } from "./random";

export const SCENE_WIDTH = 1200;
export const SCENE_HEIGHT = 800;

/** "apartment"/"house": a listing photo with that kind of building; "town": a location view. */
export type SceneKind = "apartment" | "house" | "town";

// ---------------------------------------------------------------------------
// Colours

function hexToHsl(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  const r = ((n >> 16) & 255) / 255;
  const g = ((n >> 8) & 255) / 255;
  const b = (n & 255) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l * 100];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h *= 60;
  return [h, s * 100, l * 100];
}

function hsl(h: number, s: number, l: number): string {
  const hh = ((h % 360) + 360) % 360;
  const ss = Math.min(100, Math.max(0, s));
  const ll = Math.min(100, Math.max(0, l));
  return `hsl(${hh.toFixed(1)},${ss.toFixed(1)}%,${ll.toFixed(1)}%)`;
}

/** A colour nudged by the scene's hue/saturation/lightness shift. */
function tint(hex: string, shift: { h: number; s: number; l: number }, extraL = 0): string {
  const [h, s, l] = hexToHsl(hex);
  return hsl(h + shift.h, s + shift.s, l + shift.l + extraL);
}

interface Palette {
  sky: [string, string, string];
  sun: string;
  glow: string;
  sea: [string, string];
  hill: string;
  sand: [string, string];
  cloud: string;
  /** 0 = flat midday light, 1 = long golden light. */
  warmth: number;
}

const PALETTES: readonly Palette[] = [
  // clear morning
  {
    sky: ["#7fb6ee", "#bcdcf7", "#ffe6c9"],
    sun: "#fff4c2",
    glow: "#ffe9a8",
    sea: ["#2b7fb5", "#7cc6df"],
    hill: "#5f7f86",
    sand: ["#f1dcb0", "#e3c48d"],
    cloud: "#ffffff",
    warmth: 0.3,
  },
  // bright noon
  {
    sky: ["#2f86de", "#74b7f0", "#d3ecff"],
    sun: "#fffbe6",
    glow: "#fff6c8",
    sea: ["#0d6aa6", "#37b3cf"],
    hill: "#4f7b6a",
    sand: ["#f4e2bb", "#e6cc98"],
    cloud: "#ffffff",
    warmth: 0,
  },
  // turquoise afternoon
  {
    sky: ["#4c9fe8", "#9fd0f5", "#eaf6ff"],
    sun: "#fffce8",
    glow: "#fff3c0",
    sea: ["#127a9c", "#4fd0c9"],
    hill: "#587a5e",
    sand: ["#f6e6c4", "#e9d09f"],
    cloud: "#ffffff",
    warmth: 0.1,
  },
  // golden hour
  {
    sky: ["#5b7fcf", "#f3b27a", "#ffe2b0"],
    sun: "#fff0a8",
    glow: "#ffd27f",
    sea: ["#34598f", "#d69a6c"],
    hill: "#6b5a6e",
    sand: ["#efcf9f", "#d9ad78"],
    cloud: "#ffe7cf",
    warmth: 0.8,
  },
  // pink sunset
  {
    sky: ["#3f4a8f", "#d9798a", "#f8c09a"],
    sun: "#fff1c4",
    glow: "#ffb38a",
    sea: ["#35507f", "#c77c84"],
    hill: "#4f3f5f",
    sand: ["#e9c39b", "#cf9f79"],
    cloud: "#ffd6d0",
    warmth: 1,
  },
  // soft haze
  {
    sky: ["#8aaed6", "#c9dcee", "#f5efe4"],
    sun: "#fffaf0",
    glow: "#fff1d8",
    sea: ["#4a84a8", "#a6cfd8"],
    hill: "#7d8f94",
    sand: ["#efe0c3", "#dcc59c"],
    cloud: "#ffffff",
    warmth: 0.2,
  },
];

const WALLS = ["#f7f3ea", "#f3e6cf", "#f6d9b8", "#e8eef3", "#f2d4c4", "#fbf7f0", "#e9dcc4", "#dfe9e1", "#f4e9d8"];
const ROOFS = ["#b9532f", "#c8643a", "#a9472f", "#8f4a3a", "#c0703f"];
const ACCENTS = ["#2f6f9f", "#3f8f8a", "#6a5a8f", "#c05a4a", "#d08a2f", "#2f8f5f"];
const PARASOLS = ["#e4572e", "#f3a712", "#29335c", "#2a9d8f", "#e76f51", "#ffffff", "#3a86ff"];

// ---------------------------------------------------------------------------
// Pieces

const f = (n: number) => n.toFixed(1);

function cloud(rng: Rng, x: number, y: number, scale: number): string {
  const parts: string[] = [];
  const puffs = int(rng, 4, 7);
  for (let i = 0; i < puffs; i++) {
    const px = x + (i - puffs / 2) * 38 * scale + float(rng, -10, 10) * scale;
    const py = y + float(rng, -18, 8) * scale;
    parts.push(`<ellipse cx="${f(px)}" cy="${f(py)}" rx="${f(float(rng, 48, 80) * scale)}" ry="${f(float(rng, 28, 42) * scale)}"/>`);
  }
  // Soft edges come from a radial gradient (a blur filter would cost more than the rest of the picture).
  return `<g fill="url(#puff)" opacity="${f(float(rng, 0.6, 0.95))}">${parts.join("")}</g>`;
}

/** A smooth ridge line from left to right, as a closed shape down to `bottom`. */
function ridge(rng: Rng, x0: number, x1: number, base: number, height: number, bottom: number, color: string, opacity = 1): string {
  const steps = 6;
  let d = `M${f(x0)},${f(base)}`;
  for (let i = 1; i <= steps; i++) {
    const x = x0 + ((x1 - x0) * i) / steps;
    const mid = Math.sin((Math.PI * i) / steps);
    const y = i === steps ? base : base - height * mid * float(rng, 0.7, 1.1);
    const cx = x - (x1 - x0) / steps / 2;
    d += ` Q${f(cx)},${f(y - float(rng, 0, height * 0.3))} ${f(x)},${f(y)}`;
  }
  d += ` L${f(x1)},${f(bottom)} L${f(x0)},${f(bottom)} Z`;
  return `<path d="${d}" fill="${color}" opacity="${f(opacity)}"/>`;
}

function windowsGrid(x: number, y: number, w: number, h: number, cols: number, rows: number, color: string, frame: string): string {
  const out: string[] = [];
  const cw = w / cols;
  const rh = h / rows;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const wx = x + c * cw + cw * 0.22;
      const wy = y + r * rh + rh * 0.2;
      out.push(`<rect x="${f(wx)}" y="${f(wy)}" width="${f(cw * 0.56)}" height="${f(rh * 0.55)}" fill="${color}" stroke="${frame}" stroke-width="2"/>`);
    }
  }
  return out.join("");
}

function apartmentBlock(rng: Rng, x: number, ground: number, w: number, h: number, glass: string, light: number): string {
  const wall = pick(rng, WALLS);
  const accent = pick(rng, ACCENTS);
  const floors = Math.max(3, Math.round(h / 48));
  const cols = Math.max(3, Math.round(w / 62));
  const top = ground - h;
  const out: string[] = [];
  // Body and a shaded side.
  out.push(`<rect x="${f(x)}" y="${f(top)}" width="${f(w)}" height="${f(h)}" fill="${wall}"/>`);
  out.push(`<rect x="${f(x + w)}" y="${f(top + 6)}" width="${f(w * 0.18)}" height="${f(h - 6)}" fill="${wall}"/>`);
  out.push(`<rect x="${f(x + w)}" y="${f(top + 6)}" width="${f(w * 0.18)}" height="${f(h - 6)}" fill="#000" opacity="${f(0.18 + light * 0.1)}"/>`);
  // Roof slab.
  out.push(`<rect x="${f(x - 6)}" y="${f(top - 10)}" width="${f(w * 1.18 + 12)}" height="12" fill="${accent}" opacity="0.85"/>`);
  out.push(windowsGrid(x + 8, top + 14, w - 16, h - 60, cols, floors - 1, glass, "#ffffff"));
  // Balcony rails on every floor.
  const rh = (h - 60) / (floors - 1);
  for (let r = 1; r < floors; r++) {
    const y = top + 14 + r * rh - 6;
    out.push(`<rect x="${f(x - 4)}" y="${f(y)}" width="${f(w + 8)}" height="5" fill="${accent}" opacity="0.7"/>`);
  }
  // Entrance.
  out.push(`<rect x="${f(x + w / 2 - 22)}" y="${f(ground - 46)}" width="44" height="46" fill="${accent}"/>`);
  out.push(`<rect x="${f(x + w / 2 - 34)}" y="${f(ground - 52)}" width="68" height="8" fill="#ffffff" opacity="0.9"/>`);
  return out.join("");
}

function house(rng: Rng, x: number, ground: number, w: number, h: number, glass: string, light: number): string {
  const wall = pick(rng, WALLS);
  const roof = pick(rng, ROOFS);
  const accent = pick(rng, ACCENTS);
  const storeys = h > 150 ? 2 : 1;
  const top = ground - h;
  const roofH = w * float(rng, 0.22, 0.32);
  const out: string[] = [];
  out.push(`<rect x="${f(x)}" y="${f(top)}" width="${f(w)}" height="${f(h)}" fill="${wall}"/>`);
  out.push(`<rect x="${f(x + w * 0.62)}" y="${f(top)}" width="${f(w * 0.38)}" height="${f(h)}" fill="#000" opacity="${f(0.06 + light * 0.08)}"/>`);
  // Hipped roof with eaves.
  out.push(
    `<path d="M${f(x - 18)},${f(top + 4)} L${f(x + w * 0.25)},${f(top - roofH)} L${f(x + w * 0.75)},${f(top - roofH)} L${f(x + w + 18)},${f(top + 4)} Z" fill="${roof}"/>`,
  );
  out.push(`<rect x="${f(x + w * 0.7)}" y="${f(top - roofH - 10)}" width="18" height="${f(roofH * 0.6)}" fill="${roof}" opacity="0.9"/>`);
  // Windows with shutters.
  const cols = Math.max(2, Math.round(w / 90));
  const rowH = h / storeys;
  for (let s = 0; s < storeys; s++) {
    for (let c = 0; c < cols; c++) {
      const cx = x + (w / cols) * (c + 0.5);
      const wy = top + s * rowH + rowH * 0.22;
      const ww = 34;
      const wh = rowH * 0.45;
      if (s === storeys - 1 && c === Math.floor(cols / 2)) continue; // the door goes here
      out.push(`<rect x="${f(cx - ww / 2)}" y="${f(wy)}" width="${ww}" height="${f(wh)}" fill="${glass}" stroke="#ffffff" stroke-width="3"/>`);
      out.push(`<rect x="${f(cx - ww / 2 - 14)}" y="${f(wy)}" width="12" height="${f(wh)}" fill="${accent}"/>`);
      out.push(`<rect x="${f(cx + ww / 2 + 2)}" y="${f(wy)}" width="12" height="${f(wh)}" fill="${accent}"/>`);
    }
  }
  const doorX = x + (w / cols) * (Math.floor(cols / 2) + 0.5);
  out.push(`<rect x="${f(doorX - 20)}" y="${f(ground - rowH * 0.62)}" width="40" height="${f(rowH * 0.62)}" fill="${accent}" rx="3"/>`);
  if (storeys === 2) {
    out.push(`<rect x="${f(x - 8)}" y="${f(top + rowH - 6)}" width="${f(w + 16)}" height="7" fill="#ffffff" opacity="0.85"/>`);
  }
  return out.join("");
}

function palm(rng: Rng, x: number, ground: number, h: number): string {
  const lean = float(rng, -50, 50);
  const topX = x + lean;
  const topY = ground - h;
  const out = [
    `<path d="M${f(x)},${f(ground)} Q${f(x + lean * 0.2)},${f(ground - h * 0.5)} ${f(topX)},${f(topY)}" stroke="#7a5a3a" stroke-width="12" fill="none" stroke-linecap="round"/>`,
  ];
  // Fronds: curved leaves fanning out and drooping at the tips.
  const leaves = int(rng, 7, 9);
  const green = pick(rng, ["#3f7d3a", "#4a8a3f", "#356e34"]);
  for (let i = 0; i < leaves; i++) {
    const angle = Math.PI + (Math.PI * i) / (leaves - 1) + float(rng, -0.15, 0.15);
    const len = h * float(rng, 0.38, 0.5);
    const ex = topX + Math.cos(angle) * len;
    const ey = topY + Math.sin(angle) * len * 0.55 + len * 0.45;
    const cx = topX + Math.cos(angle) * len * 0.6;
    const cy = topY + Math.sin(angle) * len * 0.6 - len * 0.15;
    const wdt = len * 0.12;
    out.push(`<path d="M${f(topX)},${f(topY)} Q${f(cx)},${f(cy - wdt)} ${f(ex)},${f(ey)} Q${f(cx)},${f(cy + wdt)} ${f(topX)},${f(topY)} Z" fill="${green}"/>`);
  }
  out.push(`<circle cx="${f(topX)}" cy="${f(topY + 4)}" r="${f(h * 0.035)}" fill="#6b4a2a"/>`);
  return out.join("");
}

function pine(rng: Rng, x: number, ground: number, h: number): string {
  const out = [`<rect x="${f(x - 5)}" y="${f(ground - h * 0.7)}" width="10" height="${f(h * 0.7)}" fill="#6b4a32"/>`];
  const clumps = int(rng, 3, 5);
  for (let i = 0; i < clumps; i++) {
    out.push(
      `<ellipse cx="${f(x + float(rng, -h * 0.25, h * 0.25))}" cy="${f(ground - h * float(rng, 0.7, 0.95))}" rx="${f(h * float(rng, 0.22, 0.34))}" ry="${f(h * float(rng, 0.1, 0.15))}" fill="${pick(rng, ["#2f5e3a", "#3a6b40", "#284f33"])}"/>`,
    );
  }
  return out.join("");
}

function parasol(rng: Rng, x: number, y: number, size: number): string {
  const color = pick(rng, PARASOLS);
  const second = pick(rng, PARASOLS);
  return [
    `<line x1="${f(x)}" y1="${f(y)}" x2="${f(x)}" y2="${f(y - size)}" stroke="#5a4632" stroke-width="4"/>`,
    `<path d="M${f(x - size * 0.6)},${f(y - size * 0.85)} Q${f(x)},${f(y - size * 1.35)} ${f(x + size * 0.6)},${f(y - size * 0.85)} Z" fill="${color}"/>`,
    `<path d="M${f(x - size * 0.2)},${f(y - size * 0.85)} Q${f(x)},${f(y - size * 1.3)} ${f(x + size * 0.2)},${f(y - size * 0.85)} Z" fill="${second}" opacity="0.9"/>`,
    `<ellipse cx="${f(x + size * 0.15)}" cy="${f(y + 3)}" rx="${f(size * 0.55)}" ry="${f(size * 0.08)}" fill="#000" opacity="0.12"/>`,
  ].join("");
}

function sailboat(rng: Rng, x: number, y: number, size: number): string {
  const sail = pick(rng, ["#ffffff", "#fff4e0", "#ffe0d0"]);
  return [
    `<path d="M${f(x - size * 0.6)},${f(y)} L${f(x + size * 0.6)},${f(y)} L${f(x + size * 0.45)},${f(y + size * 0.18)} L${f(x - size * 0.45)},${f(y + size * 0.18)} Z" fill="#3a3a4a"/>`,
    `<path d="M${f(x)},${f(y - 2)} L${f(x)},${f(y - size * 1.3)} L${f(x + size * 0.55)},${f(y - 2)} Z" fill="${sail}"/>`,
    `<path d="M${f(x - 4)},${f(y - 2)} L${f(x - 4)},${f(y - size * 1.05)} L${f(x - size * 0.4)},${f(y - 2)} Z" fill="${sail}" opacity="0.85"/>`,
  ].join("");
}

// ---------------------------------------------------------------------------
// The scene

/** SVG text of picture `index` of the given kind (deterministic). */
export function sceneSvg(index: number, kind: SceneKind): string {
  const rng = rngFor(`scene-${kind}`, index);
  const W = SCENE_WIDTH;
  const H = SCENE_HEIGHT;
  const palette = PALETTES[(index + (kind === "town" ? 2 : 0)) % PALETTES.length]!;
  const shift = { h: float(rng, -14, 14), s: float(rng, -8, 8), l: float(rng, -4, 4) };
  const t = (hex: string, l = 0) => tint(hex, shift, l);

  const horizon = float(rng, 360, 450);
  const sunX = float(rng, 150, W - 150);
  const sunY = horizon - float(rng, 60 + palette.warmth * -20, 260 - palette.warmth * 120);
  const sunR = float(rng, 34, 58) + palette.warmth * 10;
  const sandTop = float(rng, 600, 660);
  const buildingsLeft = chance(rng, 0.5);

  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`);
  parts.push(`<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${t(palette.sky[0])}"/><stop offset="0.6" stop-color="${t(palette.sky[1])}"/><stop offset="1" stop-color="${t(palette.sky[2])}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${palette.glow}" stop-opacity="0.9"/><stop offset="1" stop-color="${palette.glow}" stop-opacity="0"/></radialGradient>
<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${t(palette.sea[0])}"/><stop offset="1" stop-color="${t(palette.sea[1])}"/></linearGradient>
<linearGradient id="sand" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${t(palette.sand[0])}"/><stop offset="1" stop-color="${t(palette.sand[1])}"/></linearGradient>
<radialGradient id="puff"><stop offset="0" stop-color="${palette.cloud}" stop-opacity="0.95"/><stop offset="0.6" stop-color="${palette.cloud}" stop-opacity="0.8"/><stop offset="1" stop-color="${palette.cloud}" stop-opacity="0"/></radialGradient>
</defs>`);

  // Sky, sun and clouds.
  parts.push(`<rect width="${W}" height="${f(horizon + 2)}" fill="url(#sky)"/>`);
  parts.push(`<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(sunR * 4)}" fill="url(#glow)"/>`);
  parts.push(`<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(sunR)}" fill="${palette.sun}"/>`);
  const clouds = int(rng, 1, 4);
  for (let i = 0; i < clouds; i++) {
    parts.push(cloud(rng, float(rng, 80, W - 80), float(rng, 70, horizon - 140), float(rng, 0.7, 1.4)));
  }

  // A distant headland on one side, sometimes a second, paler one.
  const hillSideLeft = kind === "town" ? chance(rng, 0.5) : !buildingsLeft;
  const hillW = kind === "town" ? float(rng, 620, 900) : float(rng, 380, 700);
  const hx0 = hillSideLeft ? -40 : W - hillW;
  const hx1 = hillSideLeft ? hillW : W + 40;
  const hillH = kind === "town" ? float(rng, 70, 120) : float(rng, 40, 110);
  parts.push(ridge(rng, hx0, hx1, horizon + 2, hillH, horizon + 4, t(palette.hill), 0.85));
  if (chance(rng, 0.5)) {
    const x0 = float(rng, 200, 700);
    parts.push(ridge(rng, x0, x0 + float(rng, 200, 380), horizon + 1, float(rng, 15, 35), horizon + 2, t(palette.hill, 18), 0.6));
  }

  // Town: little houses with red roofs along the headland, and a bell tower.
  if (kind === "town") {
    const count = int(rng, 12, 20);
    for (let i = 0; i < count; i++) {
      const x = hx0 + 60 + ((hx1 - hx0 - 120) * i) / count + float(rng, -8, 8);
      const centre = (x - hx0) / (hx1 - hx0);
      const y = horizon + 6 - Math.sin(Math.PI * centre) * hillH * 0.55 + float(rng, -8, 8);
      const w = float(rng, 34, 58);
      const h = float(rng, 26, 48);
      parts.push(`<rect x="${f(x)}" y="${f(y - h)}" width="${f(w)}" height="${f(h + 10)}" fill="${pick(rng, WALLS)}"/>`);
      parts.push(`<path d="M${f(x - 4)},${f(y - h)} L${f(x + w / 2)},${f(y - h - w * 0.35)} L${f(x + w + 4)},${f(y - h)} Z" fill="${pick(rng, ROOFS)}"/>`);
    }
    const bx = hx0 + (hx1 - hx0) * float(rng, 0.35, 0.65);
    const towerTop = horizon - hillH * 0.55 - 110;
    parts.push(`<rect x="${f(bx)}" y="${f(towerTop)}" width="28" height="110" fill="${pick(rng, WALLS)}"/>`);
    parts.push(`<rect x="${f(bx + 8)}" y="${f(towerTop + 14)}" width="12" height="20" rx="6" fill="#5a4a3a"/>`);
    parts.push(`<path d="M${f(bx - 5)},${f(towerTop)} L${f(bx + 14)},${f(towerTop - 38)} L${f(bx + 33)},${f(towerTop)} Z" fill="${pick(rng, ROOFS)}"/>`);
  }

  // The sea, the sun's path on it, and waves.
  parts.push(`<rect y="${f(horizon)}" width="${W}" height="${f(H - horizon)}" fill="url(#sea)"/>`);
  const streaks = int(rng, 8, 14);
  for (let i = 0; i < streaks; i++) {
    const y = horizon + 6 + i * float(rng, 10, 18);
    const w = (60 + i * 14) * float(rng, 0.6, 1.2);
    parts.push(
      `<rect x="${f(sunX - w / 2 + float(rng, -20, 20))}" y="${f(y)}" width="${f(w)}" height="3" rx="1.5" fill="${palette.glow}" opacity="${f(0.25 + palette.warmth * 0.35)}"/>`,
    );
  }
  const waves = int(rng, 8, 14);
  for (let i = 0; i < waves; i++) {
    const y = float(rng, horizon + 20, sandTop - 10);
    const x = float(rng, -50, W - 100);
    const len = float(rng, 80, 220);
    parts.push(
      `<path d="M${f(x)},${f(y)} q${f(len / 4)},-6 ${f(len / 2)},0 t${f(len / 2)},0" stroke="#ffffff" stroke-width="2.5" fill="none" opacity="${f(float(rng, 0.15, 0.35))}"/>`,
    );
  }
  if (chance(rng, 0.6)) parts.push(sailboat(rng, float(rng, 150, W - 150), horizon + float(rng, 25, 70), float(rng, 28, 48)));

  // The beach: foam line, then sand.
  const left = sandTop + float(rng, -30, 30);
  const right = sandTop + float(rng, -30, 30);
  const mid = (left + right) / 2 + float(rng, -25, 25);
  const shore = `M0,${f(left)} Q${f(W * 0.3)},${f(mid - 20)} ${f(W * 0.55)},${f(mid)} T${W},${f(right)}`;
  parts.push(`<path d="${shore} L${W},${H} L0,${H} Z" fill="#ffffff" opacity="0.55" transform="translate(0,-8)"/>`);
  parts.push(`<path d="${shore} L${W},${H} L0,${H} Z" fill="url(#sand)"/>`);

  // Buildings and trees on one side of the beach.
  const light = palette.warmth;
  const ground = Math.max(left, right) + float(rng, 70, 120);
  if (kind === "apartment") {
    // Blocks further back stand higher up the beach; they are drawn first.
    const blocks = int(rng, 1, 3);
    const drawn: string[] = [];
    let x = buildingsLeft ? float(rng, -60, 40) : W - float(rng, 260, 420);
    for (let i = 0; i < blocks; i++) {
      const w = float(rng, 170, 280);
      const h = float(rng, 260, 460) - i * 40;
      const g = ground - i * 30;
      drawn.push(apartmentBlock(rng, x, g, w, h, t(palette.sea[1], 8), light));
      x += (buildingsLeft ? 1 : -1) * (w * 0.9 + float(rng, 10, 40));
    }
    parts.push(...drawn.reverse());
  } else if (kind === "house") {
    const w = float(rng, 260, 380);
    const h = float(rng, 120, 200);
    const x = buildingsLeft ? float(rng, 20, 120) : W - w - float(rng, 20, 120);
    // A low garden wall in front.
    parts.push(`<rect x="${f(x - 60)}" y="${f(ground - 30)}" width="${f(w + 120)}" height="30" fill="${pick(rng, WALLS)}"/>`);
    parts.push(house(rng, x, ground - 10, w, h, t(palette.sea[1]), light));
  }
  const trees = kind === "town" ? int(rng, 0, 2) : int(rng, 1, 3);
  for (let i = 0; i < trees; i++) {
    const x = buildingsLeft ? float(rng, 320, 620) + i * 90 : W - float(rng, 320, 620) - i * 90;
    const g = ground + float(rng, -10, 30);
    const h = float(rng, 180, 300);
    parts.push(chance(rng, 0.5) ? palm(rng, x, g, h) : pine(rng, x, g, h * 0.8));
  }

  // Parasols on the sand, nearer ones bigger.
  const parasols = int(rng, 0, 4);
  for (let i = 0; i < parasols; i++) {
    const y = float(rng, Math.max(left, right) + 40, H - 30);
    const size = 50 + (y - sandTop) * 0.45;
    const x = buildingsLeft ? float(rng, W * 0.45, W - 60) : float(rng, 60, W * 0.55);
    parts.push(parasol(rng, x, y, size));
  }

  // A touch of warm light over everything at golden hour.
  if (light > 0.5) parts.push(`<rect width="${W}" height="${H}" fill="#ff9f4a" opacity="${f((light - 0.5) * 0.18)}"/>`);
  parts.push("</svg>");
  return parts.join("\n");
}
