// @ts-expect-error: fontverter ships no type declarations
import fontverter from 'fontverter';
import { describe, expect, it } from 'vitest';
import { renderPhoneArt } from '@/ui/boot/prerender';
// @ts-expect-error: a plain JavaScript module of the build scripts, without type declarations
import { phoneArtText, phoneFont } from '../../../scripts/build/phone-font.mjs';

const text = phoneArtText as (html: string) => string;
const font = phoneFont as (html: string) => Promise<Buffer>;

describe("phoneArtText: the characters the phones' drawing shows", () => {
  it('takes the text, once each and sorted, without tags, comments or SVG', () => {
    const html =
      '<div class="a">Hola<!--|--><svg viewBox="0 0 1 1"><text>zzz</text></svg> <b>mundo</b>\n</div>';
    expect(text(html)).toBe(' Hadlmnou');
  });

  it('decodes character references as the browser does', () => {
    expect(text('Ana &amp; Luis &#x27;&#39;&quot;&lt;&gt;&#241;&#xE9;')).toBe(` "&'<>ALainsuéñ`);
  });
});

describe("phoneFont: the drawing's font, cut to its characters", () => {
  it("is a WOFF2 file far smaller than Inter's Latin file (its coverage: first-load.e2e.ts)", async () => {
    const html = renderPhoneArt();
    const shown = text(html);
    // The drawing's Spanish: accents, inverted marks, the ellipsis and the middle dot.
    for (const c of 'áéíó¿¡…·$') expect(shown).toContain(c);
    const file = await font(html);
    expect(file.subarray(0, 4).toString('latin1')).toBe('wOF2');
    // Inter's whole Latin file (every weight) is about 48 KB.
    expect(file.length).toBeLessThan(24_000);
    expect(file.length).toBeGreaterThan(2_000);
  });

  it('keeps the address of its license (SIL Open Font License) in its name table', async () => {
    const file = await font('Hola');
    // The name table's Windows records are UTF-16BE, inside the WOFF2's compressed tables.
    const sfnt: Buffer = await fontverter.convert(file, 'truetype');
    const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();
    expect(sfnt.includes(utf16be('openfontlicense.org'))).toBe(true);
  });
});
