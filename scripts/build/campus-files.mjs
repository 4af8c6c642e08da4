// The build-time files of each catalogue campus (issue 60), beside its prerendered page:
// - its link-preview image, `og/campus/<id>.png`: 1200 × 630, a PNG far under the 300 KB WhatsApp
//   accepts, that names the campus in large type. Drawn by satori (layout and text to SVG, the
//   text as paths) and rasterised by resvg (WebAssembly): no native binary, so it builds the same
//   on Linux, macOS and Windows, with no network.
// - its poster, `campus/<id>/cartel.html`: one printable page (A4 or letter) with the campus's
//   name, one sentence and a QR code (the `qrcode` package) to the campus page with the poster's
//   `utm` values, so the launch report counts the poster as a source. Plain HTML, no script.
// Every text comes from the catalogue and this file, never from a student; it is escaped anyway.
// The font is Inter (SIL Open Font License 1.1), shipped in assets/fonts/ with its licence.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import QRCode from 'qrcode';
import satori from 'satori';

/**
 * @typedef {{ id: string, shortName: string, university: string, campus: string, city: string,
 *   state: string, pageUrl: string, posterQrUrl: string }} CampusArt
 * `pageUrl` is the campus page's address, absolute when the build knows the site's
 * (`https://deestudiantes.mx/campus/udg-cucei`), else its path (`/campus/udg-cucei`);
 * `posterQrUrl` is what the poster's QR code encodes (`campusArt` builds both).
 */

export const BRAND = 'De estudiantes a estudiantes';
export const IMAGE_WIDTH = 1200;
export const IMAGE_HEIGHT = 630;
/** The image's side margins, which no text crosses (the title's size is fitted to the rest). */
export const IMAGE_PADDING = 72;
export const POSTER_SENTENCE =
  'Compra y vende comida casera, postres, servicios y material de estudio con estudiantes de tu ' +
  'campus. Únete a la lista de espera.';
export const IMAGE_CALL = 'Únete a la lista de espera de tu campus';

/** The poster's query: the launch report counts the visits it brings as the poster's. */
export const POSTER_UTM = 'utm_source=cartel&utm_medium=qr';

// The site's colours (Tailwind's): white text on indigo-600 is 6.3:1, on indigo-700 7.9:1.
const INDIGO_600 = '#4f46e5';
const INDIGO_700 = '#4338ca';
const INDIGO_100 = '#e0e7ff';

const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The art's input for a catalogue entry (src/data/college-catalogue.ts) with its city and state.
 * `siteUrl` is the site's address without a trailing slash ('' when the build has none).
 * @param {{ id: string, name: string, subname: string, shortName: string, city: string,
 *   state: string }} entry
 * @param {string} siteUrl
 * @returns {CampusArt}
 */
export function campusArt(entry, siteUrl) {
  const pageUrl = `${siteUrl.replace(/\/+$/, '')}/campus/${checkedId(entry.id)}`;
  return {
    id: entry.id,
    shortName: entry.shortName,
    university: entry.name,
    campus: entry.subname,
    city: entry.city,
    state: entry.state,
    pageUrl,
    posterQrUrl: `${pageUrl}?${POSTER_UTM}`,
  };
}

/** A campus id as a file name: kebab-case ASCII, so that no id leaves its folder. */
function checkedId(id) {
  if (!ID.test(id)) throw new Error(`not a campus id: ${JSON.stringify(id)}`);
  return id;
}

/** The line under the name: the campus when the short name does not already say it, and where. */
function placeLine(campus) {
  const where = [campus.city, campus.state].filter(Boolean).join(', ');
  const shown = campus.shortName.toLocaleUpperCase('es-MX');
  const name = shown.includes(campus.campus.toLocaleUpperCase('es-MX')) ? '' : campus.campus;
  return [name, where].filter(Boolean).join(' · ');
}

// ---------------------------------------------------------------------------------------------
// The link-preview image

const FONT_DIR = new URL('../../assets/fonts/', import.meta.url);
let fonts;
/** Inter 400 and 800, Latin (every Spanish letter and sign), read once. */
function interFonts() {
  fonts ??= [
    { weight: 400, file: 'inter-latin-400-normal.woff' },
    { weight: 800, file: 'inter-latin-800-normal.woff' },
  ].map(({ weight, file }) => ({
    name: 'Inter',
    weight,
    style: 'normal',
    data: fs.readFileSync(new URL(file, FONT_DIR)),
  }));
  return fonts;
}

let brandMark;
/** The site's mark (public/favicon.svg: the bag on indigo), as an image satori can draw. */
function mark() {
  brandMark ??= `data:image/svg+xml;base64,${fs
    .readFileSync(new URL('../../public/favicon.svg', import.meta.url))
    .toString('base64')}`;
  return brandMark;
}

let wasm;
/** resvg's WebAssembly module, initialised once per process (a second init throws). */
function resvgReady() {
  wasm ??= initWasm(
    fs.readFileSync(createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm')),
  );
  return wasm;
}

/**
 * Rasterises an SVG document at `width` pixels wide (its own width when omitted).
 * @param {string} svg
 * @param {number} [width]
 * @returns {Promise<{ png: Buffer, width: number, height: number, pixels: Uint8Array }>}
 */
export async function rasterise(svg, width) {
  await resvgReady();
  const resvg = new Resvg(svg, {
    fitTo: width ? { mode: 'width', value: width } : { mode: 'original' },
    font: { loadSystemFonts: false },
  });
  try {
    const image = resvg.render();
    try {
      return {
        png: Buffer.from(image.asPng()),
        width: image.width,
        height: image.height,
        pixels: image.pixels,
      };
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}

/** A satori element (satori reads React's element shape; no JSX in a build script). */
const h = (type, style, children, props = {}) => ({
  type,
  props: { style, children, ...props },
});

/**
 * The font size at which `text`, on one line in Inter of `weight`, is at most `width` pixels wide,
 * `max` at most: satori measures it once at 100 px (text widths scale with the size).
 */
async function fittedSize(text, weight, width, max) {
  let measured = 0;
  const reference = 100;
  await satori(
    h('div', { display: 'flex' }, [
      h('div', { fontSize: reference, fontWeight: weight, whiteSpace: 'nowrap' }, text),
    ]),
    {
      width: 8 * IMAGE_WIDTH,
      height: 200,
      fonts: interFonts(),
      onNodeDetected: (node) => {
        if (node.textContent === text) measured = Math.max(measured, node.width);
      },
    },
  );
  if (!measured) return max;
  return Math.max(1, Math.min(max, Math.floor((reference * width) / measured)));
}

/**
 * The campus's link-preview image: a 1200 × 630 PNG on the site's indigo, with the short name as
 * large as it fits on one line (120 px for 'UDG - CUCEI', smaller for longer names), the
 * university, the place, the brand and the invitation.
 * @param {CampusArt} campus
 * @returns {Promise<Buffer>}
 */
export async function renderCampusImage(campus) {
  const inner = IMAGE_WIDTH - 2 * IMAGE_PADDING;
  const place = placeLine(campus);
  const [titleSize, universitySize, placeSize] = await Promise.all([
    fittedSize(campus.shortName, 800, inner, 124),
    fittedSize(campus.university, 400, inner, 38),
    fittedSize(place, 400, inner, 38),
  ]);
  const line = (fontSize, fontWeight, color, text, extra = {}) =>
    h('div', { fontSize, fontWeight, color, whiteSpace: 'nowrap', ...extra }, text);
  const svg = await satori(
    h(
      'div',
      {
        display: 'flex',
        flexDirection: 'column',
        width: IMAGE_WIDTH,
        height: IMAGE_HEIGHT,
        backgroundColor: INDIGO_600,
        color: 'white',
        fontFamily: 'Inter',
      },
      [
        h('div', { display: 'flex', alignItems: 'center', padding: `52px ${IMAGE_PADDING}px 0` }, [
          h('img', { width: 68, height: 68, borderRadius: 18, border: '3px solid white' }, null, {
            src: mark(),
            width: 68,
            height: 68,
          }),
          line(36, 800, 'white', BRAND, { marginLeft: 22 }),
        ]),
        h(
          'div',
          {
            display: 'flex',
            flexDirection: 'column',
            justifyContent: 'center',
            flexGrow: 1,
            padding: `0 ${IMAGE_PADDING}px`,
          },
          [
            line(universitySize, 400, INDIGO_100, campus.university),
            line(titleSize, 800, 'white', campus.shortName, {
              lineHeight: 1.1,
              letterSpacing: '-0.01em',
              margin: '6px 0 10px',
            }),
            line(placeSize, 400, INDIGO_100, place),
          ],
        ),
        h(
          'div',
          {
            display: 'flex',
            alignItems: 'center',
            height: 118,
            padding: `0 ${IMAGE_PADDING}px`,
            backgroundColor: INDIGO_700,
          },
          [
            h('div', { width: 14, height: 56, borderRadius: 7, backgroundColor: '#fbbf24' }, null),
            line(40, 800, 'white', IMAGE_CALL, { marginLeft: 24 }),
          ],
        ),
      ],
    ),
    { width: IMAGE_WIDTH, height: IMAGE_HEIGHT, fonts: interFonts() },
  );
  return (await rasterise(svg)).png;
}

// ---------------------------------------------------------------------------------------------
// The poster

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** @param {string} text */
export const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** The address as printed under the QR code: without the scheme, e.g. 'deestudiantes.mx/campus/x'. */
export const shortAddress = (url) => url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');

/**
 * The campus name's size on the poster, in millimetres: as large as one line of the sheet (186 mm
 * wide on A4, within the margins) holds, 24 mm at most (on a screen narrower than the sheet, the
 * same share of its width). The font is the system's sans-serif, so
 * the width is an estimate: 0.64 em a character on average, for bold capitals in the wider faces
 * (DejaVu Sans Bold: 0.59 for 'IPN - ESIME ZACATENCO'), 176 mm in all.
 */
const posterTitleSize = (name) => Math.min(24, Math.floor((176 / (name.length * 0.64)) * 10) / 10);

const POSTER_STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#e2e8f0;color:#0f172a;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;line-height:1.35}
.hint{display:block;max-width:210mm;margin:6mm auto 0;padding:0 4mm;font-size:15px;color:#334155;text-align:center}
.sheet{width:210mm;min-height:279mm;margin:4mm auto 10mm;padding:12mm;background:#fff;box-shadow:0 2px 12px rgba(15,23,42,.18);display:flex;flex-direction:column;gap:6mm}
.band{display:flex;align-items:center;gap:4mm;padding:4mm 6mm;border-radius:4mm;background:${INDIGO_700};color:#fff;-webkit-print-color-adjust:exact;print-color-adjust:exact}
.band svg{width:13mm;height:13mm;flex:none}
.brand{font-size:7mm;font-weight:800;letter-spacing:-.01em}
.kicker{margin:0;font-size:6mm;font-weight:600;color:#334155}
h1{margin:0;font-size:calc(var(--size)*1mm);font-weight:800;line-height:1.05;letter-spacing:-.02em;color:${INDIGO_700};overflow-wrap:anywhere}
.place{margin:0;font-size:5mm;color:#334155}
.sentence{margin:0;font-size:6mm;line-height:1.35}
.qr{align-self:center;display:flex;flex-direction:column;align-items:center;gap:2mm;margin-top:auto;padding:4mm 8mm;border:1mm solid ${INDIGO_700};border-radius:5mm}
.qr p{margin:0}
.scan{font-size:6mm;font-weight:800}
.qr svg{display:block;width:80mm;height:80mm}
.address{font-size:5mm;font-weight:700;overflow-wrap:anywhere;text-align:center}
.foot{margin:0;font-size:4mm;color:#334155;text-align:center}
@page{margin:12mm}
@media screen and (max-width:230mm){
.hint{font-size:14px}
.sheet{width:auto;min-height:0;margin:3mm 0 0;padding:6mm 5vw;box-shadow:none}
h1{font-size:calc(var(--size)*90vw/186)}
}
@media print{
body{background:none}
.hint{display:none}
.sheet{width:auto;min-height:0;margin:0;padding:0;box-shadow:none;break-inside:avoid}
}
`
  .trim()
  .replace(/\n/g, '');

/** The site's mark, inline (public/favicon.svg's shapes): decorative, hidden from screen readers. */
const MARK_SVG =
  '<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="9" fill="#fff"/>' +
  `<path d="M9 13h14l-1.2 11.2a2 2 0 0 1-2 1.8h-7.6a2 2 0 0 1-2-1.8Z" fill="${INDIGO_600}"/>` +
  '<path d="M12.5 13v-1.5a3.5 3.5 0 0 1 7 0V13" fill="none" stroke="#f59e0b" stroke-width="2.2" stroke-linecap="round"/>' +
  '<path d="m16 16.5 4 1.8-4 1.8-4-1.8Z" fill="#fff"/></svg>';

/**
 * The campus's poster: a whole HTML document without script, one page on A4 and on letter, whose
 * QR code encodes `campus.posterQrUrl`.
 * @param {CampusArt} campus
 * @returns {Promise<string>}
 */
export async function renderCampusPoster(campus) {
  const qr = await QRCode.toString(campus.posterQrUrl, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  });
  const name = escapeHtml(campus.shortName);
  const place = escapeHtml([campus.university, placeLine(campus)].filter(Boolean).join(' · '));
  const qrSvg = qr
    .replace(/<\?xml[^>]*>\s*/, '')
    .replace(
      '<svg ',
      `<svg role="img" aria-label="Código QR a ${escapeHtml(shortAddress(campus.pageUrl))}" `,
    );
  return `<!doctype html>
<html lang="es-MX">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Cartel de ${name} | ${BRAND}</title>
<style>${POSTER_STYLE}</style>
</head>
<body>
<header class="hint">Imprime esta página (Ctrl + P, o ⌘ + P en Mac) en tamaño carta o A4 y pégala donde la vean tus compañeros.</header>
<main class="sheet">
<div class="band">${MARK_SVG}<span class="brand">${BRAND}</span></div>
<p class="kicker">El marketplace de estudiantes de</p>
<h1 style="--size:${posterTitleSize(campus.shortName)}">${name}</h1>
<p class="place">${place}</p>
<p class="sentence">${escapeHtml(POSTER_SENTENCE)}</p>
<div class="qr">
<p class="scan">Escanea y únete</p>
${qrSvg.trim()}
<p class="address">${escapeHtml(shortAddress(campus.pageUrl))}</p>
</div>
<p class="foot">${BRAND}: compra y vende dentro de tu campus.</p>
</main>
</body>
</html>
`;
}

// ---------------------------------------------------------------------------------------------
// The files

/**
 * Writes each campus's image (`<dist>/og/campus/<id>.png`) and poster
 * (`<dist>/campus/<id>/cartel.html`). `bytes` sums and maxes the images' sizes.
 * @param {{ dist: string, campuses: readonly CampusArt[] }} options
 * @returns {Promise<{ images: number, posters: number, bytes: { max: number, total: number } }>}
 */
export async function writeCampusFiles({ dist, campuses }) {
  campuses.forEach((campus) => checkedId(campus.id));
  const result = { images: 0, posters: 0, bytes: { max: 0, total: 0 } };
  const images = path.join(dist, 'og', 'campus');
  fs.mkdirSync(images, { recursive: true });
  for (const campus of campuses) {
    const { id } = campus;
    const png = await renderCampusImage(campus);
    fs.writeFileSync(path.join(images, `${id}.png`), png);
    result.images += 1;
    result.bytes.total += png.length;
    result.bytes.max = Math.max(result.bytes.max, png.length);
    const folder = path.join(dist, 'campus', id);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'cartel.html'), await renderCampusPoster(campus));
    result.posters += 1;
  }
  return result;
}
