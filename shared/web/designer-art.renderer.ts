import type { DesignerImageKind } from './site-urls.ts';

/**
 * The directory's own images of a designer, drawn as SVG from the slug alone: an avatar with the name's
 * initials and a portfolio preview in the designer's palette. A pure function of the slug, so the API
 * serves them without a lookup, every page can show one for every designer, and the same slug always
 * gives the same picture. The SVG holds no script, no style element and no outside reference.
 */

/** FNV-1a: a small, stable 32-bit hash of the slug that seeds everything below. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a deterministic stream of numbers in [0, 1) from one seed. */
function stream(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Palette {
  /** Dark enough for white initials at AA contrast. */
  deep: string;
  main: string;
  second: string;
  third: string;
  paper: string;
  ink: string;
}

export function paletteOf(slug: string): Palette {
  const hue = hash(slug) % 360;
  const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(((h % 360) + 360) % 360)} ${s}% ${l}%)`;
  return {
    deep: hsl(hue, 55, 32),
    main: hsl(hue, 70, 56),
    second: hsl(hue + 45, 75, 64),
    third: hsl(hue + 190, 55, 48),
    paper: hsl(hue, 45, 95),
    ink: hsl(hue, 45, 18),
  };
}

/** Up to two initials from the slug's words: "ana-lopez" is AL, "geraldine-boyer-2" is GB. */
export function initialsOf(slug: string): string {
  const words = slug.split('-').filter((w) => /^[a-z]/.test(w));
  const picked = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return picked.map((w) => w[0]!.toUpperCase()).join('') || '?';
}

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${body}</svg>\n`;

function avatar(slug: string): string {
  const p = paletteOf(slug);
  const r = stream(hash(`${slug}:avatar`));
  const cx = Math.round(20 + r() * 56);
  const cy = Math.round(20 + r() * 56);
  return svg(
    96,
    96,
    `<rect width="96" height="96" rx="48" fill="${p.deep}"/>` +
      `<circle cx="${cx}" cy="${cy}" r="${Math.round(26 + r() * 18)}" fill="${p.main}" opacity="0.55"/>` +
      `<text x="48" y="49" text-anchor="middle" dominant-baseline="central" fill="#fff" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-size="36" font-weight="650" letter-spacing="1">${initialsOf(slug)}</text>`,
  );
}

type Motif = (p: Palette, r: () => number) => string;

const round = (n: number) => Math.round(n);

/** Overlapping soft shapes, like a brand exploration board. */
const shapes: Motif = (p, r) => {
  const fills = [p.main, p.second, p.third, p.deep];
  let out = '';
  for (let i = 0; i < 7; i++) {
    const fill = fills[i % fills.length]!;
    const x = round(r() * 640);
    const y = round(r() * 480);
    const size = round(70 + r() * 170);
    out +=
      r() < 0.5
        ? `<circle cx="${x}" cy="${y}" r="${size / 2}" fill="${fill}" opacity="0.85"/>`
        : `<rect x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size}" rx="${round(r() * 40)}" fill="${fill}" opacity="0.8" transform="rotate(${round(r() * 90)} ${x} ${y})"/>`;
  }
  return out;
};

/** A grid poster: tiles of the palette and one big disc. */
const poster: Motif = (p, r) => {
  const fills = [p.main, p.second, p.third, p.paper, p.deep];
  let out = '';
  for (let col = 0; col < 8; col++) {
    for (let row = 0; row < 6; row++) {
      if (r() < 0.45) continue;
      const fill = fills[Math.floor(r() * fills.length)]!;
      out += `<rect x="${col * 80 + 4}" y="${row * 80 + 4}" width="72" height="72" rx="${r() < 0.3 ? 36 : 6}" fill="${fill}"/>`;
    }
  }
  return `${out}<circle cx="${round(180 + r() * 280)}" cy="${round(140 + r() * 200)}" r="${round(90 + r() * 50)}" fill="${p.deep}" opacity="0.9"/>`;
};

/** An app screen: a window with a sidebar, a chart and cards. */
const screen: Motif = (p, r) => {
  let cards = '';
  for (let i = 0; i < 3; i++) {
    cards += `<rect x="${212 + i * 128}" y="268" width="112" height="120" rx="10" fill="#fff"/><rect x="${224 + i * 128}" y="284" width="64" height="10" rx="5" fill="${p.main}"/><rect x="${224 + i * 128}" y="304" width="${round(50 + r() * 36)}" height="8" rx="4" fill="${p.paper}"/><rect x="${224 + i * 128}" y="320" width="${round(40 + r() * 40)}" height="8" rx="4" fill="${p.paper}"/>`;
  }
  let bars = '';
  for (let i = 0; i < 9; i++) {
    const h = round(30 + r() * 110);
    bars += `<rect x="${232 + i * 38}" y="${236 - h}" width="22" height="${h}" rx="4" fill="${i % 3 === 2 ? p.third : p.second}"/>`;
  }
  return (
    `<rect x="48" y="40" width="544" height="400" rx="18" fill="${p.paper}"/>` +
    `<rect x="48" y="40" width="544" height="40" rx="18" fill="${p.deep}"/><rect x="48" y="60" width="544" height="20" fill="${p.deep}"/>` +
    `<circle cx="72" cy="60" r="6" fill="${p.second}"/><circle cx="92" cy="60" r="6" fill="${p.main}"/><circle cx="112" cy="60" r="6" fill="${p.third}"/>` +
    `<rect x="64" y="96" width="124" height="328" rx="10" fill="#fff"/>` +
    [0, 1, 2, 3, 4].map((i) => `<rect x="80" y="${116 + i * 28}" width="${round(60 + r() * 30)}" height="10" rx="5" fill="${i === 1 ? p.main : p.paper}"/>`).join('') +
    `<rect x="204" y="96" width="372" height="156" rx="10" fill="#fff"/>${bars}${cards}`
  );
};

/** Bands of waves, like a motion study. */
const waves: Motif = (p, r) => {
  const fills = [p.deep, p.third, p.main, p.second];
  let out = '';
  for (let i = 0; i < 4; i++) {
    const base = 170 + i * 80;
    const amp = 30 + r() * 50;
    const shift = r() * 200;
    let d = `M0 ${base}`;
    for (let x = 0; x <= 640; x += 40) d += ` L${x} ${round(base + Math.sin((x + shift) / 70) * amp)}`;
    out += `<path d="${d} L640 480 L0 480 Z" fill="${fills[i]}" opacity="0.9"/>`;
  }
  return `<circle cx="${round(120 + r() * 400)}" cy="${round(80 + r() * 60)}" r="${round(40 + r() * 30)}" fill="${p.second}"/>${out}`;
};

/** Isometric blocks, like a 3D scene. */
const blocks: Motif = (p, r) => {
  let out = '';
  const cells: [number, number][] = [];
  for (let i = 0; i < 6; i++) cells.push([Math.floor(r() * 5), Math.floor(r() * 4)]);
  cells.sort((a, b) => a[0] + a[1] - (b[0] + b[1]));
  for (const [gx, gy] of cells) {
    const x = 320 + (gx - gy) * 56;
    const y = 120 + (gx + gy) * 32;
    const h = round(40 + r() * 90);
    out +=
      `<path d="M${x} ${y - h} l56 32 l-56 32 l-56 -32 Z" fill="${p.second}"/>` +
      `<path d="M${x - 56} ${y - h + 32} l56 32 v${h} l-56 -32 Z" fill="${p.main}"/>` +
      `<path d="M${x + 56} ${y - h + 32} l-56 32 v${h} l56 -32 Z" fill="${p.deep}"/>`;
  }
  return out;
};

const MOTIFS: Motif[] = [shapes, poster, screen, waves, blocks];

function preview(slug: string): string {
  const p = paletteOf(slug);
  const seed = hash(`${slug}:preview`);
  const motif = MOTIFS[seed % MOTIFS.length]!;
  return svg(
    640,
    480,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.paper}"/><stop offset="1" stop-color="${p.second}" stop-opacity="0.35"/></linearGradient></defs>` +
      `<rect width="640" height="480" fill="url(#bg)"/>${motif(p, stream(seed))}`,
  );
}

export function renderDesignerImage(slug: string, kind: DesignerImageKind): string {
  return kind === 'avatar' ? avatar(slug) : preview(slug);
}
