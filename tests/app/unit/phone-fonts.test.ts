import { describe, expect, it } from 'vitest';
import { textFontsOf } from '@/ui/boot/phone-fonts';
import { renderPhoneArt } from '@/ui/boot/prerender';

describe('textFontsOf: the sizes and weights text is set in', () => {
  it('follows inheritance, Tailwind size and weight classes and <b> (bolder)', () => {
    const html =
      '<div class="text-[9px]"><p class="font-semibold">Hola <span class="text-[11px]">x</span></p>' +
      '<b>negrita</b><span class="text-xs font-medium"><b>más</b></span>' +
      '<div class="font-semibold"><strong>muy</strong></div></div>';
    // 'más' is in <b> inside a 500 span: bolder makes it 700; 'muy' in <strong> inside 600: 900.
    expect(textFontsOf(html)).toEqual(['600/11px', '600/9px', '700/12px', '700/9px', '900/9px']);
  });

  it('counts text only: not whitespace, comments, SVG or attributes', () => {
    const html =
      '<div class="text-[8px]">  <!--|--> <svg viewBox="0 0 1 1"><text>no</text><path d="M0 0"/></svg>' +
      '<img src="a.png" alt="imagen"/><i class="font-bold"></i>\n</div>';
    expect(textFontsOf(html)).toEqual([]);
  });

  it('starts from the root font given (the page body: 16 px, 400)', () => {
    expect(textFontsOf('texto')).toEqual(['400/16px']);
    expect(textFontsOf('texto', { size: 14, weight: 600 })).toEqual(['600/14px']);
  });

  it('closes elements by name, so a void or self-closed tag leaves the font as it was', () => {
    const html = '<p class="text-[10px]">a<br>b<input class="text-[20px]"/>c</p>d';
    expect(textFontsOf(html)).toEqual(['400/10px', '400/16px']);
  });
});

describe("the phones' drawing names its text fonts for the loader", () => {
  it('the frame carries data-fonts: every size and weight of the phones, and nothing else', () => {
    const [frame = '', ...phones] = renderPhoneArt().split('<!--|-->');
    const named = /^<div aria-hidden="true" data-fonts="([^"]*)">/.exec(frame)?.[1];
    expect(named?.split(',')).toEqual(textFontsOf(phones.join('')));
    // The drawing sets text in more than one font (the loader's samples have work to do), each
    // in the form the loader splits on: 'weight/size'.
    expect(named?.split(',').length).toBeGreaterThan(5);
    for (const font of named?.split(',') ?? []) expect(font).toMatch(/^\d00\/\d+px$/);
  });
});
