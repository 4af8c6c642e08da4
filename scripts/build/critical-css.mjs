// Splits the landing page's inlined stylesheet in two (issue 15, LCP on slow 4G): the page keeps
// inline only the rules its first screens use (header, hero, #features) and loads the rest of the
// stylesheet without blocking the first paint. With the whole stylesheet inline (10 KB of the
// page's 23 KB gzip) the HTML needed a second round trip of a new connection (about 14 KB fit in
// the first), 150 ms of Lighthouse's simulated slow 4G.
//
// Kept inline: every rule outside `@layer utilities` (preflight, the page's own rules such as
// content-visibility and the fades), every utility rule whose classes all appear in the markup
// before #how-it-works, and the theme variables these rules use. The rest (offscreenCss, saved by
// prerender.mjs as assets/offscreen-HASH.css) is named by <noscript id="offscreen-css"><link …>
// </noscript>, which applies it without JavaScript; with JavaScript the inline loader
// (loader.mjs) links it after the first paint, before the app's script runs. Together they
// cascade as the single stylesheet does (see offscreenCss).
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
 * rest of the stylesheet applies.
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

/** Removes the media queries, layers and @supports blocks left empty, innermost first. */
function dropEmptyAtRules(root) {
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
}

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
  dropEmptyAtRules(root);
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
 * (1.7 KB of the page's brotli). The rest of the stylesheet writes out, where its rules use
 * them, the variables dropped here (offscreenCss).
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
 * What a declaration sets, as a family that the properties overlapping it share: a shorthand and
 * its longhands (padding and padding-inline, inset and top), or the property itself.
 */
export function family(prop) {
  if (prop.startsWith('--')) return prop;
  const p = prop.replace(/^-(webkit|moz|ms)-/, '');
  if (/^(inset|top|right|bottom|left)(-|$)/.test(p)) return 'inset';
  if (/^border(-[a-z]+)*-radius$/.test(p)) return 'border-radius';
  const shorthand =
    /^(padding|margin|border|background|overflow|outline|transition|animation|list-style|text-decoration|scroll-margin|scroll-padding|grid-column|grid-row|grid-template|mask)(-|$)/.exec(
      p,
    );
  if (shorthand) return shorthand[1];
  if (/^flex(-grow|-shrink|-basis)?$/.test(p)) return 'flex';
  if (/^flex-(direction|wrap|flow)$/.test(p)) return 'flex-flow';
  if (/^(row-|column-)?gap$/.test(p)) return 'gap';
  const place = /^(place|align|justify)-([a-z]+)$/.exec(p);
  if (place) return `place-${place[2]}`;
  if (/^(white-space|text-wrap)(-|$)/.test(p)) return 'white-space';
  return p;
}

const overlap = (a, b) =>
  a === b ||
  (a === 'font' && (b.startsWith('font-') || b === 'line-height')) ||
  (b === 'font' && (a.startsWith('font-') || a === 'line-height'));

/**
 * The utility rules of a stylesheet, in order: each with the key that names it, the families it
 * sets, and the classes an element must carry for it to apply (null when its selector reaches
 * past the element, as `.a > *` does).
 */
function utilityRules(root) {
  const rules = [];
  root.walkRules((rule) => {
    if (!inLayer(rule, 'utilities')) return;
    const context = [];
    for (let p = rule.parent; p && p.type !== 'root'; p = p.parent) {
      context.unshift(p.type === 'atrule' ? `@${p.name} ${p.params}` : p.selector);
    }
    const reaching = rule.selectors.some((selector) =>
      /[\s>+~]/.test(selector.replace(/\\./g, '')),
    );
    const classes = [...rule.selector.matchAll(/\.((?:\\.|[\w-])+)/g)].map(([, n]) => unescape(n));
    rules.push({
      rule,
      key: `${context.join('|')}|${rule.toString()}`,
      families: rule.nodes.filter((d) => d.type === 'decl').map((d) => family(d.prop)),
      classes: reaching || classes.length === 0 ? null : classes,
    });
  });
  return rules;
}

/** A var() without nested parentheses (a nested one is matched on its own). */
const VAR = /var\(\s*(--[\w-]+)\s*(?:,[^()]*)?\)/g;

/**
 * The theme's variables (`@layer theme`): `base` holds each one's value, `overrides` the values
 * some @supports condition gives instead (Tailwind's lab() colours).
 */
function themeVariables(root) {
  const base = new Map();
  const overrides = new Map();
  root.walkDecls((decl) => {
    if (!decl.prop.startsWith('--') || !inLayer(decl, 'theme')) return;
    let condition = null;
    for (let p = decl.parent; p; p = p.parent) {
      if (p.type === 'atrule' && p.name === 'supports') condition = p.params;
    }
    if (condition === null) base.set(decl.prop, decl.value);
    else {
      if (!overrides.has(condition)) overrides.set(condition, new Map());
      overrides.get(condition).set(decl.prop, decl.value);
    }
  });
  return { base, overrides };
}

/**
 * The rules the landing page's inline <style> (`critical`) lacks, for the stylesheet it links
 * after the first paint. Linking the whole stylesheet there again restyled every element on
 * screen (its @property rules and theme variables are new to the page), 4-25 ms before a
 * layout: one of the page's last tasks over 50 ms in Lighthouse's simulation. This one holds
 * only utility rules, so the browser restyles only the elements that use their classes: mostly
 * in the sections below, which content-visibility leaves unstyled until they come near.
 *
 * The cascade stays the single stylesheet's: these rules come after the inline ones, so a rule
 * here that the whole stylesheet placed before an inline rule setting the same property would
 * now win on an element that carries both. Such a later inline rule comes along again, after it,
 * in the whole stylesheet's order, whenever an element of the rendered pages (`classLists`, one
 * set of classes per element) carries classes of both, or either rule's selector reaches past
 * its element. States that only the app renders are covered by tests/browser/memory/first-load.e2e.ts,
 * which compares every element's style with the whole stylesheet's.
 *
 * The theme variables the inline <style> dropped are written out in the rules that use them,
 * with their @supports alternatives: a :root rule here would restyle the whole page again.
 */
export function offscreenCss(css, critical, classLists = []) {
  const root = postcss.parse(css);
  const inline = new Set(utilityRules(postcss.parse(critical)).map((r) => r.key));
  const rules = utilityRules(root);
  /** Whether some element could carry both rules' classes (or either reaches past its element). */
  const together = (a, b) =>
    a.classes === null ||
    b.classes === null ||
    classLists.some(
      (list) => a.classes.some((c) => list.has(c)) && b.classes.some((c) => list.has(c)),
    );
  const keep = rules.map((r) => !inline.has(r.key));
  for (let i = 0; i < rules.length; i++) {
    if (!keep[i]) continue;
    for (let j = i + 1; j < rules.length; j++) {
      if (keep[j]) continue;
      const a = rules[i];
      const b = rules[j];
      if (a.families.some((f) => b.families.some((g) => overlap(f, g))) && together(a, b)) {
        keep[j] = true;
      }
    }
  }
  rules.forEach((r, i) => keep[i] || r.rule.remove());

  const inlineVariables = themeVariables(postcss.parse(critical)).base;
  const { base, overrides } = themeVariables(root);
  const missing = (name) => base.has(name) && !inlineVariables.has(name);
  /** `value` with the missing variables written out, as `condition` (or no condition) has them. */
  const write = (value, condition) =>
    value.replace(VAR, (whole, name) =>
      missing(name)
        ? write(overrides.get(condition)?.get(name) ?? base.get(name), condition)
        : whole,
    );
  root.walkDecls((decl) => {
    if (!inLayer(decl, 'utilities') || !decl.value.includes('var(')) return;
    const value = write(decl.value, null);
    if ([...value.matchAll(/var\(\s*(--[\w-]+)/g)].some(([, name]) => missing(name))) {
      throw new Error(`offscreenCss: cannot write out the variables of "${decl.toString()}"`);
    }
    // The alternatives go right after the rule, so they win over it where supported, as the
    // variables did, and lose to every rule after it.
    let after = decl.parent;
    for (const condition of overrides.keys()) {
      const alternative = write(decl.value, condition);
      if (alternative === value) continue;
      const at = postcss.atRule({ name: 'supports', params: condition });
      at.append(
        postcss.rule({ selector: decl.parent.selector }).append(decl.clone({ value: alternative })),
      );
      after.after(at);
      after = at;
    }
    decl.value = value;
  });

  root.walkAtRules((at) => {
    if (at.name === 'layer' && at.params === 'utilities' && at.parent.type === 'root') return;
    if (at.parent.type === 'root') at.remove();
  });
  root.each((node) => {
    if (node.type === 'rule' || node.type === 'comment') node.remove();
  });
  dropEmptyAtRules(root);
  return root.toString();
}

/** One set of classes per element of `html`. */
const classListsOf = (html) =>
  [...html.matchAll(/\sclass="([^"]*)"/g)].map(([, list]) => new Set(list.split(/\s+/)));

/** The splits made so far (deferOffscreenCss), by what they were made from. */
const splits = new Map();

/**
 * The page with its inline <style> cut to the critical rules, and the rest of the stylesheet
 * (offscreenCss) saved by `save`, which answers its address, and linked after it; a page without
 * #how-it-works (the 404 page) is returned as it is. `alsoRendered`: other markup styled by the
 * same stylesheet (the phones' drawing, the other pages), for offscreenCss's `classLists`.
 */
export function deferOffscreenCss(html, save, alsoRendered = []) {
  const classes = classesAboveBoundary(html);
  const style = /<style>([\s\S]*?)<\/style>/.exec(html);
  if (!classes || !style) return html;
  const css = style[1].replace(/<\\\/style/gi, '</style');
  const classLists = [html, ...alsoRendered].flatMap(classListsOf);
  // Pages that differ only in their text (the campus pages, issue 60) split the stylesheet alike:
  // the split is made once per stylesheet, classes and elements' class lists.
  const key = JSON.stringify([css, [...classes], classLists.map((list) => [...list])]);
  let split = splits.get(key);
  if (!split) {
    const critical = criticalCss(css, classes);
    split = { critical, href: save(offscreenCss(css, critical, classLists)) };
    splits.set(key, split);
  }
  const { critical, href } = split;
  const link = `<noscript id="offscreen-css"><link rel="stylesheet" href="${href}" /></noscript>`;
  const inline = critical.replace(/<\/style/gi, '<\\/style');
  return html.replace(style[0], () => `<style>${inline}</style>${link}`);
}
