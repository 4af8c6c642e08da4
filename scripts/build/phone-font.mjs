// The phones' drawing is set in a web font of its own (issue 26): Inter (SIL Open Font License
// 1.1, from @fontsource-variable/inter), cut at build time to the characters the drawing holds.
//
// Why a web font: Chromium on Linux asks its browser process, synchronously, for the render style
// of each new size and weight of a system font (`GetWebFontRenderStyleForStrike`), and for the
// family of each new weight. The drawing's text came in 14 sizes and weights after the first
// paint: 14 main-thread tasks that each waited 2-27 ms for the browser process (the loader set
// them up one per task). A web font is the page's own data: Chromium asks the browser process
// nothing for it. The page's loader (scripts/build/loader.mjs) loads the face with the drawing,
// which waits for it 3 s at most (then it is set in the page's font).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';

/** The family the loader gives the face, and the drawing's CSS names (`font-phone-art`). */
export const PHONE_FONT_FAMILY = 'Phone art';

const SOURCE = '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * The characters the drawing's HTML shows: its text outside tags, comments and SVG (the icons are
 * paths), with character references decoded.
 */
export function phoneArtText(html) {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<svg[\s\S]*?<\/svg>/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : +name.slice(1);
      return String.fromCodePoint(code);
    });
  return [...new Set(text.replace(/\s/g, ' '))].sort().join('');
}

/** The drawing's font: Inter's Latin file cut to `html`'s characters, as WOFF2. */
export async function phoneFont(html) {
  const source = fs.readFileSync(createRequire(import.meta.url).resolve(SOURCE));
  // The cut keeps the font's name records 13 and 14 (its license and the license's address),
  // which the subsetter drops by default: the font travels with its license (SIL OFL 1.1).
  return subsetFont(source, phoneArtText(html), {
    targetFormat: 'woff2',
    preserveNameIds: [13, 14],
  });
}
