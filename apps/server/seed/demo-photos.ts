import { createHash } from 'node:crypto';
import sharp from 'sharp';

// The demo experiences' photos, drawn at seed time instead of shipped: a small scene per category (a
// skyline, a table, a gallery wall, lights, a coast) in colours and shapes taken from a hash of the guide,
// the experience and the photo's place. Deterministic, offline, and never the same picture twice
// (decision 030).

const WIDTH = 800;
const HEIGHT = 600;

/** A stream of numbers in [0, 1) from a seed string (SHA-256 in counter mode). */
function numbers(seed: string): () => number {
  let block = 0;
  let bytes = Buffer.alloc(0);
  let at = 0;
  return () => {
    if (at + 4 > bytes.length) {
      bytes = createHash('sha256').update(`${seed}:${block++}`).digest();
      at = 0;
    }
    const n = bytes.readUInt32BE(at);
    at += 4;
    return n / 2 ** 32;
  };
}

const SKIES: [string, string][] = [
  ['#f6c27a', '#e0735a'],
  ['#8fb8de', '#f3d9b1'],
  ['#2b3a67', '#e8a87c'],
  ['#152238', '#45628f'],
  ['#f7d6bf', '#b5c7d3'],
  ['#c9e4de', '#f2c6a0'],
  ['#3d2c5c', '#d77a61'],
  ['#a7c5eb', '#fdf0d5'],
];
const INKS = ['#1d2b3a', '#3c2f2f', '#2f4b3f', '#5b3a4a', '#394867', '#6b4f3a', '#283845'];
const WARM = ['#d9a84e', '#a94a22', '#c97b63', '#e9c46a', '#f4a261', '#b56576', '#e76f51'];

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h)} ${Math.round(s)}% ${Math.round(l)}%)`;

function pick<T>(list: readonly T[], r: () => number): T {
  return list[Math.floor(r() * list.length)] as T;
}

function sky(r: () => number): string {
  const [top, bottom] = pick(SKIES, r);
  const sunX = 80 + r() * 640;
  const sunY = 60 + r() * 200;
  return `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#s)"/>
<circle cx="${sunX}" cy="${sunY}" r="${30 + r() * 50}" fill="#fff4d6" opacity="${0.5 + r() * 0.4}"/>`;
}

function skyline(r: () => number): string {
  let out = '';
  for (let layer = 0; layer < 3; layer++) {
    const ink = pick(INKS, r);
    const base = 330 + layer * 90;
    let x = -20;
    while (x < WIDTH) {
      const w = 40 + r() * 90;
      const h = 60 + r() * (220 - layer * 50);
      out += `<rect x="${x.toFixed(1)}" y="${(base - h).toFixed(1)}" width="${w.toFixed(1)}" height="${(HEIGHT - base + h).toFixed(1)}" fill="${ink}" opacity="${0.55 + layer * 0.2}"/>`;
      if (r() < 0.45) {
        const dome = w / 2;
        out += `<circle cx="${(x + w / 2).toFixed(1)}" cy="${(base - h).toFixed(1)}" r="${(dome * 0.6).toFixed(1)}" fill="${ink}" opacity="${0.55 + layer * 0.2}"/>`;
      }
      for (let wy = base - h + 14; wy < base - 10; wy += 22) {
        for (let wx = x + 8; wx < x + w - 10; wx += 18) {
          if (r() < 0.3)
            out += `<rect x="${wx.toFixed(1)}" y="${wy.toFixed(1)}" width="7" height="10" fill="#ffe7a8" opacity="0.8"/>`;
        }
      }
      x += w + r() * 12;
    }
  }
  return out;
}

function hills(r: () => number): string {
  let out = '';
  for (let layer = 0; layer < 4; layer++) {
    const y = 300 + layer * 70;
    const hue = 90 + r() * 120;
    let d = `M0 ${HEIGHT} L0 ${y}`;
    for (let x = 0; x <= WIDTH; x += 100) d += ` Q${x + 50} ${y - 40 - r() * 90} ${x + 100} ${y - r() * 30}`;
    d += ` L${WIDTH} ${HEIGHT} Z`;
    out += `<path d="${d}" fill="${hsl(hue, 25 + r() * 25, 50 - layer * 9)}"/>`;
  }
  const road = `M${WIDTH * r()} ${HEIGHT} C${WIDTH * r()} 480 ${WIDTH * r()} 420 ${WIDTH * r()} 360`;
  return `${out}<path d="${road}" stroke="#f1ead8" stroke-width="10" fill="none" opacity="0.8"/>`;
}

function waves(r: () => number): string {
  let out = `<rect y="330" width="${WIDTH}" height="${HEIGHT - 330}" fill="${hsl(190 + r() * 30, 55, 38)}"/>`;
  for (let i = 0; i < 9; i++) {
    const y = 340 + i * 30 + r() * 10;
    let d = `M0 ${y}`;
    for (let x = 0; x <= WIDTH; x += 80) d += ` q40 ${-10 - r() * 14} 80 0`;
    out += `<path d="${d}" stroke="#e8f6f5" stroke-width="${2 + r() * 4}" fill="none" opacity="${0.35 + r() * 0.5}"/>`;
  }
  return `${out}<rect y="${540 + r() * 30}" width="${WIDTH}" height="80" fill="#e9d8b4"/>`;
}

function table(r: () => number): string {
  const wood = hsl(20 + r() * 20, 35 + r() * 20, 28 + r() * 15);
  let out = `<rect width="${WIDTH}" height="${HEIGHT}" fill="${wood}"/>`;
  for (let i = 0; i < 14; i++) {
    const y = i * 45 + r() * 10;
    out += `<rect y="${y.toFixed(1)}" width="${WIDTH}" height="2" fill="#000" opacity="0.12"/>`;
  }
  const plates = 3 + Math.floor(r() * 4);
  for (let i = 0; i < plates; i++) {
    const cx = 110 + r() * 580;
    const cy = 110 + r() * 380;
    const rad = 55 + r() * 55;
    out += `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${rad.toFixed(1)}" fill="#f7f3ea"/>`;
    out += `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${(rad * 0.72).toFixed(1)}" fill="#efe7da"/>`;
    const bites = 3 + Math.floor(r() * 6);
    for (let b = 0; b < bites; b++) {
      const a = r() * Math.PI * 2;
      const d = r() * rad * 0.5;
      out += `<circle cx="${(cx + Math.cos(a) * d).toFixed(1)}" cy="${(cy + Math.sin(a) * d).toFixed(1)}" r="${(6 + r() * 14).toFixed(1)}" fill="${pick(WARM, r)}"/>`;
    }
  }
  for (let i = 0; i < 2; i++) {
    const cx = 60 + r() * 680;
    const cy = 60 + r() * 480;
    out += `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="26" fill="${hsl(340 + r() * 30, 60, 30)}" opacity="0.85"/><circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="30" fill="none" stroke="#fff" stroke-width="3" opacity="0.6"/>`;
  }
  return out;
}

function gallery(r: () => number): string {
  let out = `<rect width="${WIDTH}" height="${HEIGHT}" fill="${hsl(30 + r() * 30, 20, 88 + r() * 6)}"/><rect y="470" width="${WIDTH}" height="130" fill="${hsl(25, 25, 45 + r() * 15)}"/>`;
  let x = 40 + r() * 40;
  while (x < WIDTH - 120) {
    const w = 100 + r() * 140;
    const h = 120 + r() * 160;
    const y = 110 + r() * 60;
    out += `<rect x="${(x - 8).toFixed(1)}" y="${(y - 8).toFixed(1)}" width="${(w + 16).toFixed(1)}" height="${(h + 16).toFixed(1)}" fill="${pick(INKS, r)}"/>`;
    out += `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="${hsl(r() * 360, 40 + r() * 40, 45 + r() * 30)}"/>`;
    for (let s = 0; s < 4; s++) {
      out += `<circle cx="${(x + r() * w).toFixed(1)}" cy="${(y + r() * h).toFixed(1)}" r="${(8 + r() * 30).toFixed(1)}" fill="${hsl(r() * 360, 60, 50 + r() * 30)}" opacity="0.8"/>`;
    }
    x += w + 40 + r() * 50;
  }
  return out;
}

function lights(r: () => number): string {
  let out = `<rect width="${WIDTH}" height="${HEIGHT}" fill="${hsl(230 + r() * 60, 40, 10 + r() * 8)}"/>`;
  for (let i = 0; i < 60; i++) {
    out += `<circle cx="${(r() * WIDTH).toFixed(1)}" cy="${(r() * HEIGHT * 0.8).toFixed(1)}" r="${(6 + r() * 40).toFixed(1)}" fill="${hsl(r() * 60 + (r() < 0.5 ? 0 : 280), 80, 55 + r() * 20)}" opacity="${(0.15 + r() * 0.45).toFixed(2)}"/>`;
  }
  out += `<rect y="${440 + r() * 40}" width="${WIDTH}" height="200" fill="#120c0a" opacity="0.85"/>`;
  for (let i = 0; i < 7; i++) {
    const x = 40 + r() * 720;
    out += `<rect x="${x.toFixed(1)}" y="${(400 + r() * 40).toFixed(1)}" width="18" height="60" rx="4" fill="${pick(WARM, r)}" opacity="0.9"/>`;
  }
  return out;
}

const SCENES: Record<string, ((r: () => number) => string)[]> = {
  'Culture & History': [skyline, gallery],
  'Art & Museums': [gallery, skyline],
  'Food & Dining': [table, table, lights],
  'Pub Crawls': [lights, skyline],
  'House Parties': [lights, lights],
  'Large Events': [lights, hills],
  Shopping: [gallery, skyline],
  'Scenic Drives': [hills, waves],
  'Adventure Sports': [waves, hills],
  'Deep Conversations': [lights, table],
};

/** The SVG of one demo photo: the category's scenes in turn, coloured by the seed. */
export function demoPhotoSvg(category: string, seed: string, index: number): string {
  const r = numbers(`${seed}:${index}`);
  const scenes = SCENES[category] ?? [skyline];
  const scene = scenes[index % scenes.length]!;
  const body = scene === table || scene === gallery ? scene(r) : sky(r) + scene(r);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${body}</svg>`;
}

/** The WebP of one demo photo, the size and format of an uploaded one. */
export function demoPhoto(category: string, seed: string, index: number): Promise<Buffer> {
  return sharp(Buffer.from(demoPhotoSvg(category, seed, index)))
    .resize(480, 360)
    .webp({ quality: 60, effort: 6 })
    .toBuffer();
}
