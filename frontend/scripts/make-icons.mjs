// Draws the app icons (public/icons/*.png) from the favicon's drawing in public/index.html: a teal
// rounded square with a yellow book, in a 32-unit box. Run once by hand (`node scripts/make-icons.mjs`)
// when the logo changes; the PNGs are committed. No image library: the shapes are two rectangles
// with rounded corners, sampled 4x4 per pixel and written as an RGBA PNG with node's zlib.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TEAL = [0x0f, 0x52, 0x57];
const YELLOW = [0xf4, 0xc9, 0x5d];
const out = path.resolve(import.meta.dirname, '..', 'public', 'icons');

/** Inside a rectangle whose listed corners are rounded with radius r (units of the 32 box). */
function inRounded(x, y, { left, top, right, bottom, r, corners }) {
  if (x < left || x > right || y < top || y > bottom) return false;
  const centres = { tl: [left + r, top + r], tr: [right - r, top + r], br: [right - r, bottom - r], bl: [left + r, bottom - r] };
  for (const corner of corners) {
    const [cx, cy] = centres[corner];
    const outside = (corner.includes('l') ? x < cx : x > cx) && (corner.includes('t') ? y < cy : y > cy);
    if (outside && (x - cx) ** 2 + (y - cy) ** 2 > r * r) return false;
  }
  return true;
}

/** The favicon's book: `M9 8h10a4 4 0 0 1 4 4v12H13a4 4 0 0 1-4-4z`. */
const BOOK = { left: 9, top: 8, right: 23, bottom: 24, r: 4, corners: ['tr', 'bl'] };

/**
 * `maskable`: the background fills the square (the platform cuts its own shape) and the book is
 * drawn smaller, inside the safe circle (80% of the width).
 */
function colourAt(x, y, maskable) {
  const background = maskable || inRounded(x, y, { left: 0, top: 0, right: 32, bottom: 32, r: 8, corners: ['tl', 'tr', 'br', 'bl'] });
  if (!background) return null;
  const scale = maskable ? 0.8 : 1;
  const bx = 16 + (x - 16) / scale;
  const by = 16 + (y - 16) / scale;
  return inRounded(bx, by, BOOK) ? YELLOW : TEAL;
}

function draw(size, maskable) {
  const samples = 4;
  const rows = [];
  for (let py = 0; py < size; py += 1) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0, then RGBA
    for (let px = 0; px < size; px += 1) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const colour = colourAt(((px + (sx + 0.5) / samples) * 32) / size, ((py + (sy + 0.5) / samples) * 32) / size, maskable);
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          a += 1;
        }
      }
      const at = 1 + px * 4;
      if (a > 0) {
        row[at] = Math.round(r / a);
        row[at + 1] = Math.round(g / a);
        row[at + 2] = Math.round(b / a);
      }
      row[at + 3] = Math.round((a / (samples * samples)) * 255);
    }
    rows.push(row);
  }
  return png(size, Buffer.concat(rows));
}

function png(size, raw) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

fs.mkdirSync(out, { recursive: true });
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
]) {
  fs.writeFileSync(path.join(out, name), draw(size, maskable));
  console.log(`wrote public/icons/${name}`);
}
