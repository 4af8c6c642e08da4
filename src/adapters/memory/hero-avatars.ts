/**
 * Illustrated student avatars for the in-memory backend (no network): small WebP files the build
 * serves from the app's own origin (a `photoURL`, as a real backend may answer), fetched only when
 * shown and decoded off the main thread. The art's source is the SVG beside each WebP, drawn into
 * it by `node scripts/build/make-demo-avatars.mjs`. Not the SVGs themselves: an SVG image is a
 * document of its own on the page's main thread, one task per avatar (issue 26). Not inlined
 * either: as base64 in the backend's chunk they would weigh a third more, on every load.
 */
import longDarkHair from './avatars/01-long-dark-hair.webp?no-inline';
import buzzCut from './avatars/02-buzz-cut.webp?no-inline';
import curlyHair from './avatars/03-curly-hair.webp?no-inline';
import ponytail from './avatars/04-ponytail.webp?no-inline';
import navyCap from './avatars/05-navy-cap.webp?no-inline';
import roundGlasses from './avatars/06-round-glasses.webp?no-inline';
import topBun from './avatars/07-top-bun.webp?no-inline';
import stubble from './avatars/08-stubble.webp?no-inline';
import braids from './avatars/09-braids.webp?no-inline';
import quiff from './avatars/10-quiff.webp?no-inline';

/** Ten flat student portraits' addresses, 128 px square (shown cropped to a circle at 40-44 px). */
export const HERO_AVATARS: readonly string[] = [
  longDarkHair,
  buzzCut,
  curlyHair,
  ponytail,
  navyCap,
  roundGlasses,
  topBun,
  stubble,
  braids,
  quiff,
];

/** The students who agreed to the hero strip before anyone opened the page: the first six. */
export const SEEDED_HERO_AVATARS: readonly string[] = HERO_AVATARS.slice(0, 6);

/**
 * The demo accounts' profile photos (the last four portraits): what the hero strip shows of a
 * demo student once they consent.
 */
export const DEMO_ACCOUNT_PHOTOS: Readonly<Record<string, string>> = {
  'demo-ana': HERO_AVATARS[6]!,
  'demo-luis': HERO_AVATARS[7]!,
  'demo-sofia': HERO_AVATARS[8]!,
  'demo-diego': HERO_AVATARS[9]!,
};
