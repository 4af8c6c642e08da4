// Generated from src/domain/seller-choice.ts by `npm run functions:copies -- --write`. Do not edit:
// tests/tooling/data/functions-copies.test.ts fails when the two disagree.
/**
 * Who will sell, and what (issue 49, part 1): after joining, a student may tick the offerings of
 * the landing page they would sell on their campus. Voluntary, changeable, clearable; kept in a
 * record of its own (the waitlist entry keeps its fields) and deleted when the student leaves.
 * This module imports nothing: the Cloud Functions copy it as it is.
 */

/** The seven offerings of the landing page (src/ui/landing/offering-list.tsx), in its order. */
export const SELLER_CATEGORIES = [
  'comida-casera',
  'platillos-favoritos',
  'platillos-preparados',
  'snacks',
  'postres',
  'servicios',
  'material-de-estudio',
] as const;
export type SellerCategory = (typeof SELLER_CATEGORIES)[number];

/** Each category as the card and the report name it (the landing page's titles). */
export const SELLER_CATEGORY_LABELS: Readonly<Record<SellerCategory, string>> = {
  'comida-casera': 'Comida casera',
  'platillos-favoritos': 'Platillos favoritos',
  'platillos-preparados': 'Platillos preparados',
  snacks: 'Snacks',
  postres: 'Postres',
  servicios: 'Servicios',
  'material-de-estudio': 'Material de estudio',
};

export const isSellerCategory = (value: unknown): value is SellerCategory =>
  typeof value === 'string' && (SELLER_CATEGORIES as readonly string[]).includes(value);

/**
 * A choice as given (a page's, a server's answer): the categories without repeats, in the
 * landing page's order; null when it is not a list of known categories (an unknown one, a
 * number, more entries than there are categories twice over), so nothing is stored from it.
 */
export function parseSellerCategories(value: unknown): SellerCategory[] | null {
  if (!Array.isArray(value) || value.length > SELLER_CATEGORIES.length * 2) return null;
  if (!value.every(isSellerCategory)) return null;
  return SELLER_CATEGORIES.filter((category) => value.includes(category));
}
