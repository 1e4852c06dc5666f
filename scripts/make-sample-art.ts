/**
 * Generates Duka's sample artwork: product photos, hero banners and the Our Story image.
 *
 *   npx tsx scripts/make-sample-art.ts
 *
 * Everything is drawn here as SVG (abstract patterns inspired by African textiles and crafts: kente-like woven
 * strips, bogolan/mudcloth marks, kitenge/ankara circles, Maasai-style beadwork, kikoi stripes, kanga borders,
 * kiondo and coiled sisal weaving, adinkra-inspired stamped geometry) and rendered to WebP with sharp. Nothing is
 * fetched; there is no text in the art. A seeded generator makes every run produce the same files.
 *
 * Writes seed/images/*.webp, public/images/placeholder.svg and public/favicon.svg.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT_DIR = path.join(ROOT, "seed", "images");
const PUBLIC_DIR = path.join(ROOT, "public");

// Budgets in bytes (80 KB / 120 KB, counted as 1000s to be safe either way).
const PRODUCT_MAX_BYTES = 80_000;
const HERO_MAX_BYTES = 120_000;
const STORY_MAX_BYTES = 120_000;
/** Tried in order until the file fits its budget. */
const QUALITIES = [74, 72, 70, 66, 62];

// ---------------------------------------------------------------------------------------------------------------
// Seeded randomness and SVG helpers
// ---------------------------------------------------------------------------------------------------------------

type Rng = {
  next: () => number;
  range: (lo: number, hi: number) => number;
  int: (lo: number, hi: number) => number;
  pick: <T>(items: readonly T[]) => T;
  jitter: (v: number, amount: number) => number;
};

/** mulberry32, seeded from an FNV-1a hash of the text. */
function makeRng(seedText: string): Rng {
  let h = 2166136261;
  for (let i = 0; i < seedText.length; i++) {
    h ^= seedText.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  let a = h >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (lo, hi) => lo + (hi - lo) * next(),
    int: (lo, hi) => Math.floor(lo + (hi - lo + 1) * next()),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    jitter: (v, amount) => v + (next() * 2 - 1) * amount,
  };
}

/** Cyclic index into a non-empty list. */
const at = <T>(items: readonly T[], i: number): T => items[((i % items.length) + items.length) % items.length]!;

/** Rounds to one decimal so the SVG stays small and identical between runs. */
const f = (n: number): string => String(Math.round(n * 10) / 10);

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = "") =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}"${extra}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = "") =>
  `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${extra}/>`;
const poly = (pts: [number, number][], fill: string, extra = "") =>
  `<polygon points="${pts.map(([x, y]) => `${f(x)},${f(y)}`).join(" ")}" fill="${fill}"${extra}/>`;
/** An ellipse as a path, so several can share one path (e.g. a ring with fill-rule evenodd). */
const ellipsePath = (cx: number, cy: number, rx: number, ry: number) =>
  `M${f(cx - rx)},${f(cy)}a${f(rx)},${f(ry)} 0 1,0 ${f(2 * rx)},0a${f(rx)},${f(ry)} 0 1,0 ${f(-2 * rx)},0Z`;

type Stop = [offset: number, color: string, opacity: number];
const stops = (list: Stop[]) =>
  list.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`).join("");
const linGrad = (id: string, x1: number, y1: number, x2: number, y2: number, list: Stop[]) =>
  `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}">${stops(list)}</linearGradient>`;
const radGrad = (id: string, cx: number, cy: number, r: number, list: Stop[]) =>
  `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}">${stops(list)}</radialGradient>`;

const svgDoc = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

/** Draws `content` (laid out from 0,0 with size w×h) at x,y, clipped to that box. */
function placed(id: string, x: number, y: number, w: number, h: number, content: string, rx = 0): string {
  return (
    `<clipPath id="${id}"><rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(rx)}"/></clipPath>` +
    `<g clip-path="url(#${id})"><g transform="translate(${f(x)},${f(y)})">${content}</g></g>`
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Palette: earthy and warm
// ---------------------------------------------------------------------------------------------------------------

const C = {
  cream: "#F3E9D6",
  linen: "#ECE1CC",
  sand: "#E2D0B2",
  oat: "#D6C29F",
  terracotta: "#C0583A",
  clay: "#B3664A",
  rust: "#983C22",
  brick: "#A8452D",
  ochre: "#D29A2E",
  mustard: "#E1B24E",
  honey: "#C8862C",
  indigo: "#27385E",
  indigoDeep: "#1C2744",
  denim: "#4A5F86",
  green: "#2F5641",
  greenDeep: "#213F30",
  sage: "#7E906A",
  olive: "#6E6A37",
  charcoal: "#2A2522",
  umber: "#4A3426",
  brown: "#6E4529",
  leather: "#7B4A2B",
  wood: "#8A5A36",
  sisal: "#D8C096",
  sisalDark: "#B99D70",
  white: "#F8F1E4",
  red: "#B13B2A",
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Patterns. Each fills the box 0,0 → w,h.
// ---------------------------------------------------------------------------------------------------------------

type KenteColors = { a: string; b: string; c: string; d: string; e: string };

/** Kente-like cloth: narrow woven strips side by side, alternating warp-striped and weft-barred blocks. */
function kente(w: number, h: number, strip: number, k: KenteColors): string {
  const s = strip;
  const bh = s * 1.3;
  const out: string[] = [];
  const cols = Math.ceil(w / s) + 1;
  for (let i = 0; i < cols; i++) {
    const x = i * s;
    const alt = i % 2 === 1;
    const warpBase = alt ? k.c : k.a;
    const warpBand = alt ? k.a : k.b;
    const weftBase = alt ? k.b : k.d;
    let block = 0;
    for (let y = alt ? -bh / 2 : -bh; y < h; y += bh, block++) {
      if (block % 2 === 0) {
        out.push(rect(x, y, s, bh, warpBase));
        for (const [fx, fw, col] of [
          [0.06, 0.05, k.d],
          [0.15, 0.13, warpBand],
          [0.31, 0.03, k.e],
        ] as const) {
          out.push(rect(x + fx * s, y, fw * s, bh, col));
          out.push(rect(x + (1 - fx - fw) * s, y, fw * s, bh, col));
        }
        out.push(rect(x + 0.44 * s, y, 0.12 * s, bh, k.d));
      } else {
        out.push(rect(x, y, s, bh, weftBase));
        out.push(rect(x, y + bh * 0.07, s, bh * 0.06, k.e));
        out.push(rect(x, y + bh * 0.87, s, bh * 0.06, k.e));
        out.push(rect(x, y + bh * 0.16, s, bh * 0.03, k.c === weftBase ? k.a : k.c));
        out.push(rect(x, y + bh * 0.81, s, bh * 0.03, k.c === weftBase ? k.a : k.c));
        const cx = x + s / 2;
        const cy = y + bh / 2;
        const motif = (Math.floor(block / 2) + i) % 3;
        if (motif === 0) {
          out.push(poly([[cx, cy - bh * 0.26], [cx + s * 0.32, cy], [cx, cy + bh * 0.26], [cx - s * 0.32, cy]], k.a));
          out.push(poly([[cx, cy - bh * 0.12], [cx + s * 0.15, cy], [cx, cy + bh * 0.12], [cx - s * 0.15, cy]], k.c === k.a ? k.d : k.c));
        } else if (motif === 1) {
          const c = s * 0.16;
          for (let gy = 0; gy < 3; gy++)
            for (let gx = 0; gx < 4; gx++)
              out.push(rect(cx - 2 * c + gx * c, cy - 1.5 * c + gy * c, c, c, (gx + gy) % 2 ? k.a : k.e));
        } else {
          for (const dy of [-0.14, 0, 0.14]) out.push(rect(x + s * 0.18, cy + dy * bh - bh * 0.025, s * 0.64, bh * 0.05, k.a));
          out.push(rect(x + s * 0.06, cy - bh * 0.05, s * 0.08, bh * 0.1, k.c));
          out.push(rect(x + s * 0.86, cy - bh * 0.05, s * 0.08, bh * 0.1, k.c));
        }
      }
    }
    out.push(rect(x - 1, 0, 2, h, "#000", ' fill-opacity="0.16"'));
  }
  return out.join("");
}

/** Bogolan/mudcloth-like cloth: rows of hand-painted marks on a dark ground, with uneven lines. */
function mudcloth(w: number, h: number, r: Rng, o: { bg: string; fg: string; unit: number; stroke: number }): string {
  const u = o.unit;
  const j = u * 0.02;
  const strokes: string[] = [];
  const fills: string[] = [];
  /** A hand-drawn line: split into short segments with small wobbles. */
  const line = (x1: number, y1: number, x2: number, y2: number) => {
    const n = Math.max(1, Math.round(Math.hypot(x2 - x1, y2 - y1) / (u * 0.5)));
    let d = `M${f(r.jitter(x1, j))},${f(r.jitter(y1, j))}`;
    for (let i = 1; i <= n; i++) d += `L${f(r.jitter(x1 + ((x2 - x1) * i) / n, j))},${f(r.jitter(y1 + ((y2 - y1) * i) / n, j))}`;
    return d;
  };
  const dot = (x: number, y: number, rad: number) => fills.push(circle(r.jitter(x, j), r.jitter(y, j), r.jitter(rad, rad * 0.15), o.fg));
  const motifs = ["cross", "circles", "ticks", "dots", "zig", "diamond", "chevron"] as const;
  let y = u * 0.15;
  let prev = -1;
  while (y < h) {
    let m = r.int(0, motifs.length - 1);
    if (m === prev) m = (m + 1) % motifs.length;
    prev = m;
    const c = u * r.pick([0.85, 1, 1.1]);
    const cy = y + c / 2;
    const motif = motifs[m]!;
    let d = "";
    if (motif === "cross") {
      for (let x = c / 2; x < w + c; x += c) {
        d += line(x - 0.27 * c, cy - 0.27 * c, x + 0.27 * c, cy + 0.27 * c);
        d += line(x - 0.27 * c, cy + 0.27 * c, x + 0.27 * c, cy - 0.27 * c);
      }
    } else if (motif === "circles") {
      for (let x = c / 2; x < w + c; x += c) {
        strokes.push(circle(r.jitter(x, j), r.jitter(cy, j), c * r.range(0.27, 0.31), "none"));
        dot(x, cy, c * 0.07);
      }
    } else if (motif === "ticks") {
      for (let x = c * 0.25; x < w + c; x += c * 0.75)
        for (let t = 0; t < 3; t++) d += line(x + t * c * 0.13, cy - 0.3 * c, x + t * c * 0.13, cy + 0.3 * c);
    } else if (motif === "dots") {
      for (let x = c * 0.2, i = 0; x < w + c; x += c * 0.3, i++) dot(x, cy + (i % 2 ? 0.17 : -0.17) * c, c * 0.06);
    } else if (motif === "zig") {
      let zd = `M${f(-c * 0.2)},${f(cy)}`;
      for (let x = 0, i = 0; x < w + c; x += c * 0.4, i++) {
        zd += `L${f(r.jitter(x, j))},${f(r.jitter(cy + (i % 2 ? 0.28 : -0.28) * c, j))}`;
        if (i % 2) dot(x, cy - 0.2 * c, c * 0.05);
        else dot(x, cy + 0.2 * c, c * 0.05);
      }
      d += zd;
    } else if (motif === "diamond") {
      for (let x = c / 2; x < w + c; x += c) {
        const s = c * 0.3;
        d += `M${f(r.jitter(x, j))},${f(r.jitter(cy - s, j))}L${f(r.jitter(x + s, j))},${f(r.jitter(cy, j))}L${f(r.jitter(x, j))},${f(r.jitter(cy + s, j))}L${f(r.jitter(x - s, j))},${f(r.jitter(cy, j))}Z`;
        dot(x, cy, c * 0.06);
      }
    } else {
      for (let x = c * 0.2; x < w + c; x += c * 0.45) {
        d += line(x, cy - 0.3 * c, x + 0.2 * c, cy) + line(x + 0.2 * c, cy, x, cy + 0.3 * c);
      }
    }
    if (d) strokes.push(`<path d="${d}"/>`);
    y += c;
    // Separator between rows.
    const sh = u * 0.3;
    const sep = r.int(0, 2);
    if (sep === 0) strokes.push(`<path d="${line(-10, y + sh * 0.3, w + 10, y + sh * 0.3)}${line(-10, y + sh * 0.7, w + 10, y + sh * 0.7)}"/>`);
    else if (sep === 1) for (let x = u * 0.1; x < w + u; x += u * 0.2) dot(x, y + sh / 2, u * 0.04);
    else {
      let sd = `M-10,${f(y + sh / 2)}`;
      for (let x = 0, i = 0; x < w + u; x += u * 0.12, i++) sd += `L${f(x)},${f(y + sh / 2 + (i % 2 ? 1 : -1) * sh * 0.22)}`;
      strokes.push(`<path d="${sd}"/>`);
    }
    y += sh;
  }
  return (
    rect(0, 0, w, h, o.bg) +
    `<g fill="none" stroke="${o.fg}" stroke-width="${f(o.stroke)}" stroke-linecap="round" stroke-linejoin="round">${strokes.join("")}</g>` +
    `<g>${fills.join("")}</g>`
  );
}

/** Kitenge/ankara-like wax print: bold concentric circles in a staggered grid over flowing waves. */
function kitengeCircles(w: number, h: number, r: Rng, o: { bg: string; rings: string[]; wave: string; dot: string; unit: number; burst?: number }): string {
  const u = o.unit;
  const rowH = u * 0.87;
  const out: string[] = [rect(0, 0, w, h, o.bg)];
  let waves = "";
  for (let jy = -1; jy * rowH < h + rowH; jy++) {
    const yy = jy * rowH + rowH / 2;
    const a = u * 0.12;
    waves += `M${f(-u)},${f(yy)}Q${f(-u * 0.75)},${f(yy - a)} ${f(-u / 2)},${f(yy)}`;
    for (let x = 0; x < w + u; x += u / 2) waves += `T${f(x)},${f(yy)}`;
  }
  out.push(`<path d="${waves}" fill="none" stroke="${o.wave}" stroke-width="${f(u * 0.08)}"/>`);
  const fr = [0.4, 0.31, 0.22, 0.12, 0.05];
  for (let jy = 0; (jy - 1) * rowH < h; jy++) {
    for (let i = -1; i * u < w + u; i++) {
      const cx = i * u + (jy % 2 ? u / 2 : 0);
      const cy = jy * rowH;
      fr.forEach((fraction, n) => out.push(circle(cx, cy, fraction * u, at(o.rings, n))));
      if (r.next() < (o.burst ?? 0.45))
        out.push(circle(cx, cy, u * 0.355, "none", ` stroke="${at(o.rings, 2)}" stroke-width="${f(u * 0.05)}" stroke-dasharray="${f(u * 0.03)} ${f(u * 0.035)}"`));
      out.push(circle(cx + u / 2, cy, u * 0.045, o.dot));
    }
  }
  return out.join("");
}

/** Kitenge-like "fan scales": overlapping rows of concentric half circles. */
function kitengeScales(w: number, h: number, o: { bg: string; sets: string[][]; unit: number }): string {
  const u = o.unit;
  const rr = u / 2;
  const out: string[] = [rect(0, 0, w, h, o.bg)];
  const fr = [1, 0.78, 0.56, 0.32, 0.1];
  for (let jy = 0; (jy - 1) * u * 0.45 < h; jy++) {
    const set = at(o.sets, jy);
    const cy = jy * u * 0.45;
    for (let i = -1; i * u < w + u; i++) {
      const cx = i * u + (jy % 2 ? u / 2 : 0);
      fr.forEach((fraction, n) => out.push(circle(cx, cy, fraction * rr, at(set, n))));
    }
  }
  return out.join("");
}

/** Maasai-style beadwork panel: rows of beads in bands of solid colour, blocks, triangles and checks. */
function beadwork(w: number, h: number, r: Rng, o: { bead: number; bg: string; pairs: [string, string][]; light: string }): string {
  const d = o.bead;
  const byColor = new Map<string, string[]>();
  const bead = (x: number, y: number, col: string) => {
    const list = byColor.get(col) ?? [];
    list.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(d * 0.47)}"/>`);
    byColor.set(col, list);
  };
  const cols = Math.ceil(w / d) + 1;
  let row = 0;
  let band = 0;
  while (row * d < h + d) {
    const type = at(["solid", "blocks", "tri", "checker", "blocks", "tri"] as const, band + r.int(0, 1));
    const [a, b] = at(o.pairs, band);
    const n = type === "solid" ? r.int(1, 2) : r.int(3, 5);
    for (let t = 0; t < n; t++, row++) {
      for (let col = 0; col < cols; col++) {
        let c = a;
        if (type === "blocks") c = col % 7 === 0 ? o.light : col % 14 < 7 ? a : b;
        else if (type === "tri") {
          const p = 2 * n + 2;
          c = Math.abs((col % p) - p / 2) <= t + 0.5 ? a : b;
        } else if (type === "checker") c = (Math.floor(col / 2) + Math.floor(t / 2)) % 2 ? a : b;
        bead(col * d + d / 2, row * d + d / 2, c);
      }
    }
    for (let col = 0; col < cols; col++) bead(col * d + d / 2, row * d + d / 2, o.light);
    row++;
    band++;
  }
  let out = rect(0, 0, w, h, o.bg);
  for (const [col, list] of byColor) out += `<g fill="${col}">${list.join("")}</g>`;
  return out;
}

/** Kikoi-like stripes: the sequence of [colour, width] repeats across the cloth. */
function kikoi(w: number, h: number, o: { vertical: boolean; base: string; seq: [string, number][] }): string {
  const out: string[] = [rect(0, 0, w, h, o.base)];
  const span = o.vertical ? w : h;
  let pos = 0;
  while (pos < span) {
    for (const [col, size] of o.seq) {
      if (col !== o.base) out.push(o.vertical ? rect(pos, 0, size, h, col) : rect(0, pos, w, size, col));
      pos += size;
    }
  }
  return out.join("");
}

/** Kiondo-like woven sisal: rows of weave with bands of stepped triangles and diamonds. */
function kiondoWeave(w: number, h: number, o: { base: string; colors: string[]; row: number; texture?: boolean }): string {
  const rw = o.row;
  const out: string[] = [rect(0, 0, w, h, o.base)];
  let y = rw * 2;
  let band = 0;
  while (y < h) {
    const col = at(o.colors, band);
    const col2 = at(o.colors, band + 1);
    out.push(rect(0, y, w, rw, col2));
    y += rw * 2;
    const n = 5;
    const p = rw * 8;
    for (let t = 0; t < n; t++) {
      const frac = band % 2 === 0 ? (t + 1) / (n + 1) : 1 - Math.abs(t - (n - 1) / 2) / ((n + 1) / 2);
      const len = p * frac;
      for (let x = band % 2 ? -p / 2 : 0; x < w + p; x += p) out.push(rect(x + (p - len) / 2, y + t * rw, len, rw, col));
    }
    y += n * rw + rw;
    out.push(rect(0, y, w, rw, col2));
    y += rw * 4;
    band++;
  }
  if (o.texture !== false) {
    let seams = "";
    let stitches = "";
    for (let yy = 0; yy < h; yy += rw) {
      seams += `M0,${f(yy)}H${w}`;
      stitches += `M0,${f(yy + rw / 2)}H${w}`;
    }
    out.push(`<path d="${stitches}" stroke="#3C2814" stroke-opacity="0.16" stroke-width="${f(rw * 0.7)}" stroke-dasharray="2 ${f(rw * 0.45)}"/>`);
    out.push(`<path d="${seams}" stroke="#3C2814" stroke-opacity="0.22" stroke-width="1.5"/>`);
  }
  return out.join("");
}

/** Coiled sisal basket seen from the front: concentric coils with stepped and zigzag colour bands. */
function sisalBasket(cx: number, cy: number, radius: number, o: { base: string; colors: string[]; ring: number; rim: string }): string {
  const ring = o.ring;
  const out: string[] = [circle(cx, cy, radius, o.base)];
  const plan: ("plain" | "solid" | "steps" | "zig" | "dash")[] = [];
  plan.push("plain", "plain", "solid");
  const cycle = [
    ["plain", "steps", "steps", "steps", "steps", "plain", "solid"],
    ["plain", "zig", "zig", "zig", "plain", "dash", "plain", "solid"],
  ] as const;
  for (let c = 0; plan.length * ring < radius; c++) plan.push(...at(cycle, c));
  let band = 0;
  let t = 0;
  let prev = "";
  const tex: string[] = [];
  for (let k = 0; ring * (k + 0.5) < radius - ring * 0.6; k++) {
    const rad = ring * (k + 0.5);
    const kind = plan[k] ?? "plain";
    if (kind !== prev) {
      band++;
      t = 0;
    } else t++;
    prev = kind;
    const col = at(o.colors, band);
    const circ = 2 * Math.PI * rad;
    if (kind === "solid") out.push(circle(cx, cy, rad, "none", ` stroke="${col}" stroke-width="${f(ring * 1.02)}"`));
    else if (kind === "steps" || kind === "zig" || kind === "dash") {
      const motifs = kind === "dash" ? Math.max(8, Math.round(circ / (ring * 3))) : Math.max(6, Math.round(rad / (ring * 2.2)) * 2);
      const seg = circ / motifs;
      const len = kind === "steps" ? (seg * (t + 1)) / 5 : seg * (kind === "dash" ? 0.5 : 0.32);
      const shift = kind === "zig" ? seg * 0.14 * t : 0;
      const offset = ((seg + len) / 2 + shift) % seg;
      out.push(
        `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad)}" fill="none" stroke="${col}" stroke-width="${f(ring * 1.02)}" stroke-dasharray="${f(len)} ${f(seg - len)}" stroke-dashoffset="${f(offset)}"/>`,
      );
    }
    tex.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad)}" stroke-dasharray="2 ${f(ring * 0.35)}"/>`);
  }
  out.push(`<g fill="none" stroke="#3C2814" stroke-opacity="0.18" stroke-width="${f(ring * 0.8)}">${tex.join("")}</g>`);
  let seams = "";
  for (let k = 1; ring * k < radius - ring * 0.6; k++) seams += ellipsePath(cx, cy, ring * k, ring * k);
  out.push(`<path d="${seams}" fill="none" stroke="#3C2814" stroke-opacity="0.2" stroke-width="1.4"/>`);
  out.push(circle(cx, cy, radius - ring * 0.55, "none", ` stroke="${o.rim}" stroke-width="${f(ring * 1.15)}"`));
  return out.join("");
}

/** Kanga-like cloth: a patterned border framing a field of scattered motifs and a central medallion. */
function kanga(id: string, w: number, h: number, o: { border: string; field: string; motif: string; accent: string; dot: string }): string {
  const b = Math.min(w, h) * 0.12;
  const out: string[] = [rect(0, 0, w, h, o.border)];
  out.push(rect(b * 0.12, b * 0.12, w - b * 0.24, h - b * 0.24, "none", ` stroke="${o.accent}" stroke-width="${f(b * 0.05)}"`));
  const dm = (x: number, y: number, s: number) =>
    poly([[x, y - s], [x + s, y], [x, y + s], [x - s, y]], o.motif) + circle(x, y, s * 0.3, o.dot);
  const step = b * 0.8;
  for (let x = b / 2; x < w; x += step) out.push(dm(x, b * 0.55, b * 0.24), dm(x, h - b * 0.55, b * 0.24));
  for (let y = b / 2 + step; y < h - b; y += step) out.push(dm(b * 0.55, y, b * 0.24), dm(w - b * 0.55, y, b * 0.24));
  const fx = b;
  const fy = b;
  const fw = w - 2 * b;
  const fh = h - 2 * b;
  const field: string[] = [rect(0, 0, fw, fh, o.field)];
  const s = b * 1.3;
  const cashew = "M0,-30C26,-30 30,10 6,26C-14,38 -30,18 -22,2C-16,-10 -2,-6 0,-14C2,-22 -6,-26 0,-30Z";
  for (let jy = 0; jy * s * 0.8 < fh + s; jy++)
    for (let i = 0; i * s < fw + s; i++) {
      const x = i * s + (jy % 2 ? s / 2 : 0);
      const y = jy * s * 0.8;
      field.push(`<path d="${cashew}" fill="${o.motif}" transform="translate(${f(x)},${f(y)}) rotate(${(i + jy) % 2 ? 35 : -145}) scale(${f(s / 110)})"/>`);
      field.push(circle(x + s / 2, y + s * 0.1, s * 0.06, o.dot));
    }
  const mx = fw / 2;
  const my = fh / 2;
  const mr = Math.min(fw, fh) * 0.3;
  [[1, o.border], [0.86, o.field], [0.74, o.accent], [0.6, o.motif], [0.42, o.field], [0.22, o.dot]].forEach(([fr, col]) =>
    field.push(`<ellipse cx="${f(mx)}" cy="${f(my)}" rx="${f(mr * Number(fr))}" ry="${f(mr * Number(fr) * 1.25)}" fill="${col}"/>`),
  );
  out.push(placed(id, fx, fy, fw, fh, field.join("")));
  out.push(rect(fx, fy, fw, fh, "none", ` stroke="${o.accent}" stroke-width="${f(b * 0.07)}"`));
  return out.join("");
}

/** Adinkra-inspired stamped cloth: rows of original geometric stamps inside a combed grid. */
function stampCloth(w: number, h: number, r: Rng, o: { bg: string; ink: string; unit: number; light: string }): string {
  const u = o.unit;
  const out: string[] = [rect(0, 0, w, h, o.bg)];
  let comb = "";
  for (let x = 0; x < w + u; x += u) for (const dx of [-0.06, -0.02, 0.02, 0.06]) comb += `M${f(x + dx * u)},0V${h}`;
  for (let y = 0; y < h + u; y += u) for (const dy of [-0.06, -0.02, 0.02, 0.06]) comb += `M0,${f(y + dy * u)}H${w}`;
  out.push(`<path d="${comb}" stroke="${o.ink}" stroke-opacity="0.85" stroke-width="${f(u * 0.014)}"/>`);
  const s = u * 0.3;
  const symbols = [
    // ring with rays
    () =>
      circle(0, 0, s * 0.62, "none", ` stroke="${o.ink}" stroke-width="${f(s * 0.2)}"`) +
      circle(0, 0, s * 0.22, o.ink) +
      `<path d="${Array.from({ length: 8 }, (_, i) => {
        const a = (i * Math.PI) / 4;
        return `M${f(Math.cos(a) * s * 0.86)},${f(Math.sin(a) * s * 0.86)}L${f(Math.cos(a) * s * 1.08)},${f(Math.sin(a) * s * 1.08)}`;
      }).join("")}" stroke="${o.ink}" stroke-width="${f(s * 0.16)}" stroke-linecap="round"/>`,
    // nested diamonds
    () =>
      poly([[0, -s], [s, 0], [0, s], [-s, 0]], "none", ` stroke="${o.ink}" stroke-width="${f(s * 0.16)}"`) +
      poly([[0, -s * 0.45], [s * 0.45, 0], [0, s * 0.45], [-s * 0.45, 0]], o.ink),
    // linked rings
    () =>
      circle(-s * 0.38, 0, s * 0.48, "none", ` stroke="${o.ink}" stroke-width="${f(s * 0.16)}"`) +
      circle(s * 0.38, 0, s * 0.48, "none", ` stroke="${o.ink}" stroke-width="${f(s * 0.16)}"`) +
      circle(0, -s * 0.8, s * 0.12, o.ink) +
      circle(0, s * 0.8, s * 0.12, o.ink),
    // quartered square
    () =>
      rect(-s * 0.8, -s * 0.8, s * 1.6, s * 1.6, "none", ` stroke="${o.ink}" stroke-width="${f(s * 0.15)}"`) +
      `<path d="M0,${f(-s * 0.8)}V${f(s * 0.8)}M${f(-s * 0.8)},0H${f(s * 0.8)}" stroke="${o.ink}" stroke-width="${f(s * 0.12)}"/>` +
      [[-1, -1], [1, -1], [-1, 1], [1, 1]].map(([a, b]) => circle(a! * s * 0.4, b! * s * 0.4, s * 0.15, o.ink)).join(""),
    // stepped cross
    () =>
      rect(-s * 0.32, -s, s * 0.64, s * 2, o.ink) +
      rect(-s, -s * 0.32, s * 2, s * 0.64, o.ink) +
      rect(-s * 0.16, -s * 0.16, s * 0.32, s * 0.32, o.light),
  ];
  for (let jy = 0; jy * u < h; jy++)
    for (let i = 0; i * u < w; i++) {
      const sym = at(symbols, jy + (i % 2 === 1 && jy % 3 === 2 ? 1 : 0));
      out.push(`<g transform="translate(${f(i * u + u / 2)},${f(jy * u + u / 2)}) rotate(${f(r.range(-4, 4))})" opacity="0.92">${sym()}</g>`);
    }
  return out.join("");
}

// ---------------------------------------------------------------------------------------------------------------
// Shared pieces for product photos (1200×1500)
// ---------------------------------------------------------------------------------------------------------------

const PW = 1200;
const PH = 1500;

function backdrop(w: number, h: number, top: string, bottom: string): string {
  return linGrad("bd", 0, 0, 0, h, [[0, top, 1], [1, bottom, 1]]) + rect(0, 0, w, h, "url(#bd)");
}

function hanger(): string {
  return (
    `<path d="M600,222V168Q600,128 634,128Q664,128 664,156" fill="none" stroke="#8C8378" stroke-width="9" stroke-linecap="round"/>` +
    `<path d="M462,238Q600,186 738,238" fill="none" stroke="${C.wood}" stroke-width="18" stroke-linecap="round"/>`
  );
}

/** A garment silhouette filled with a pattern, with soft drop shadow, body shading, folds and outline. */
function garment(o: { body: string; fill: string; inClip?: string; over?: string; under?: string; folds?: string; x1: number; x2: number; top: string; bottom: string }): string {
  return svgDoc(
    PW,
    PH,
    backdrop(PW, PH, o.top, o.bottom) +
      (o.under ?? "") +
      `<path d="${o.body}" fill="#000" fill-opacity="0.10" transform="translate(14,18)"/>` +
      `<clipPath id="body"><path d="${o.body}"/></clipPath>` +
      linGrad("shade", o.x1, 0, o.x2, 0, [[0, "#000", 0.28], [0.16, "#000", 0.04], [0.42, "#FFF", 0.06], [0.6, "#000", 0], [0.86, "#000", 0.06], [1, "#000", 0.3]]) +
      `<g clip-path="url(#body)">${o.fill}${o.inClip ?? ""}${rect(0, 0, PW, PH, "url(#shade)")}` +
      (o.folds ? `<path d="${o.folds}" fill="none" stroke="#000" stroke-opacity="0.13" stroke-width="10" stroke-linecap="round"/>` : "") +
      `</g>` +
      `<path d="${o.body}" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="3"/>` +
      (o.over ?? ""),
  );
}

/** A full-bleed fabric close-up with a soft diagonal drape. */
function closeUp(fill: string, w = PW, h = PH): string {
  return svgDoc(
    w,
    h,
    fill +
      linGrad("drape", 0, 0, w, h, [[0, "#000", 0.05], [0.22, "#000", 0.22], [0.42, "#FFF", 0.08], [0.58, "#000", 0.02], [0.8, "#000", 0.2], [1, "#000", 0.04]]) +
      rect(0, 0, w, h, "url(#drape)"),
  );
}

// Silhouettes -----------------------------------------------------------------------------------------------------

const WRAP_DRESS =
  "M530,218L600,430L670,218L772,248Q814,292 844,352L752,422Q744,522 724,628Q830,950 956,1322Q600,1388 244,1322Q370,950 476,628Q456,522 448,422L356,352Q386,292 428,248Z";
const MAXI_DRESS =
  "M500,392Q550,372 600,412Q650,372 700,392L716,400Q736,480 712,604Q782,1000 884,1420Q600,1452 316,1420Q418,1000 488,604Q464,480 484,400Z";
const SHIFT_DRESS =
  "M520,232Q600,282 680,232L800,258Q870,320 906,432L812,470L774,430Q772,720 795,1000L834,1302Q600,1338 366,1302L405,1000Q428,720 426,430L388,470L294,432Q330,320 400,258Z";
const SHIRT =
  "M520,232L365,282Q300,300 275,350L198,545L338,598L388,470L392,1250Q600,1300 808,1250L812,470L862,598L1002,545L925,350Q900,300 835,282L680,232Q600,262 520,232Z";
const SHIRT_FOLDS = "M420,700Q430,950 440,1200M780,700Q770,950 760,1200M470,420Q500,470 520,520M730,420Q700,470 680,520";

function wrapDress(r: Rng, fill: string, sash: string, top: string, bottom: string): string {
  return garment({
    body: WRAP_DRESS,
    fill,
    inClip:
      `<path d="M600,430Q652,560 726,630" fill="none" stroke="#000" stroke-opacity="0.32" stroke-width="5"/>` +
      `<path d="M700,652Q760,1000 806,1360" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="6"/>` +
      `<path d="M470,598Q600,616 730,598L732,658Q600,676 468,658Z" fill="${sash}"/>`,
    over:
      `<path d="M702,650Q730,760 748,868M688,652Q676,752 650,850" fill="none" stroke="${sash}" stroke-width="26" stroke-linecap="round"/>` +
      `<path d="M702,650Q730,760 748,868M688,652Q676,752 650,850" fill="none" stroke="#000" stroke-opacity="0.15" stroke-width="3"/>`,
    under: hanger(),
    folds: `M520,700Q470,1000 400,1320M600,700Q600,1000 590,1360M660,720Q700,900 760,1200M540,760Q520,1000 500,1350`,
    x1: 244 + r.range(0, 4),
    x2: 956,
    top,
    bottom,
  });
}

function maxiDress(fill: string, trim: string): string {
  return garment({
    body: MAXI_DRESS,
    fill,
    inClip: `<path d="M486,592Q600,610 714,592L716,626Q600,644 484,626Z" fill="${trim}"/>`,
    under:
      hanger() +
      `<path d="M492,396L478,232M708,396L722,232" fill="none" stroke="${trim}" stroke-width="12" stroke-linecap="round"/>`,
    folds: "M540,700Q500,1050 430,1410M600,720Q600,1050 600,1430M660,700Q700,1050 770,1410",
    x1: 316,
    x2: 884,
    top: C.cream,
    bottom: C.sand,
  });
}

function shiftDress(fill: string, trim: string): string {
  return garment({
    body: SHIFT_DRESS,
    fill,
    inClip:
      `<path d="M520,232Q600,282 680,232" fill="none" stroke="${trim}" stroke-width="22"/>` +
      `<path d="M294,432L388,470M906,432L812,470" stroke="${trim}" stroke-width="24"/>`,
    under: hanger(),
    folds: "M500,600Q490,950 470,1290M700,600Q710,950 730,1290",
    x1: 366,
    x2: 834,
    top: C.linen,
    bottom: C.oat,
  });
}

function shirt(fill: string, trim: string, button: string, top: string, bottom: string): string {
  const buttons = [340, 470, 600, 730, 860, 990, 1120].map((y) => circle(600, y, 10, button, ` stroke="#000" stroke-opacity="0.35" stroke-width="2"`)).join("");
  return garment({
    body: SHIRT,
    fill,
    inClip:
      `<path d="M198,545L338,598M1002,545L862,598" stroke="${trim}" stroke-width="40"/>` +
      rect(584, 250, 32, 1060, "none", ` stroke="#000" stroke-opacity="0.28" stroke-width="3"`) +
      rect(440, 440, 116, 136, "none", ` stroke="#000" stroke-opacity="0.3" stroke-width="3"`) +
      rect(440, 440, 116, 24, trim) +
      `<path d="M392,1235Q600,1280 808,1235" fill="none" stroke="#000" stroke-opacity="0.22" stroke-width="3" stroke-dasharray="10 8"/>`,
    over:
      `<path d="M512,226Q560,236 600,264L556,348Q526,300 512,226ZM688,226Q640,236 600,264L644,348Q674,300 688,226Z" fill="${trim}" stroke="#000" stroke-opacity="0.35" stroke-width="3"/>` +
      buttons,
    under: hanger(),
    folds: SHIRT_FOLDS,
    x1: 198,
    x2: 1002,
    top,
    bottom,
  });
}

// Maasai-style beaded collar ----------------------------------------------------------------------------------------

type CollarRow = { a: string; b?: string; segs?: number };

function beadedCollar(cx: number, cy: number, rIn: number, squash: number, bead: number, rows: CollarRow[], fringe: string[]): string {
  const rOut = rIn + bead * rows.length;
  const byColor = new Map<string, string[]>();
  const add = (col: string, s: string) => {
    const list = byColor.get(col) ?? [];
    list.push(s);
    byColor.set(col, list);
  };
  let out = `<path d="${ellipsePath(cx, cy, rOut + bead * 0.2, (rOut + bead * 0.2) * squash)}${ellipsePath(cx, cy, rIn - bead * 0.2, (rIn - bead * 0.2) * squash)}" fill="${C.umber}" fill-rule="evenodd"/>`;
  rows.forEach((row, k) => {
    const rk = rIn + bead * (k + 0.5);
    const ry = rk * squash;
    const per = Math.PI * (3 * (rk + ry) - Math.sqrt((3 * rk + ry) * (rk + 3 * ry)));
    const n = Math.round(per / bead);
    for (let j = 0; j < n; j++) {
      const th = (2 * Math.PI * j) / n;
      const col = row.b && row.segs && Math.floor((th / (2 * Math.PI)) * row.segs) % 2 ? row.b : row.a;
      add(col, `<circle cx="${f(cx + rk * Math.cos(th))}" cy="${f(cy + ry * Math.sin(th))}" r="${f(bead * 0.43)}"/>`);
    }
  });
  // Fringe strands hang from the lower edge.
  let threads = "";
  for (let deg = 28; deg <= 152; deg += 8) {
    const th = (deg * Math.PI) / 180;
    const x = cx + rOut * Math.cos(th);
    const y0 = cy + rOut * squash * Math.sin(th);
    const len = 5 + Math.round(2 * Math.sin(th));
    threads += `M${f(x)},${f(y0)}V${f(y0 + bead * 0.9 * len)}`;
    for (let b = 1; b < len; b++) add(at(fringe, b + (deg % 16 ? 1 : 0)), `<circle cx="${f(x)}" cy="${f(y0 + b * bead * 0.9)}" r="${f(bead * 0.4)}"/>`);
    add(C.ochre, `<ellipse cx="${f(x)}" cy="${f(y0 + bead * 0.9 * len + bead * 0.5)}" rx="${f(bead * 0.42)}" ry="${f(bead * 0.75)}"/>`);
  }
  out += `<path d="${threads}" stroke="${C.umber}" stroke-width="3"/>`;
  for (const [col, list] of byColor) out += `<g fill="${col}">${list.join("")}</g>`;
  return out;
}

const COLLAR_ROWS: CollarRow[] = [
  { a: C.white },
  { a: C.red },
  { a: C.red, b: C.indigo, segs: 16 },
  { a: C.white },
  { a: C.ochre },
  { a: C.green, b: C.ochre, segs: 24 },
  { a: C.white },
  { a: C.indigo },
  { a: C.red, b: C.white, segs: 32 },
  { a: C.red },
  { a: C.white },
];

function collarOnBust(): string {
  const bust = "M480,330V560Q474,660 320,700Q110,740 80,900L130,1500H1070L1120,900Q1090,740 880,700Q726,660 720,560V330Z";
  return svgDoc(
    PW,
    PH,
    backdrop(PW, PH, C.cream, C.sand) +
      linGrad("bust", 0, 0, PW, 0, [[0, "#241E1A", 1], [0.5, "#4A3F37", 1], [1, "#241E1A", 1]]) +
      radGrad("floor", 600, 1490, 560, [[0, "#000", 0.2], [1, "#000", 0]]) +
      `<ellipse cx="600" cy="1490" rx="560" ry="40" fill="url(#floor)"/>` +
      `<path d="${bust}" fill="url(#bust)"/>` +
      beadedCollar(600, 730, 172, 0.5, 28, COLLAR_ROWS, [C.white, C.red, C.indigo]) +
      `<clipPath id="neck"><rect x="480" y="320" width="240" height="410"/></clipPath>` +
      `<g clip-path="url(#neck)"><path d="${bust}" fill="url(#bust)"/></g>` +
      `<ellipse cx="600" cy="330" rx="120" ry="24" fill="#5A4D43"/>`,
  );
}

function collarFlatLay(): string {
  return svgDoc(
    PW,
    PH,
    backdrop(PW, PH, C.linen, C.oat) +
      circle(612, 656, 480, "#000", ' fill-opacity="0.08"') +
      beadedCollar(600, 640, 170, 1, 42, COLLAR_ROWS.slice(0, 7), [C.white, C.ochre, C.red]),
  );
}

// Kiondo bag ----------------------------------------------------------------------------------------------------------

const BAG_BODY = "M330,600L870,600Q900,900 930,1200Q940,1330 820,1340L380,1340Q260,1330 270,1200Q300,900 330,600Z";

function bagArt(weave: string): string {
  const stitch = (d: string) => `<path d="${d}" fill="none" stroke="${C.cream}" stroke-opacity="0.7" stroke-width="3" stroke-dasharray="9 8"/>`;
  return (
    `<path d="M460,575Q470,300 600,292Q730,300 740,575" fill="none" stroke="${C.brown}" stroke-width="30" stroke-linecap="round"/>` +
    `<path d="${BAG_BODY}" fill="#000" fill-opacity="0.12" transform="translate(16,20)"/>` +
    `<clipPath id="bag"><path d="${BAG_BODY}"/></clipPath>` +
    linGrad("bagShade", 270, 0, 930, 0, [[0, "#000", 0.3], [0.2, "#000", 0.05], [0.45, "#FFF", 0.08], [0.8, "#000", 0.08], [1, "#000", 0.32]]) +
    `<g clip-path="url(#bag)">${weave}${rect(0, 0, PW, PH, "url(#bagShade)")}</g>` +
    `<path d="${BAG_BODY}" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="3"/>` +
    rect(316, 560, 568, 72, C.leather, ' rx="12"') +
    stitch("M330,576H870M330,616H870") +
    `<path d="M420,570Q420,250 600,240Q780,250 780,570" fill="none" stroke="${C.leather}" stroke-width="38" stroke-linecap="round"/>` +
    stitch("M420,560Q420,250 600,240Q780,250 780,560") +
    rect(396, 548, 48, 60, C.brown, ' rx="6"') +
    rect(756, 548, 48, 60, C.brown, ' rx="6"')
  );
}

// Wall basket ---------------------------------------------------------------------------------------------------------

function wallBasket(cx: number, cy: number, radius: number, colors: string[], id: string, ring = 15): string {
  return (
    circle(cx + radius * 0.04, cy + radius * 0.06, radius, "#000", ' fill-opacity="0.14"') +
    sisalBasket(cx, cy, radius, { base: C.sisal, colors, ring, rim: C.sisalDark }) +
    radGrad(id, cx - radius * 0.2, cy - radius * 0.25, radius * 1.2, [[0, "#FFF", 0.1], [0.6, "#000", 0], [1, "#000", 0.22]]) +
    circle(cx, cy, radius, `url(#${id})`)
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Product photos
// ---------------------------------------------------------------------------------------------------------------

type Art = { file: string; svg: string; max: number };

function productArt(): Art[] {
  const arts: Art[] = [];
  const add = (file: string, svg: string) => arts.push({ file, svg, max: PRODUCT_MAX_BYTES });

  // 1. Ankara wrap dress — kitenge circles.
  {
    const r = makeRng("ankara-wrap-dress");
    const warm = kitengeCircles(PW, PH, r, { bg: C.terracotta, rings: [C.ochre, C.indigo, C.cream, C.rust, C.ochre], wave: C.cream, dot: C.indigo, unit: 150 });
    add("ankara-wrap-dress-1.webp", wrapDress(r, warm, C.indigo, C.cream, C.sand));
    add("ankara-wrap-dress-2.webp", closeUp(kitengeCircles(PW, PH, r, { bg: C.terracotta, rings: [C.ochre, C.indigo, C.cream, C.rust, C.ochre], wave: C.cream, dot: C.indigo, unit: 420, burst: 0 })));
    const cool = kitengeCircles(PW, PH, r, { bg: C.indigo, rings: [C.ochre, C.cream, C.terracotta, C.green, C.cream], wave: C.terracotta, dot: C.cream, unit: 150 });
    add("ankara-wrap-dress-3.webp", wrapDress(r, cool, C.ochre, C.linen, C.oat));
  }
  // 2. Kente stripe maxi dress.
  {
    const k: KenteColors = { a: C.ochre, b: C.green, c: C.terracotta, d: C.charcoal, e: C.cream };
    add("kente-stripe-maxi-dress-1.webp", maxiDress(kente(PW, PH, 86, k), C.charcoal));
    add("kente-stripe-maxi-dress-2.webp", closeUp(kente(PW, PH, 200, k)));
  }
  // 3. Bogolan shift dress — mudcloth.
  {
    const r = makeRng("bogolan-shift-dress");
    add("bogolan-shift-dress-1.webp", shiftDress(mudcloth(PW, PH, r, { bg: C.umber, fg: C.cream, unit: 110, stroke: 7 }), C.charcoal));
    add("bogolan-shift-dress-2.webp", closeUp(mudcloth(PW, PH, r, { bg: C.umber, fg: C.cream, unit: 240, stroke: 13 })));
  }
  // 4. Maasai beaded collar.
  {
    const r = makeRng("maasai-beaded-collar");
    add("maasai-beaded-collar-1.webp", collarOnBust());
    add("maasai-beaded-collar-2.webp", closeUp(beadwork(PW, PH, r, { bead: 88, bg: C.umber, pairs: [[C.red, C.mustard], [C.indigo, C.ochre], [C.green, C.red], [C.ochre, C.red], [C.red, C.indigo]], light: C.white })));
    add("maasai-beaded-collar-3.webp", collarFlatLay());
  }
  // 5. Kiondo sisal handbag.
  {
    const weave = (row: number) => kiondoWeave(PW, PH, { base: C.sisal, colors: [C.terracotta, C.charcoal, C.ochre, C.green], row });
    add("kiondo-sisal-handbag-1.webp", svgDoc(PW, PH, backdrop(PW, PH, C.cream, C.oat) + bagArt(weave(20))));
    add(
      "kiondo-sisal-handbag-2.webp",
      closeUp(
        weave(36) +
          `<path d="M-60,1150Q500,860 1260,300" fill="none" stroke="${C.leather}" stroke-width="120" stroke-linecap="round"/>` +
          `<path d="M-60,1110Q500,820 1260,260M-60,1190Q500,900 1260,340" fill="none" stroke="${C.cream}" stroke-opacity="0.7" stroke-width="5" stroke-dasharray="16 12"/>`,
      ),
    );
  }
  // 6. Kanga head wrap — hanging on a rod, and laid flat.
  {
    const colors = { border: C.indigo, field: C.ochre, motif: C.terracotta, accent: C.cream, dot: C.indigo };
    const drape = "M340,244H860L872,1370Q815,1395 755,1372Q690,1398 620,1374Q545,1398 470,1372Q400,1395 328,1370Z";
    add(
      "kanga-head-wrap-1.webp",
      svgDoc(
        PW,
        PH,
        backdrop(PW, PH, C.linen, C.sand) +
          `<path d="${drape}" fill="#000" fill-opacity="0.1" transform="translate(14,18)"/>` +
          `<clipPath id="drape"><path d="${drape}"/></clipPath>` +
          linGrad("folds", 328, 0, 872, 0, [[0, "#000", 0.25], [0.12, "#000", 0.02], [0.25, "#000", 0.16], [0.4, "#FFF", 0.06], [0.55, "#000", 0.14], [0.7, "#FFF", 0.05], [0.85, "#000", 0.15], [1, "#000", 0.28]]) +
          `<g clip-path="url(#drape)"><g transform="translate(328,244)">${kanga("k1", 544, 1160, colors)}</g>${rect(0, 0, PW, PH, "url(#folds)")}</g>` +
          `<path d="${drape}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="3"/>` +
          rect(250, 226, 700, 24, C.wood, ' rx="12"') +
          circle(250, 238, 22, C.brown) +
          circle(950, 238, 22, C.brown),
      ),
    );
    add("kanga-head-wrap-2.webp", closeUp(kanga("k2", PW, PH, colors)));
  }
  // 7. Kitenge print shirt — fan scales.
  {
    const warm = kitengeScales(PW, PH, { bg: C.ochre, sets: [[C.indigo, C.ochre, C.terracotta, C.cream, C.indigo], [C.rust, C.mustard, C.indigo, C.cream, C.rust]], unit: 120 });
    add("kitenge-print-shirt-1.webp", shirt(warm, C.indigo, C.cream, C.cream, C.sand));
    add("kitenge-print-shirt-2.webp", closeUp(kitengeScales(PW, PH, { bg: C.ochre, sets: [[C.indigo, C.ochre, C.terracotta, C.cream, C.indigo], [C.rust, C.mustard, C.indigo, C.cream, C.rust]], unit: 420 })));
    const green = kitengeScales(PW, PH, { bg: C.green, sets: [[C.greenDeep, C.sage, C.cream, C.ochre, C.greenDeep], [C.charcoal, C.ochre, C.green, C.cream, C.charcoal]], unit: 120 });
    add("kitenge-print-shirt-3.webp", shirt(green, C.charcoal, C.ochre, C.linen, C.oat));
  }
  // 8. Kikoi linen shirt — vertical stripes.
  {
    const seq: [string, number][] = [
      [C.cream, 70],
      [C.indigo, 14],
      [C.cream, 8],
      [C.indigo, 14],
      [C.cream, 30],
      [C.terracotta, 36],
      [C.ochre, 8],
      [C.terracotta, 36],
      [C.cream, 30],
      [C.green, 10],
      [C.cream, 40],
    ];
    add("kikoi-linen-shirt-1.webp", shirt(kikoi(PW, PH, { vertical: true, base: C.cream, seq }), C.indigo, C.cream, C.sand, C.oat));
    add(
      "kikoi-linen-shirt-2.webp",
      closeUp(kikoi(PW, PH, { vertical: true, base: C.cream, seq: seq.map(([c, s]) => [c, s * 2.4] as [string, number]) })),
    );
  }
  // 9. Adinkra-inspired stamped cushion cover.
  {
    const r = makeRng("adinkra-cushion-cover");
    const cushion = "M236,392Q600,440 964,392Q916,760 964,1128Q600,1080 236,1128Q284,760 236,392Z";
    const cloth = `<g transform="translate(236,392)">${stampCloth(728, 736, r, { bg: C.ochre, ink: C.charcoal, unit: 182, light: C.ochre })}</g>`;
    add(
      "adinkra-cushion-cover-1.webp",
      svgDoc(
        PW,
        PH,
        backdrop(PW, PH, C.cream, C.sand) +
          radGrad("floor", 600, 1160, 470, [[0, "#000", 0.22], [1, "#000", 0]]) +
          `<ellipse cx="600" cy="1160" rx="470" ry="70" fill="url(#floor)"/>` +
          `<clipPath id="cushion"><path d="${cushion}"/></clipPath>` +
          radGrad("puff", 580, 720, 560, [[0, "#FFF", 0.08], [0.55, "#000", 0], [1, "#000", 0.38]]) +
          `<g clip-path="url(#cushion)">${cloth}${rect(0, 0, PW, PH, "url(#puff)")}</g>` +
          `<path d="${cushion}" fill="none" stroke="${C.charcoal}" stroke-width="10" stroke-linejoin="round"/>`,
      ),
    );
    add("adinkra-cushion-cover-2.webp", closeUp(stampCloth(PW, PH, r, { bg: C.ochre, ink: C.charcoal, unit: 340, light: C.ochre })));
  }
  // 10. Sisal wall basket set.
  {
    add(
      "sisal-wall-basket-set-1.webp",
      svgDoc(
        PW,
        PH,
        backdrop(PW, PH, C.linen, C.sand) +
          `<path d="M600,330V286" stroke="${C.umber}" stroke-width="4"/>` +
          circle(600, 280, 7, C.umber) +
          wallBasket(600, 760, 430, [C.terracotta, C.charcoal, C.ochre, C.indigo], "b1") +
          `<path d="M585,326Q600,300 615,326" fill="none" stroke="${C.leather}" stroke-width="10"/>`,
      ),
    );
    add(
      "sisal-wall-basket-set-2.webp",
      svgDoc(
        PW,
        PH,
        backdrop(PW, PH, C.cream, C.oat) +
          wallBasket(470, 560, 320, [C.terracotta, C.charcoal, C.ochre], "b1") +
          wallBasket(850, 1010, 230, [C.green, C.ochre, C.charcoal], "b2") +
          wallBasket(400, 1150, 175, [C.indigo, C.terracotta, C.cream], "b3"),
      ),
    );
  }
  return arts;
}

// ---------------------------------------------------------------------------------------------------------------
// Hero banners (1600×800): calm, dark left side for the title; rich pattern on the right
// ---------------------------------------------------------------------------------------------------------------

const HW = 1600;
const HH = 800;

/** Left-to-right darkening so overlaid light text stays readable. */
const heroFade = (base: string) =>
  linGrad("fade", 0, 0, HW, 0, [[0, base, 0.92], [0.38, base, 0.75], [0.56, base, 0], [1, base, 0]]) + rect(0, 0, HW, HH, "url(#fade)");

function heroArt(): Art[] {
  const r = makeRng("hero");
  const arts: Art[] = [];
  // 1. Kente strips behind a slanted edge.
  {
    const edge = "M800,0H1600V800H620Z";
    const faint = `<g opacity="0.07">${mudcloth(HW, HH, r, { bg: "none", fg: C.cream, unit: 120, stroke: 6 })}</g>`;
    arts.push({
      file: "hero-1.webp",
      max: HERO_MAX_BYTES,
      svg: svgDoc(
        HW,
        HH,
        rect(0, 0, HW, HH, C.indigoDeep) +
          faint +
          `<clipPath id="edge"><path d="${edge}"/></clipPath>` +
          `<g clip-path="url(#edge)">${kente(HW, HH, 104, { a: C.ochre, b: C.green, c: C.terracotta, d: C.charcoal, e: C.cream })}</g>` +
          heroFade(C.indigoDeep) +
          `<path d="M800,0L620,800" stroke="${C.ochre}" stroke-width="16"/>` +
          `<path d="M776,0L596,800" stroke="${C.cream}" stroke-width="3" stroke-dasharray="2 12" stroke-linecap="round"/>`,
      ),
    });
  }
  // 2. Kitenge circles behind a curve, with a beaded edge.
  {
    const edge = "M860,0Q640,400 860,800H1600V0Z";
    let beads = "";
    for (let t = 0; t <= 1.0001; t += 1 / 48) {
      const x = (1 - t) * (1 - t) * 840 + 2 * (1 - t) * t * 620 + t * t * 840;
      const y = 800 * t;
      beads += circle(x, y, 7, at([C.cream, C.terracotta, C.cream, C.ochre], Math.round(t * 48)));
    }
    arts.push({
      file: "hero-2.webp",
      max: HERO_MAX_BYTES,
      svg: svgDoc(
        HW,
        HH,
        rect(0, 0, HW, HH, C.greenDeep) +
          `<g opacity="0.08">${[160, 260, 360, 460].map((rad) => circle(150, 700, rad, "none", ` stroke="${C.cream}" stroke-width="14"`)).join("")}</g>` +
          `<clipPath id="edge"><path d="${edge}"/></clipPath>` +
          `<g clip-path="url(#edge)">${kitengeCircles(HW, HH, r, { bg: C.terracotta, rings: [C.ochre, C.greenDeep, C.cream, C.rust, C.ochre], wave: C.cream, dot: C.greenDeep, unit: 190 })}</g>` +
          heroFade(C.greenDeep) +
          `<path d="M860,0Q640,400 860,800" fill="none" stroke="${C.ochre}" stroke-width="14"/>` +
          beads,
      ),
    });
  }
  // 3. Coiled baskets on a mudcloth wall.
  {
    arts.push({
      file: "hero-3.webp",
      max: HERO_MAX_BYTES,
      svg: svgDoc(
        HW,
        HH,
        rect(0, 0, HW, HH, "#5E2A19") +
          `<g opacity="0.08">${[0, 1, 2, 3, 4, 5].map((i) => rect(0, 80 + i * 120, 640, 10, C.cream)).join("")}</g>` +
          `<clipPath id="edge"><rect x="760" y="0" width="840" height="800"/></clipPath>` +
          `<g clip-path="url(#edge)">${mudcloth(HW, HH, r, { bg: C.umber, fg: C.sand, unit: 130, stroke: 7 })}</g>` +
          heroFade("#5E2A19") +
          rect(752, 0, 12, HH, C.ochre) +
          wallBasket(1170, 360, 270, [C.terracotta, C.charcoal, C.ochre], "b1", 14) +
          wallBasket(1460, 650, 180, [C.indigo, C.ochre, C.terracotta], "b2", 13) +
          wallBasket(1470, 150, 120, [C.green, C.ochre], "b3", 12) +
          wallBasket(930, 690, 130, [C.charcoal, C.terracotta], "b4", 12),
      ),
    });
  }
  return arts;
}

// ---------------------------------------------------------------------------------------------------------------
// Our Story (1200×900): a workshop still life
// ---------------------------------------------------------------------------------------------------------------

function storyArt(): Art {
  const r = makeRng("our-story");
  const W = 1200;
  const H = 900;
  const folded = (id: string, x: number, y: number, w: number, h: number, fill: string) =>
    placed(id, x, y, w, h, fill, 16) +
    linGrad(`${id}s`, 0, y, 0, y + h, [[0, "#FFF", 0.1], [0.5, "#000", 0], [1, "#000", 0.3]]) +
    rect(x, y, w, h, `url(#${id}s)`, ' rx="16"') +
    `<path d="M${x + w - 30},${y + 4}Q${x + w + 4},${y + h / 2} ${x + w - 30},${y + h - 4}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="4"/>`;
  const bag = `<g transform="translate(606,352) scale(0.38)">${bagArt(kiondoWeave(PW, PH, { base: C.sisal, colors: [C.indigo, C.terracotta, C.ochre], row: 22, texture: false }))}</g>`;
  return {
    file: "our-story.webp",
    max: STORY_MAX_BYTES,
    svg: svgDoc(
      W,
      H,
      linGrad("wall", 0, 0, 0, 620, [[0, C.linen, 1], [1, C.sand, 1]]) +
        rect(0, 0, W, 620, "url(#wall)") +
        linGrad("table", 0, 620, 0, H, [[0, C.wood, 1], [1, C.brown, 1]]) +
        rect(0, 620, W, H - 620, "url(#table)") +
        `<path d="M0,700H1200M0,790H1200" stroke="#000" stroke-opacity="0.12" stroke-width="3"/>` +
        rect(0, 616, W, 10, "#000", ' fill-opacity="0.15"') +
        // A kanga hanging on the wall.
        rect(60, 40, 400, 16, C.wood, ' rx="8"') +
        rect(84, 56, 352, 380, "#000", ' fill-opacity="0.1" transform="translate(10,12)"') +
        placed("kw", 84, 56, 352, 380, kanga("kk", 352, 380, { border: C.green, field: C.cream, motif: C.terracotta, accent: C.ochre, dot: C.green })) +
        // Baskets on the wall.
        wallBasket(890, 250, 175, [C.terracotta, C.charcoal, C.ochre], "s1", 11) +
        wallBasket(1100, 470, 95, [C.indigo, C.ochre], "s2", 10) +
        // Folded cloth on the table.
        rect(116, 560, 400, 230, "#000", ' fill-opacity="0.15" transform="translate(10,14)"') +
        folded("f1", 110, 700, 420, 90, kente(420, 90, 60, { a: C.ochre, b: C.green, c: C.terracotta, d: C.charcoal, e: C.cream })) +
        folded("f2", 126, 620, 392, 82, mudcloth(392, 82, r, { bg: C.umber, fg: C.cream, unit: 60, stroke: 5 })) +
        folded("f3", 140, 548, 366, 74, kikoi(366, 74, { vertical: true, base: C.cream, seq: [[C.cream, 34], [C.indigo, 10], [C.cream, 6], [C.terracotta, 22], [C.cream, 20]] })) +
        // A kiondo bag and a carved bowl.
        bag +
        `<ellipse cx="1085" cy="800" rx="100" ry="20" fill="#000" fill-opacity="0.2"/>` +
        `<path d="M985,740Q990,810 1085,812Q1180,810 1185,740Z" fill="${C.umber}"/>` +
        `<ellipse cx="1085" cy="740" rx="100" ry="22" fill="${C.leather}"/>` +
        `<ellipse cx="1085" cy="742" rx="84" ry="15" fill="#3A281C"/>` +
        [1040, 1068, 1098, 1126].map((x, i) => circle(x, 736 - (i % 2) * 6, 12, at([C.ochre, C.terracotta, C.cream, C.indigo], i))).join(""),
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Small SVGs for public/
// ---------------------------------------------------------------------------------------------------------------

const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 500" width="400" height="500">
  <rect width="400" height="500" fill="#E9E2D6"/>
  <rect x="24" y="24" width="352" height="452" rx="10" fill="none" stroke="#CFC4B3" stroke-width="4"/>
  <g fill="none" stroke="#B3A692" stroke-width="10" stroke-linejoin="round" stroke-linecap="round">
    <rect x="120" y="170" width="160" height="160" rx="14"/>
    <path d="M130 300l44-52 32 34 22-22 42 40"/>
  </g>
  <circle cx="236" cy="214" r="14" fill="#B3A692"/>
</svg>
`;

const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <path d="M32 2 62 32 32 62 2 32Z" fill="#C0583A"/>
  <path d="M32 12 52 32 32 52 12 32Z" fill="#F3E9D6"/>
  <path d="M32 19 45 32 32 45 19 32Z" fill="#27385E"/>
  <path d="M32 26 38 32 32 38 26 32Z" fill="#D29A2E"/>
  <g fill="#F3E9D6"><circle cx="32" cy="7" r="2"/><circle cx="57" cy="32" r="2"/><circle cx="32" cy="57" r="2"/><circle cx="7" cy="32" r="2"/></g>
</svg>
`;

// ---------------------------------------------------------------------------------------------------------------
// Render
// ---------------------------------------------------------------------------------------------------------------

async function render(art: Art): Promise<{ bytes: number; quality: number }> {
  let last: Buffer | undefined;
  let used = QUALITIES[0]!;
  for (const quality of QUALITIES) {
    used = quality;
    last = await sharp(Buffer.from(art.svg)).webp({ quality, effort: 6 }).toBuffer();
    if (last.length <= art.max) break;
  }
  await writeFile(path.join(OUT_DIR, art.file), last!);
  return { bytes: last!.length, quality: used };
}

async function main() {
  await mkdir(OUT_DIR, { recursive: true });
  await mkdir(path.join(PUBLIC_DIR, "images"), { recursive: true });
  const only = process.argv.slice(2);
  const arts = [...productArt(), ...heroArt(), storyArt()].filter((a) => only.length === 0 || only.some((o) => a.file.includes(o)));
  let over = 0;
  for (const art of arts) {
    const { bytes, quality } = await render(art);
    const flag = bytes > art.max ? "  OVER BUDGET" : "";
    if (flag) over++;
    console.log(`${art.file.padEnd(34)} ${(bytes / 1024).toFixed(1).padStart(6)} KB  q${quality}${flag}`);
  }
  await writeFile(path.join(PUBLIC_DIR, "images", "placeholder.svg"), PLACEHOLDER_SVG);
  await writeFile(path.join(PUBLIC_DIR, "favicon.svg"), FAVICON_SVG);
  console.log(`Wrote ${arts.length} images to ${path.relative(ROOT, OUT_DIR)}, plus public/images/placeholder.svg and public/favicon.svg`);
  if (over > 0) process.exitCode = 1;
}

await main();
