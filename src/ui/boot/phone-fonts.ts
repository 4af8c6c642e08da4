/**
 * The font sizes and weights the phones' drawing sets its text in (build time: prerender.tsx).
 *
 * Why: the first text laid out in a new size and weight makes Chromium set up that font (on
 * Linux a synchronous call to the browser process for the font's render style, 2-16 ms here).
 * The drawing's pieces brought a dozen of them after the first paint, several in one frame's
 * layout (up to 28 ms): the page's loader now sets each one up first, in a task of its own (a
 * hidden sample and a forced layout), before it puts the drawing's pieces in
 * (scripts/build/loader.mjs).
 *
 * Read from the drawing's own HTML with CSS inheritance, so a size or weight added to the drawing
 * is found without a list to keep: Tailwind's `text-[Npx]`, `text-xs`…`text-2xl` and `font-*`
 * classes (no breakpoint variants: the drawing has none), and `<b>`/`<strong>` (bolder).
 */

const WEIGHTS: Record<string, number> = {
  thin: 100,
  extralight: 200,
  light: 300,
  normal: 400,
  medium: 500,
  semibold: 600,
  bold: 700,
  extrabold: 800,
  black: 900,
};
const SIZES: Record<string, number> = { xs: 12, sm: 14, base: 16, lg: 18, xl: 20, '2xl': 24 };
const VOID = new Set([
  'area',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'wbr',
]);

/** CSS `font-weight: bolder` of an inherited weight. */
const bolder = (weight: number): number => (weight < 350 ? 400 : weight < 550 ? 700 : 900);

interface Font {
  readonly size: number;
  readonly weight: number;
}

/** The font an element sets, given its tag, class and parent's font. */
function fontOf(tag: string, className: string, parent: Font): Font {
  let { size, weight } = parent;
  if (tag === 'b' || tag === 'strong') weight = bolder(weight);
  for (const token of className.split(/\s+/)) {
    const px = /^text-\[(\d+(?:\.\d+)?)px\]$/.exec(token);
    if (px) size = Number(px[1]);
    const named = SIZES[/^text-(xs|sm|base|lg|xl|2xl)$/.exec(token)?.[1] ?? ''];
    if (named) size = named;
    const set = WEIGHTS[/^font-([a-z]+)$/.exec(token)?.[1] ?? ''];
    if (set) weight = set;
  }
  return { size, weight };
}

/**
 * Each size and weight some text of `html` is set in, as 'weight/size' ('600/9px'), sorted, for
 * text that inherits `root` (the page's body: 16 px, 400). Text inside SVG is not counted.
 */
export function textFontsOf(html: string, root: Font = { size: 16, weight: 400 }): string[] {
  const stack: [{ tag: string; font: Font }, ...{ tag: string; font: Font }[]] = [
    { tag: '', font: root },
  ];
  const found = new Set<string>();
  let svg = 0;
  for (const [whole, closing, tag, attrs, selfClosing, text] of html.matchAll(
    /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*(\/?)>|([^<]+)/g,
  )) {
    const top = stack[stack.length - 1] ?? stack[0];
    if (whole.startsWith('<!--') || tag === undefined) {
      if (text?.trim() && svg === 0) found.add(`${top.font.weight}/${top.font.size}px`);
      continue;
    }
    const name = tag.toLowerCase();
    if (closing) {
      if (name === 'svg') svg--;
      // Close up to the matching element (the markup is React's, so it always matches).
      const at = stack.map((s) => s.tag).lastIndexOf(name);
      if (at > 0) stack.length = at;
      continue;
    }
    const className = /\sclass="([^"]*)"/.exec(attrs ?? '')?.[1] ?? '';
    if (selfClosing || VOID.has(name)) continue;
    if (name === 'svg') svg++;
    stack.push({ tag: name, font: fontOf(name, className, top.font) });
  }
  return [...found].sort();
}
