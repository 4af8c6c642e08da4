import { type College, collegeLabel, parseCollege } from '@/domain/college';
import { campusPagePath, campusPosterPath } from '@/domain/campus-page';

/**
 * The campus a campus page is about (issue 60): its college, as the card chooses it, and where it
 * is. Every word comes from the seed catalogue (src/data), never from a student.
 */
export interface PageCampus {
  readonly college: College;
  readonly city: string;
  readonly state: string;
}

const MAX_TEXT = 200;
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() && value.length <= MAX_TEXT ? value : null;

/** The page's campus as the prerender writes it in the page (`data-campus`), for the browser. */
export const encodePageCampus = (campus: PageCampus): string =>
  JSON.stringify({ ...campus.college, city: campus.city, state: campus.state });

/** Reads a page's `data-campus`; anything malformed is no campus (the page is then a 404). */
export function decodePageCampus(value: string | null | undefined): PageCampus | null {
  if (!value) return null;
  let record: unknown;
  try {
    record = JSON.parse(value);
  } catch {
    return null;
  }
  const college = parseCollege(record);
  if (!college) return null;
  const { city, state } = record as Record<string, unknown>;
  const where = { city: text(city), state: text(state) };
  return where.city && where.state ? { college, city: where.city, state: where.state } : null;
}

/** Where the campus is, as its page writes it: 'Guadalajara, Jalisco'. */
export const placeOf = ({ city, state }: PageCampus): string =>
  city === state ? city : `${city}, ${state}`;

/** What a campus page says about itself: its title, description, addresses and image. */
export interface CampusPageMeta {
  readonly title: string;
  readonly description: string;
  /** The page's path, `/campus/<id>`, and its address (the canonical URL). */
  readonly path: string;
  readonly url: string;
  /** The link preview's image (1200x630 PNG, made at build time) and its alternative text. */
  readonly imagePath: string;
  readonly imageUrl: string;
  readonly imageAlt: string;
  readonly posterPath: string;
}

/** The link preview's image of a campus. */
export const campusImagePath = (id: string): string => `/og/campus/${id}.png`;

/**
 * A campus page's metadata: a title and description of its own (search results and the link
 * preview), its canonical address and its image. `siteUrl` is the site's address (empty in a
 * build without one: the addresses are then paths).
 */
export function campusPageMeta(campus: PageCampus, siteUrl: string): CampusPageMeta {
  const label = collegeLabel(campus.college);
  const { id, name } = campus.college;
  const path = campusPagePath(id);
  const imagePath = campusImagePath(id);
  return {
    title: `Marketplace de estudiantes de ${label} | De estudiantes a estudiantes`,
    description:
      `Compra, vende e intercambia comida casera, postres, servicios y material de estudio con ` +
      `estudiantes de ${label} (${name}, ${placeOf(campus)}). Únete a la lista de espera de tu campus.`,
    path,
    url: `${siteUrl}${path}`,
    imagePath,
    imageUrl: `${siteUrl}${imagePath}`,
    imageAlt: `De estudiantes a estudiantes en ${label}: únete a la lista de espera de tu campus.`,
    posterPath: campusPosterPath(id),
  };
}
