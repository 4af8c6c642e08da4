import { describe, expect, it } from 'vitest';
import {
  criticalCss,
  deferOffscreenCss,
  family,
  offscreenCss,
  // @ts-expect-error: a plain JavaScript module of the build scripts, without type declarations
} from '../../../scripts/build/critical-css.mjs';

const CSS =
  '@layer theme{:root{--color-x:red}}' +
  '@layer base{*{margin:0}}' +
  '@layer utilities{.flex{display:flex}.grid{display:grid}' +
  '.sm\\:p-4{padding:1rem}.hover\\:bg-x:hover{background:red}' +
  '@media (min-width:48rem){.md\\:grid{display:grid}.md\\:hidden{display:none}}' +
  '@media (min-width:64rem){.lg\\:block{display:block}}' +
  '.a,.b{color:blue}.a .b{color:green}[data-reveal]{opacity:1}' +
  '.invisible{visibility:hidden}}' +
  '.cv{content-visibility:auto}';

const crit = (classes: string[]) => criticalCss(CSS, new Set(classes)) as string;

describe('criticalCss', () => {
  it('keeps every rule outside the utilities layer, whatever the classes', () => {
    const out = crit([]);
    expect(out).toContain('*{margin:0}');
    expect(out).toContain('.cv{content-visibility:auto}');
    expect(out).toContain('[data-reveal]{opacity:1}');
  });

  it('keeps the theme variables that kept rules use, directly or through another variable', () => {
    const css =
      '@layer theme{:root,:host{--font:serif;--default-font:var(--font);--color-x:red;' +
      '--color-y:blue;--spacing:.25rem}}' +
      '@layer base{html{font-family:var(--default-font)}}' +
      '@layer utilities{.p-1{padding:calc(var(--spacing)*1)}.text-y{color:var(--color-y)}}';
    const out = criticalCss(css, new Set(['p-1'])) as string;
    for (const kept of ['--font:serif', '--default-font:var(--font)', '--spacing:.25rem']) {
      expect(out).toContain(kept);
    }
    expect(out).not.toContain('--color-x');
    expect(out).not.toContain('--color-y');
    // A theme left with no variable at all goes with its layer.
    expect(criticalCss('@layer theme{:root{--color-x:red}}.a{color:blue}', new Set())).toBe(
      '.a{color:blue}',
    );
  });

  it('keeps the utility rules whose classes are all used, escaped names included', () => {
    const out = crit(['flex', 'sm:p-4', 'hover:bg-x', 'md:grid', 'a']);
    for (const kept of ['.flex{', '.sm\\:p-4{', '.hover\\:bg-x:hover{', '.md\\:grid{', '.a{']) {
      expect(out).toContain(kept);
    }
    for (const dropped of ['.grid{', '.lg\\:block', '.a .b', '.b{']) {
      expect(out).not.toContain(dropped);
    }
  });

  it('keeps every rule that hides something, used on the first screens or not', () => {
    const out = crit([]);
    expect(out).toContain('.invisible{visibility:hidden}');
    expect(out).toContain('.md\\:hidden{display:none}');
  });

  it('drops media queries left empty', () => {
    expect(crit(['flex'])).not.toContain('64rem');
    expect(crit(['lg:block'])).toContain('64rem');
  });
});

describe('offscreenCss', () => {
  const WHOLE =
    '@layer theme{:root,:host{--spacing:.25rem;--color-x:#111;--color-y:#222}' +
    '@supports (color:lab(0% 0 0)){:root,:host{--color-y:lab(10% 0 0)}}}' +
    '@layer base{*{margin:0}}' +
    '@layer utilities{.p-2{padding:calc(var(--spacing)*2)}.text-y{color:var(--color-y)}' +
    '.px-4{padding-inline:calc(var(--spacing)*4)}.flex{display:flex}.text-x{color:var(--color-x)}' +
    '.space-y-2>:not(:last-child){margin-block:0}.mt-1{margin-top:1px}}' +
    '@property --tw-x{syntax:"*";inherits:false}';
  const off = (inlineClasses: string[], elements: string[][]) =>
    offscreenCss(
      WHOLE,
      criticalCss(WHOLE, new Set(inlineClasses)),
      elements.map((e) => new Set(e)),
    ) as string;

  it('holds only the utility rules the inline <style> lacks, in the whole stylesheet’s layer', () => {
    const out = off(['px-4', 'flex', 'text-x', 'mt-1'], []);
    expect(out.startsWith('@layer utilities{')).toBe(true);
    expect(out).toContain('.p-2{');
    expect(out).not.toContain('.flex{');
    for (const elsewhere of ['@layer theme', '@layer base', '@property', ':root', '*{']) {
      expect(out).not.toContain(elsewhere);
    }
  });

  it('repeats a later inline rule setting the same property when an element carries both', () => {
    // .p-2 (offscreen) came before .px-4 (inline): on an element with both, px-4 must still win.
    const together = off(['px-4', 'flex', 'text-x', 'mt-1'], [['p-2', 'px-4']]);
    expect(together.indexOf('.px-4{')).toBeGreaterThan(together.indexOf('.p-2{'));
    // Not carried together, or not the same property: no repeat.
    expect(off(['px-4', 'flex', 'text-x', 'mt-1'], [['p-2'], ['px-4']])).not.toContain('.px-4{');
    expect(off(['px-4', 'flex', 'text-x', 'mt-1'], [['p-2', 'flex']])).not.toContain('.flex{');
  });

  it('repeats a later inline rule after one whose selector reaches past its element', () => {
    // .space-y-2 > * styles the children: which classes they carry is unknown.
    const out = off(['p-2', 'px-4', 'flex', 'text-x', 'text-y', 'mt-1'], []);
    expect(out).toContain('.space-y-2>');
    expect(out.indexOf('.mt-1{')).toBeGreaterThan(out.indexOf('.space-y-2>'));
  });

  it('writes out the theme variables the inline <style> dropped, with their @supports values', () => {
    const out = off(['p-2', 'px-4', 'flex', 'text-x', 'mt-1'], []);
    // --spacing stays inline (p-2 uses it); --color-y went with .text-y.
    expect(out).toContain(
      '.text-y{color:#222}@supports (color:lab(0% 0 0)){.text-y{color:lab(10% 0 0)}}',
    );
    expect(off(['px-4', 'flex', 'text-x', 'mt-1', 'text-y'], [])).toContain(
      '.p-2{padding:calc(var(--spacing)*2)}',
    );
  });

  it('sorts properties into the families that overlap', () => {
    expect(family('padding-inline')).toBe(family('padding'));
    expect(family('top')).toBe(family('inset'));
    expect(family('row-gap')).toBe(family('gap'));
    expect(family('align-items')).toBe(family('place-items'));
    expect(family('-webkit-text-decoration')).toBe(family('text-decoration-line'));
    expect(family('border-top-left-radius')).toBe(family('border-radius'));
    expect(family('border-radius')).not.toBe(family('border-color'));
    expect(family('font-size')).not.toBe(family('font-weight'));
    expect(family('--tw-shadow')).toBe('--tw-shadow');
  });
});

describe('deferOffscreenCss', () => {
  const page = (body: string) =>
    `<html><head><style>${CSS}</style></head><body>${body}</body></html>`;

  it('inlines the first screens’ rules and links the rest of the stylesheet after them', () => {
    const html = page(
      '<div class="flex md:grid">a</div><section id="how-it-works" class="grid">b</section>',
    );
    const saved: string[] = [];
    const out = deferOffscreenCss(html, (css: string) => {
      saved.push(css);
      return '/assets/offscreen.css';
    }) as string;
    const inline = /<style>([\s\S]*?)<\/style>/.exec(out)![1]!;
    expect(inline).toContain('.flex{');
    expect(inline).toContain('.md\\:grid{');
    // .grid is used only from #how-it-works on: it comes with the rest of the stylesheet.
    expect(inline).not.toContain('.grid{');
    expect(saved).toHaveLength(1);
    expect(saved[0]).toContain('.grid{');
    expect(saved[0]).not.toContain('.flex{');
    expect(out).toContain(
      '</style><noscript id="offscreen-css"><link rel="stylesheet" href="/assets/offscreen.css" /></noscript>',
    );
  });

  it('leaves a page without #how-it-works (the 404 page) as it is', () => {
    const html = page('<main class="flex">404</main>');
    expect(deferOffscreenCss(html, () => '/assets/offscreen.css')).toBe(html);
  });
});
