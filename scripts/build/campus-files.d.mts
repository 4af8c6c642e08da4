// Types of campus-files.mjs for the TypeScript tests (and for prerender.mjs's readers).
export interface CampusArt {
  readonly id: string;
  readonly shortName: string;
  readonly university: string;
  readonly campus: string;
  readonly city: string;
  readonly state: string;
  /** Absolute when the build knows the site's address, else the path: '/campus/udg-cucei'. */
  readonly pageUrl: string;
  /** What the poster's QR code encodes: `${pageUrl}?utm_source=cartel&utm_medium=qr`. */
  readonly posterQrUrl: string;
}
export interface CampusEntry {
  readonly id: string;
  readonly name: string;
  readonly subname: string;
  readonly shortName: string;
  readonly city: string;
  readonly state: string;
}
export interface CampusFilesResult {
  readonly images: number;
  readonly posters: number;
  /** The images' sizes, in bytes. */
  readonly bytes: { readonly max: number; readonly total: number };
}
export interface Raster {
  readonly png: Buffer;
  readonly width: number;
  readonly height: number;
  /** RGBA, row by row. */
  readonly pixels: Uint8Array;
}
export const BRAND: string;
export const IMAGE_WIDTH: number;
export const IMAGE_HEIGHT: number;
export const IMAGE_PADDING: number;
export const POSTER_SENTENCE: string;
export const IMAGE_CALL: string;
export const POSTER_UTM: string;
export function campusArt(entry: CampusEntry, siteUrl: string): CampusArt;
export function renderCampusImage(campus: CampusArt): Promise<Buffer>;
export function renderCampusPoster(campus: CampusArt): Promise<string>;
export function writeCampusFiles(options: {
  dist: string;
  campuses: readonly CampusArt[];
}): Promise<CampusFilesResult>;
export function rasterise(svg: string, width?: number): Promise<Raster>;
export function escapeHtml(text: string): string;
export function shortAddress(url: string): string;
