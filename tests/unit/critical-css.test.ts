import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module of the build scripts, without type declarations
import { criticalCss, deferOffscreenCss } from '../../scripts/build/critical-css.mjs';

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

describe('deferOffscreenCss', () => {
  const page = (body: string) =>
    `<html><head><style>${CSS}</style></head><body>${body}</body></html>`;

  it('inlines the first screens’ rules and loads the whole stylesheet after them', () => {
    const html = page(
      '<div class="flex md:grid">a</div><section id="how-it-works" class="grid">b</section>',
    );
    const out = deferOffscreenCss(html, '/assets/index.css') as string;
    const inline = /<style>([\s\S]*?)<\/style>/.exec(out)![1]!;
    expect(inline).toContain('.flex{');
    expect(inline).toContain('.md\\:grid{');
    // .grid is used only from #how-it-works on: it comes with the whole stylesheet.
    expect(inline).not.toContain('.grid{');
    expect(out).toContain(
      '</style><noscript id="full-css"><link rel="stylesheet" href="/assets/index.css" /></noscript>',
    );
  });

  it('leaves a page without #how-it-works (the 404 page) as it is', () => {
    const html = page('<main class="flex">404</main>');
    expect(deferOffscreenCss(html, '/assets/index.css')).toBe(html);
  });
});
