// Splits the landing page's inlined stylesheet in two (issue 15, LCP on slow 4G): the page keeps
// inline only the rules its first screens use (header, hero, #features) and loads the whole
// stylesheet without blocking the first paint. With the whole stylesheet inline (10 KB of the
// page's 23 KB gzip) the HTML needed a second round trip of a new connection (about 14 KB fit in
// the first), 150 ms of Lighthouse's simulated slow 4G.
//
// Kept inline: every rule outside `@layer utilities` (preflight, the page's own rules such as
// content-visibility and the fades), every utility rule whose classes all appear in the markup
// before #how-it-works, and the theme variables these rules use. The whole stylesheet is named by
// <noscript id="full-css"><link …></noscript>, which applies it without JavaScript; with
// JavaScript the inline loader (loader.mjs) links it after the first paint, before the app's
// script runs. Its rules repeat the inline ones in the same layers and order, after them, so the
// cascade is the one of the single stylesheet.
import postcss from 'postcss';

/** Where the inline part ends: the first section laid out only once near the viewport. */
const BOUNDARY = /<section\b[^>]*\bid="how-it-works"/;

const unescape = (name) => name.replace(/\\(.)/g, '$1');

/** The classes of the markup before `BOUNDARY`, or null when the page has no such section. */
function classesAboveBoundary(html) {
  const end = html.search(BOUNDARY);
  if (end < 0) return null;
  const classes = new Set();
  for (const [, list] of html.slice(0, end).matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of list.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/**
 * Rules that hide something (display: none, visibility: hidden, the screen-reader-only clip) are
 * kept wherever they are used: below the first screens, what the prerendered page hides (the
 * waitlist card's sign-in step under its placeholder, closed answers) stays hidden until the
 * whole stylesheet applies.
 */
const hides = (rule) =>
  rule.nodes.some(
    (d) =>
      d.type === 'decl' &&
      ((d.prop === 'display' && d.value === 'none') ||
        (d.prop === 'visibility' && d.value === 'hidden') ||
        d.prop === 'clip' ||
        d.prop === 'clip-path'),
  );

/** The stylesheet without the utility rules that use a class not in `classes`. */
export function criticalCss(css, classes) {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    let inUtilities = false;
    for (let p = rule.parent; p; p = p.parent) {
      if (p.type === 'atrule' && p.name === 'layer' && p.params === 'utilities') inUtilities = true;
    }
    if (!inUtilities || hides(rule)) return;
    const used = rule.selectors.filter((selector) =>
      [...selector.matchAll(/\.((?:\\.|[\w-])+)/g)].every(([, name]) =>
        classes.has(unescape(name)),
      ),
    );
    if (used.length === 0) rule.remove();
    else if (used.length < rule.selectors.length) rule.selectors = used;
  });
  pruneThemeVariables(root);
  // Media queries and layers left empty go too.
  let removed = true;
  while (removed) {
    removed = false;
    root.walkAtRules((at) => {
      if (at.nodes && at.nodes.length === 0) {
        at.remove();
        removed = true;
      }
    });
  }
  return root.toString();
}

const inLayer = (node, name) => {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'atrule' && p.name === 'layer' && p.params === name) return true;
  }
  return false;
};

/**
 * Drops the theme's variables (`@layer theme`) that no kept rule uses, directly or through
 * another variable: Tailwind declares there every colour, size and font the whole page uses
 * (1.7 KB of the page's brotli), and the whole stylesheet declares them all again after the
 * first paint.
 */
function pruneThemeVariables(root) {
  const themeDecls = [];
  const used = new Set();
  const addUses = (value) => {
    for (const [, name] of value.matchAll(/var\(\s*(--[\w-]+)/g)) used.add(name);
  };
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--') && inLayer(decl, 'theme')) themeDecls.push(decl);
    else addUses(decl.value);
  });
  for (let grew = true; grew;) {
    const before = used.size;
    for (const decl of themeDecls) if (used.has(decl.prop)) addUses(decl.value);
    grew = used.size > before;
  }
  for (const decl of themeDecls) if (!used.has(decl.prop)) decl.remove();
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
}

/**
 * The page with its inline <style> cut to the critical rules and the whole stylesheet (`href`)
 * loaded after it; a page without #how-it-works (the 404 page) is returned as it is.
 */
export function deferOffscreenCss(html, href) {
  const classes = classesAboveBoundary(html);
  const style = /<style>([\s\S]*?)<\/style>/.exec(html);
  if (!classes || !style || !href) return html;
  const css = style[1].replace(/<\\\/style/gi, '</style');
  const critical = criticalCss(css, classes).replace(/<\/style/gi, '<\\/style');
  const link = `<noscript id="full-css"><link rel="stylesheet" href="${href}" /></noscript>`;
  return html.replace(style[0], () => `<style>${critical}</style>${link}`);
}
