// Draws the PNG icons from the logo (public/favicon.svg), in Chromium:
// - favicon.png (64 px, rounded corners on a transparent ground): the tab's icon. A PNG, not the
//   SVG: Chromium decodes a page's icon on the page's main thread, and an SVG icon is a document
//   of its own there (a frame, a parser: 4-24 ms a time on the bench's machine, 70 ms once slowed
//   down; issue 26). 64 px halves cleanly to the 32 and 16 px a tab draws.
// - apple-touch-icon.png (180 px; iOS rounds the corners itself) and icon-192.png / icon-512.png
//   for the web app manifest (the 512 px one is also the maskable icon: the glyph sits inside the
//   central 80 percent). Square corners, so no transparent edge shows on a home screen.
// Run `node scripts/build/make-icons.mjs` after changing the logo, and commit the PNGs.
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const SYSTEM_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const logo = fs
  .readFileSync('public/favicon.svg', 'utf8')
  .replace('<svg ', '<svg width="100%" height="100%" ');
const square = logo.replace(/ rx="[\d.]+"/, '');

const browser = await chromium.launch({
  ...(fs.existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
  args: ['--no-sandbox'],
});
for (const [file, size, svg, transparent] of [
  ['favicon.png', 64, logo, true],
  ['apple-touch-icon.png', 180, square, false],
  ['icon-192.png', 192, square, false],
  ['icon-512.png', 512, square, false],
]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(`<style>html,body{margin:0;height:100%}svg{display:block}</style>${svg}`);
  await page.screenshot({ path: `public/${file}`, omitBackground: transparent });
  await page.close();
  console.log(`public/${file} (${size} × ${size})`);
}
await browser.close();
