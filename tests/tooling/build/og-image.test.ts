import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

// Issue 28: the preview WhatsApp shows for an invite link. It drops an image over about 300 KB,
// and wants a JPEG or PNG with its size and an alternative text, and the site's name.
describe('the link preview (Open Graph)', () => {
  const html = fs.readFileSync('index.html', 'utf8');
  const meta = (property: string) =>
    new RegExp(`<meta\\s+property="${property}"\\s+content="([^"]*)"`).exec(html)?.[1];

  it('names a JPEG of 1200 × 630 under 300 KB, with its alternative text and the site name', () => {
    expect(meta('og:image')).toBe('/og-image.jpg');
    expect(meta('og:image:type')).toBe('image/jpeg');
    expect(meta('og:image:width')).toBe('1200');
    expect(meta('og:image:height')).toBe('630');
    expect(meta('og:image:alt')).toMatch(/De estudiantes a estudiantes/);
    expect(meta('og:site_name')).toBe('De estudiantes a estudiantes');

    const jpeg = fs.readFileSync('public/og-image.jpg');
    expect(jpeg.length).toBeLessThan(300 * 1024);
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]); // a JPEG's start of image
    // Its frame's size (the first SOF marker): 630 rows of 1200 pixels.
    for (let i = 2; i < jpeg.length - 9;) {
      const marker = jpeg[i + 1]!;
      const length = jpeg.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xc3) {
        expect([jpeg.readUInt16BE(i + 5), jpeg.readUInt16BE(i + 7)]).toEqual([630, 1200]);
        return;
      }
      i += 2 + length;
    }
    throw new Error('no frame header in public/og-image.jpg');
  });
});
