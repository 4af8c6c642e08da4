// Draws the in-memory backend's stand-in hero avatars (src/adapters/memory/avatars/*.svg, the
// art's source) as small WebP images beside them (*.webp, what the app ships), in Chromium.
// Why rasters: an SVG image is a document of its own on the page's main thread (a frame, a
// parser: 4-19 ms a time on the bench's machine for each of the strip's five; issue 26), while
// the browser decodes a WebP off the main thread. 128 px covers the strip's 40-44 px circles on
// screens up to three device pixels per CSS pixel. No colour profile: sRGB is a WebP's default.
// Run `node scripts/build/make-demo-avatars.mjs` after changing the art, and commit the WebPs.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
/* global Image, document -- page.evaluate runs in the browser */

const DIR = 'src/adapters/memory/avatars';
const SIZE = 128; // tests/app/unit/memory-backend.test.ts checks it
const QUALITY = 0.85;
const SYSTEM_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The WebP without its ICC colour profile: Chromium's encoder adds an sRGB profile (456 B, a fifth
 * of each file), and a WebP without one is read as sRGB anyway.
 */
function withoutColourProfile(webp) {
  if (webp.toString('ascii', 0, 4) !== 'RIFF' || webp.toString('ascii', 8, 12) !== 'WEBP') {
    throw new Error('not a WebP');
  }
  const chunks = [];
  for (let at = 12; at < webp.length;) {
    const size = webp.readUInt32LE(at + 4);
    const chunk = Buffer.from(webp.subarray(at, at + 8 + size + (size & 1)));
    const id = chunk.toString('ascii', 0, 4);
    if (id === 'VP8X') chunk[8] &= ~0x20; // the flag that says an ICCP chunk follows
    if (id !== 'ICCP') chunks.push(chunk);
    at += 8 + size + (size & 1);
  }
  const body = Buffer.concat([Buffer.from('WEBP'), ...chunks]);
  const head = Buffer.alloc(8);
  head.write('RIFF');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

const browser = await chromium.launch({
  ...(fs.existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
  args: ['--no-sandbox'],
});
const page = await browser.newPage();
for (const file of fs
  .readdirSync(DIR)
  .filter((f) => f.endsWith('.svg'))
  .sort()) {
  const svg = fs.readFileSync(path.join(DIR, file), 'utf8');
  const dataUrl = await page.evaluate(
    async ({ svg, size, quality }) => {
      const image = new Image(size, size);
      const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
      image.src = `data:image/svg+xml,${encodeURIComponent(sized)}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = size;
      canvas.getContext('2d').drawImage(image, 0, 0, size, size);
      return canvas.toDataURL('image/webp', quality);
    },
    { svg, size: SIZE, quality: QUALITY },
  );
  if (!dataUrl.startsWith('data:image/webp;base64,')) throw new Error(`${file}: no WebP encoder`);
  const out = path.join(DIR, file.replace(/\.svg$/, '.webp'));
  const bytes = withoutColourProfile(
    Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'),
  );
  fs.writeFileSync(out, bytes);
  console.log(`${out} (${SIZE} × ${SIZE}, ${bytes.length} B)`);
}
await browser.close();
