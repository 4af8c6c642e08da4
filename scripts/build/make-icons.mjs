// Draws the PNG icons that phones ask for from the logo (public/favicon.svg), in Chromium:
// apple-touch-icon.png (180 px; iOS rounds the corners itself) and icon-192.png / icon-512.png for
// the web app manifest (the 512 px one is also the maskable icon: the glyph sits inside the
// central 80 percent). Square corners, so no transparent edge shows on a home screen.
// Run `node scripts/build/make-icons.mjs` after changing the logo, and commit the PNGs.
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const SYSTEM_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const svg = fs
  .readFileSync('public/favicon.svg', 'utf8')
  .replace(/ rx="[\d.]+"/, '')
  .replace('<svg ', '<svg width="100%" height="100%" ');

const browser = await chromium.launch({
  ...(fs.existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
  args: ['--no-sandbox'],
});
for (const [file, size] of [
  ['apple-touch-icon.png', 180],
  ['icon-192.png', 192],
  ['icon-512.png', 512],
]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(`<style>html,body{margin:0;height:100%}svg{display:block}</style>${svg}`);
  await page.screenshot({ path: `public/${file}`, omitBackground: false });
  await page.close();
  console.log(`public/${file} (${size} × ${size})`);
}
await browser.close();
