import { renderCampusPoster } from '../../../scripts/build/campus-files.mjs';
import { catalogueCampuses, longestName, qrText } from '../../support/campus-art';
import { expect, expectNoAxeViolationsNow, test } from './fixtures';

// Issue 60: a campus's poster (campus/<id>/cartel.html, scripts/build/campus-files.mjs) prints on
// one sheet, A4 or letter, with a QR code to the campus page that a phone can read. The poster is
// a file of its own (no app, no server): it is loaded as it is written.
const campuses = catalogueCampuses();
const longestUniversity = campuses.reduce((a, b) =>
  b.university.length > a.university.length ? b : a,
);
const SAMPLE = [
  campuses.find((c) => c.id === 'udg-cucei')!,
  longestName(campuses),
  longestUniversity,
];

/** The pages of a PDF: its page objects (`/Type /Page`, not the `/Pages` tree). */
const pdfPages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g)?.length;

test.describe("a campus's poster", () => {
  for (const campus of SAMPLE) {
    test(`${campus.id}: prints on one page of A4 and of letter, its QR code readable`, async ({
      page,
    }) => {
      await page.setContent(await renderCampusPoster(campus));
      await expect(page).toHaveTitle(
        `Cartel de ${campus.shortName} | De estudiantes a estudiantes`,
      );
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(campus.shortName);
      await expect(page.getByText('Imprime esta página')).toBeVisible();
      // On a phone's screen too, the sheet fits the width and the name its line.
      const heading = page.getByRole('heading', { level: 1 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()!.width,
      );
      const lineHeight = await heading.evaluate((h) => parseFloat(getComputedStyle(h).lineHeight));
      expect((await heading.boundingBox())!.height).toBeLessThan(1.5 * lineHeight);

      for (const format of ['A4', 'Letter'] as const) {
        expect(pdfPages(await page.pdf({ format })), format).toBe(1);
      }

      // As printed: the hint is gone, the QR code is large, whole and decodes to the campus page
      // with the poster's utm values.
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByText('Imprime esta página')).toBeHidden();
      const qr = page.getByRole('img', { name: /^Código QR/ });
      await expect(qr).toBeVisible();
      const box = (await qr.boundingBox())!;
      expect(box.width).toBeGreaterThan(250); // 80 mm is 302 CSS pixels
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(qrText(await page.locator('.qr').screenshot())).toBe(campus.posterQrUrl);
    });
  }

  test('meets WCAG AA (contrast included) on screen', async ({ page }) => {
    await page.setContent(await renderCampusPoster(SAMPLE[0]!));
    await expectNoAxeViolationsNow(page);
  });
});
