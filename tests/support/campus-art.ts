import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { campusArt, type CampusArt } from '../../scripts/build/campus-files.mjs';
import { COLLEGE_CATALOGUE } from '../../src/data/college-catalogue';

/** The site address the memory build's browser tests use (VITE_SITE_URL). */
export const TEST_SITE_URL = 'https://deestudiantes.example';

/** Every catalogue campus as the campus files' input. */
export function catalogueCampuses(siteUrl = TEST_SITE_URL): CampusArt[] {
  return COLLEGE_CATALOGUE.map((entry) => campusArt(entry, siteUrl));
}

/** The campus with the longest short name (the first of them), the hardest to fit. */
export function longestName(campuses: readonly CampusArt[]): CampusArt {
  return campuses.reduce((a, b) => (b.shortName.length > a.shortName.length ? b : a));
}

/** A PNG's width and height, read from its header (IHDR), after checking its signature. */
export function pngSize(png: Buffer): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (![...png.subarray(0, 8)].every((b, i) => b === signature[i])) throw new Error('not a PNG');
  if (png.subarray(12, 16).toString('latin1') !== 'IHDR') throw new Error('no IHDR first');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The text of the QR code a PNG shows, or null when none decodes. */
export function qrText(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  const pixels = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);
  return jsQR(pixels, image.width, image.height)?.data ?? null;
}
