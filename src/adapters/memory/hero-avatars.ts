/** Inline illustrated student avatars for the in-memory backend (no network). */
const svg = (body: string): string =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${body}</svg>`,
  )}`;

/**
 * Ten flat student portraits on a 64x64 view box (shown cropped to a circle at about 40-48 px).
 * Each figure is drawn at 1.15x about the centre so the face fills the circle.
 */
export const HERO_AVATARS: readonly string[] = [
  // Long dark hair with a side fringe, coral top.
  svg(
    `<rect width="64" height="64" fill="#FDE6D6"/>` +
      `<circle cx="32" cy="30" r="25" fill="#FEF1E8"/>` +
      `<g transform="matrix(1.15 0 0 1.15 -4.8 -4.8)" fill="none" stroke-linecap="round">` +
      `<path d="M9 64c0-10 9-16.5 23-16.5S55 54 55 64z" fill="#F26B5B"/>` +
      `<path d="M19.5 30c0-10 5-16.5 12.5-16.5S44.5 20 44.5 30v19c-5 2.5-20 2.5-25 0z"` +
      ` fill="#3B2A22"/><path d="M27.5 38h9v8.5L32 50.5l-4.5-4z" fill="#CC9369"/>` +
      `<path d="M21 31.5h22" stroke="#E0AC84" stroke-width="5.6"/>` +
      `<ellipse cx="32" cy="30" rx="11" ry="12.5" fill="#E0AC84"/>` +
      `<path d="M21 30c-1-9 4-15.5 11-15.5 7.5 0 12 6 11 15.5-2-4-4-6.5-7-8-4 3-10 4.5-15 8z"` +
      ` fill="#3B2A22"/><path d="M27.6 31h0m8.8 0h0" stroke="#321" stroke-width="2.8"/>` +
      `<path d="M25.2 35h0m13.6 0h0" stroke="#F77" stroke-width="4" opacity=".25"/>` +
      `<path d="M25.6 27.8q2-1.2 4 0m4.8 0q2-1.2 4 0" stroke="#3B2A22" stroke-width="1.2"/>` +
      `<path d="M31.2 33.8h1.6" stroke="#CC9369" stroke-width="1.4"/>` +
      `<path d="M29 36.2q3 3.6 6 0z" fill="#fff" stroke="#7A3A2C" stroke-width="1.2"/></g>`,
  ),
  // Buzz cut, teal T-shirt.
  svg(
    `<rect width="64" height="64" fill="#DCF1E8"/>` +
      `<circle cx="32" cy="30" r="25" fill="#ECF7F2"/>` +
      `<g transform="matrix(1.15 0 0 1.15 -4.8 -4.8)" fill="none" stroke-linecap="round">` +
      `<path d="M9 64c0-10 9-16.5 23-16.5S55 54 55 64z" fill="#2A9D8F"/>` +
      `<path d="M27.5 38h9v8.5L32 50.5l-4.5-4z" fill="#855235"/>` +
      `<path d="M21 31.5h22" stroke="#9C6443" stroke-width="5.6"/>` +
      `<ellipse cx="32" cy="30" rx="11" ry="12.5" fill="#9C6443"/>` +
      `<path d="M21 29c-.5-8 4.5-13 11-13s11.5 5 11 13c-1-3-2-4.5-3.5-5.5-4.5 1-10.5 1-15 0-1.5` +
      ` 1-2.5 2.5-3.5 5.5z" fill="#1F1A1C"/>` +
      `<path d="M27.6 31h0m8.8 0h0" stroke="#321" stroke-width="2.8"/>` +
      `<path d="M25.2 35h0m13.6 0h0" stroke="#F77" stroke-width="4" opacity=".25"/>` +
      `<path d="M25.6 27.8q2-1.2 4 0m4.8 0q2-1.2 4 0" stroke="#1F1A1C" stroke-width="1.2"/>` +
      `<path d="M31.2 33.8h1.6" stroke="#855235" stroke-width="1.4"/>` +
      `<path d="M29.2 36.4q2.8 2.4 5.6 0" stroke="#4A2218" stroke-width="1.3"/></g>`,
  ),
  // Big curly hair, mustard top.
  svg(
    `<rect width="64" height="64" fill="#ECE3F8"/>` +
      `<circle cx="32" cy="30" r="25" fill="#F5F0FB"/>` +
      `<g transform="matrix(1.15 0 0 1.15 -4.8 -4.8)" fill="none" stroke-linecap="round">` +
      `<path d="M9 64c0-10 9-16.5 23-16.5S55 54 55 64z" fill="#F2B33D"/>` +
      `<path d="M20 40V29c0-9 5-14.5 12-14.5S44 20 44 29v11" stroke="#3B2A22" stroke-width="10"` +
      ` stroke-dasharray="0 6.4"/><path d="M27.5 38h9v8.5L32 50.5l-4.5-4z" fill="#A26843"/>` +
      `<path d="M21 31.5h22" stroke="#BA7D56" stroke-width="5.6"/>` +
      `<ellipse cx="32" cy="30" rx="11" ry="12.5" fill="#BA7D56"/>` +
      `<path d="M24.5 22.5q7.5-6 15 0" stroke="#3B2A22" stroke-width="7" stroke-dasharray="0` +
      ` 5"/><path d="M27.6 31h0m8.8 0h0" stroke="#321" stroke-width="2.8"/>` +
      `<path d="M25.2 35h0m13.6 0h0" stroke="#F77" stroke-width="4" opacity=".25"/>` +
      `<path d="M25.6 27.8q2-1.2 4 0m4.8 0q2-1.2 4 0" stroke="#3B2A22" stroke-width="1.2"/>` +
      `<path d="M31.2 33.8h1.6" stroke="#A26843" stroke-width="1.4"/>` +
      `<path d="M29 36.2q3 3.6 6 0z" fill="#fff" stroke="#5A2A1C" stroke-width="1.2"/></g>`,
  ),
  // Chestnut ponytail, purple top.
  svg(
    `<rect width="64" height="64" fill="#DDEFFA"/>` +
      `<circle cx="32" cy="30" r="25" fill="#ECF6FC"/>` +
      `<g transform="matrix(1.15 0 0 1.15 -4.8 -4.8)" fill="none" stroke-linecap="round">` +
      `<path d="M9 64c0-10 9-16.5 23-16.5S55 54 55 64z" fill="#7C5CD6"/>` +
      `<path d="M40 20c8-1 11 9 9 19-1 6-5 9-6.5 6 2-7 2-15-3.5-19z" fill="#7A4A2A"/>` +
      `<path d="M27.5 38h9v8.5L32 50.5l-4.5-4z" fill="#E8BE9F"/>` +
      `<path d="M21 31.5h22" stroke="#F5D5BC" stroke-width="5.6"/>` +
      `<ellipse cx="32" cy="30" rx="11" ry="12.5" fill="#F5D5BC"/>` +
      `<path d="M20.8 31c-1.5-10 4-16 11.2-16s12.7 6 11.2 16c-1-5-3-8-6-9-4-.5-8-2-9.7-1.5-2` +
      ` 2.5-4.5 5-6.7 10.5z" fill="#7A4A2A"/>` +
      `<circle cx="42.5" cy="20.5" r="1.8" fill="#F2B33D"/>` +
      `<path d="M27.6 31h0m8.8 0h0" stroke="#321" stroke-width="2.8"/>` +
      `<path d="M25.2 35h0m13.6 0h0" stroke="#F77" stroke-width="4" opacity=".25"/>` +
      `<path d="M25.6 27.8q2-1.2 4 0m4.8 0q2-1.2 4 0" stroke="#7A4A2A" stroke-width="1.2"/>` +
      `<path d="M31.2 33.8h1.6" stroke="#E8BE9F" stroke-width="1.4"/>` +
      `<path d="M29.2 36.4q2.8 2.4 5.6 0" stroke="#7A3A2C" stroke-width="1.3"/></g>`,
  ),
  // Navy cap, grey T-shirt.
  svg(
    `<rect width="64" height="64" fill="#FFF1C7"/>` +
      `<circle cx="32" cy="30" r="25" fill="#FFF7E0"/>` +
      `<g transform="matrix(1.15 0 0 1.15 -4.8 -4.8)" fill="none" stroke-linecap="round">` +
      `<path d="M9 64c0-10 9-16.5 23-16.5S55 54 55 64z" fill="#8A94A6"/>` +
      `<path d="M27.5 38h9v8.5L32 50.5l-4.5-4z" fill="#B97C57"/>` +
      `<path d="M21 31.5h22" stroke="#CF9570" stroke-width="5.6"/>` +
      `<ellipse cx="32" cy="30" rx="11" ry="12.5" fill="#CF9570"/>` +
      `<path d="M20.5 31c-1-4 0-7 2-8.5h19c2 1.5 3 4.5 2 8.5-1-2.5-2-4-3-4.5H23.5c-1 .5-2 2-3` +
      ` 4.5z" fill="#1F1A1C"/>` +
      `<path d="M20.5 25c0-6.5 5-10.5 11.5-10.5S43.5 18.5 43.5 25z" fill="#2F4B8C"/>` +
      `<ellipse cx="32" cy="25" rx="13" ry="2.4" fill="#23386B"/>` +
      `<circle cx="32" cy="14.6" r="1.2" fill="#23386B"/>` +
      `<path d="M27.6 31h0m8.8 0h0" stroke="#321" stroke-width="2.8"/>` +
      `<path d="M25.2 35h0m13.6 0h0" stroke="#F77" stroke-width="4" opacity=".25"/>` +
      `<path d="M25.6 27.8q2-1.2 4 0m4.8 0q2-1.2 4 0" stroke="#1F1A1C" stroke-width="1.2"/>` +
      `<path d="M31.2 33.8h1.6" stroke="#B97C57" stroke-width="1.4"/>` +
      `<path d="M29 36.2q3 3.6 6 0z" fill="#fff" stroke="#7A3A2C" stroke-width="1.2"/></g>`,
  ),
  // Side-parted hair and round glasses, green T-shirt.
  svg(
    `<rect width="64" height="64" fill="#FBE1E8"/>` +
      `<circle cx="32" cy="30" r="25" fill="#FDEFF2"/>` +
      `<g transform="matrix(1.15 0 0 1.15 -4.8 -4.8)" fill="none" stroke-linecap="round">` +
      `<path d="M9 64c0-10 9-16.5 23-16.5S55 54 55 64z" fill="#4CAF7A"/>` +
      `<path d="M27.5 38h9v8.5L32 50.5l-4.5-4z" fill="#DDA982"/>` +
      `<path d="M21 31.5h22" stroke="#EDC29E" stroke-width="5.6"/>` +
      `<ellipse cx="32" cy="30" rx="11" ry="12.5" fill="#EDC29E"/>` +
      `<path d="M20.5 31c-1.5-10 4-16 11.5-16s13 6 11.5 16c-.8-3.5-1.8-6-3.5-7.5-6 1-11` +
      ` .5-14-2.5-2.5 1.5-4.5 5-5.5 10z" fill="#231C1A"/>` +
      `<path d="M27.6 31h0m8.8 0h0" stroke="#321" stroke-width="2.8"/>` +
      `<path d="M25.2 35h0m13.6 0h0" stroke="#F77" stroke-width="4" opacity=".25"/>` +
      `<path d="M25.6 27.8q2-1.2 4 0m4.8 0q2-1.2 4 0" stroke="#231C1A" stroke-width="1.2"/>` +
      `<path d="M31.2 33.8h1.6" stroke="#DDA982" stroke-width="1.4"/>` +
      `<path d="M29.2 36.4q2.8 2.4 5.6 0" stroke="#7A3A2C" stroke-width="1.3"/>` +
      `<g stroke="#2B2B33" stroke-width="1.2"><circle cx="27.6" cy="31" r="3.4"/>` +
      `<circle cx="36.4" cy="31" r="3.4"/><path d="M31 30.6h2M24.2 30.5l-3-1M39.8 30.5l3-1"/>` +
      `</g></g>`,
  ),
  // Top bun and pink glasses, pink top.
  svg(
    `<rect width="64" height="64" fill="#DDF0EE"/>` +
      `<circle cx="32" cy="30" r="25" fill="#ECF7F6"/>` +
      `<g transform="matrix(1.15 0 0 1.15 -4.8 -4.8)" fill="none" stroke-linecap="round">` +
      `<circle cx="32" cy="13.5" r="6" fill="#2A201E"/>` +
      `<path d="M9 64c0-10 9-16.5 23-16.5S55 54 55 64z" fill="#E86A92"/>` +
      `<path d="M27.5 38h9v8.5L32 50.5l-4.5-4z" fill="#BE845E"/>` +
      `<path d="M21 31.5h22" stroke="#D49B74" stroke-width="5.6"/>` +
      `<ellipse cx="32" cy="30" rx="11" ry="12.5" fill="#D49B74"/>` +
      `<path d="M20.8 31c-1-9.5 4-15.5 11.2-15.5s12.2 6 11.2 15.5c-1-4.5-2.5-7.5-5-8.5-2.5-.3-5` +
      ` .5-6.2 2-1.2-1.5-3.7-2.3-6.2-2-2.5 1-4 4-5 8.5z" fill="#2A201E"/>` +
      `<path d="M27.6 31h0m8.8 0h0" stroke="#321" stroke-width="2.8"/>` +
      `<path d="M25.2 35h0m13.6 0h0" stroke="#F77" stroke-width="4" opacity=".25"/>` +
      `<path d="M25.6 27.8q2-1.2 4 0m4.8 0q2-1.2 4 0" stroke="#2A201E" stroke-width="1.2"/>` +
      `<path d="M31.2 33.8h1.6" stroke="#BE845E" stroke-width="1.4"/>` +
      `<path d="M29 36.2q3 3.6 6 0z" fill="#fff" stroke="#7A3A2C" stroke-width="1.2"/>` +
      `<g stroke="#9B3B5C" stroke-width="1.2"><circle cx="27.6" cy="31" r="3.4"/>` +
      `<circle cx="36.4" cy="31" r="3.4"/><path d="M31 30.6h2"/></g></g>`,
  ),
  // Short curly hair and stubble, blue T-shirt.
  svg(
    `<rect width="64" height="64" fill="#E6F0D8"/>` +
      `<circle cx="32" cy="30" r="25" fill="#F1F7EA"/>` +
      `<g transform="matrix(1.15 0 0 1.15 -4.8 -4.8)" fill="none" stroke-linecap="round">` +
      `<path d="M9 64c0-10 9-16.5 23-16.5S55 54 55 64z" fill="#3B82C4"/>` +
      `<path d="M27.5 38h9v8.5L32 50.5l-4.5-4z" fill="#663C26"/>` +
      `<path d="M21 31.5h22" stroke="#7A4A30" stroke-width="5.6"/>` +
      `<ellipse cx="32" cy="30" rx="11" ry="12.5" fill="#7A4A30"/>` +
      `<path d="M21 30a11 12.5 0 0 0 22 0c-1.5 6-4 9.5-11 9.5S22.5 36 21 30z" fill="#1F1A1C"` +
      ` opacity=".3"/>` +
      `<path d="M20.5 31c-1.5-10 4-16 11.5-16s13 6 11.5 16c-1-4-2-6.5-3.5-7.5-5 1.5-11 1.5-16` +
      ` 0-1.5 1-2.5 3.5-3.5 7.5z" fill="#1F1A1C"/>` +
      `<path d="M22 21q10-10 20 0M24.5 23q7.5-4 15 0" stroke="#1F1A1C" stroke-width="6"` +
      ` stroke-dasharray="0 4.2"/>` +
      `<path d="M27.6 31h0m8.8 0h0" stroke="#321" stroke-width="2.8"/>` +
      `<path d="M25.2 35h0m13.6 0h0" stroke="#F77" stroke-width="4" opacity=".25"/>` +
      `<path d="M25.6 27.8q2-1.2 4 0m4.8 0q2-1.2 4 0" stroke="#1F1A1C" stroke-width="1.2"/>` +
      `<path d="M31.2 33.8h1.6" stroke="#663C26" stroke-width="1.4"/>` +
      `<path d="M29 36.2q3 3.6 6 0z" fill="#fff" stroke="#3A1A12" stroke-width="1.2"/></g>`,
  ),
  // Two braids, red top.
  svg(
    `<rect width="64" height="64" fill="#E4EBFB"/>` +
      `<circle cx="32" cy="30" r="25" fill="#F0F4FD"/>` +
      `<g transform="matrix(1.15 0 0 1.15 -4.8 -4.8)" fill="none" stroke-linecap="round">` +
      `<path d="M9 64c0-10 9-16.5 23-16.5S55 54 55 64z" fill="#D9483B"/>` +
      `<path d="M21.5 36v16M42.5 36v16" stroke="#1F1A1C" stroke-width="5.4" stroke-dasharray="0` +
      ` 4.6"/><path d="M20.2 54.2h2.6M41.2 54.2h2.6" stroke="#F2B33D" stroke-width="1.6"/>` +
      `<path d="M27.5 38h9v8.5L32 50.5l-4.5-4z" fill="#935C3A"/>` +
      `<path d="M21 31.5h22" stroke="#A96F4B" stroke-width="5.6"/>` +
      `<ellipse cx="32" cy="30" rx="11" ry="12.5" fill="#A96F4B"/>` +
      `<path d="M20.6 33c-1.5-11 4-17.5 11.4-17.5s12.9 6.5 11.4 17.5c-1-5-3-8.5-6.4-10-2 0-4` +
      ` .8-5 2.3-1-1.5-3-2.3-5-2.3-3.4 1.5-5.4 5-6.4 10z" fill="#1F1A1C"/>` +
      `<path d="M27.6 31h0m8.8 0h0" stroke="#321" stroke-width="2.8"/>` +
      `<path d="M25.2 35h0m13.6 0h0" stroke="#F77" stroke-width="4" opacity=".25"/>` +
      `<path d="M25.6 27.8q2-1.2 4 0m4.8 0q2-1.2 4 0" stroke="#1F1A1C" stroke-width="1.2"/>` +
      `<path d="M31.2 33.8h1.6" stroke="#935C3A" stroke-width="1.4"/>` +
      `<path d="M29.2 36.4q2.8 2.4 5.6 0" stroke="#4A2218" stroke-width="1.3"/></g>`,
  ),
  // Light-brown quiff, orange hoodie.
  svg(
    `<rect width="64" height="64" fill="#F3EADF"/>` +
      `<circle cx="32" cy="30" r="25" fill="#F8F3ED"/>` +
      `<g transform="matrix(1.15 0 0 1.15 -4.8 -4.8)" fill="none" stroke-linecap="round">` +
      `<path d="M9 64c0-10 9-16.5 23-16.5S55 54 55 64z" fill="#F08A3C"/>` +
      `<ellipse cx="32" cy="48.5" rx="11" ry="3.8" fill="#D06F26"/>` +
      `<path d="M27.5 38h9v8.5L32 50.5l-4.5-4z" fill="#DDA982"/>` +
      `<path d="M29 50v6m6-6v6" stroke="#fff" stroke-width="1.2"/>` +
      `<path d="M21 31.5h22" stroke="#EDC29E" stroke-width="5.6"/>` +
      `<ellipse cx="32" cy="30" rx="11" ry="12.5" fill="#EDC29E"/>` +
      `<path d="M21 30c-1.5-8 1-13.5 5-15.5 4-3 11-3 14.5 0 3.5 2.5 4 8 2.5` +
      ` 15.5-1-3.5-2-6-4-7-5 1-10 1-14 0-2 1-3 3.5-4 7z" fill="#8B5E3C"/>` +
      `<path d="M24 18c2-5.5 13-7 17.5-1.5 1 1.5-.5 2.5-2.5 2-4.5-2-10-2.5-15-.5z"` +
      ` fill="#6E4629"/><path d="M27.6 31h0m8.8 0h0" stroke="#321" stroke-width="2.8"/>` +
      `<path d="M25.2 35h0m13.6 0h0" stroke="#F77" stroke-width="4" opacity=".25"/>` +
      `<path d="M25.6 27.8q2-1.2 4 0m4.8 0q2-1.2 4 0" stroke="#8B5E3C" stroke-width="1.2"/>` +
      `<path d="M31.2 33.8h1.6" stroke="#DDA982" stroke-width="1.4"/>` +
      `<path d="M29 36.2q3 3.6 6 0z" fill="#fff" stroke="#7A3A2C" stroke-width="1.2"/></g>`,
  ),
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
