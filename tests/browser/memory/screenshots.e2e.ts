import { configureBackend, expect, test } from './fixtures';

// Full-page screenshots at the three reference widths, kept as test artifacts
// (test-results/screenshots/) so that people look at the page, not only at assertions.
for (const width of [375, 768, 1280]) {
  test(`screenshot at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await configureBackend(page);
    await page.goto('/');
    await expect(page.getByTestId('avatar-strip')).toHaveAttribute('data-status', 'images');
    // The phones' drawing is fetched after the first paint (scripts/build/loader.mjs).
    await expect(page.locator('figure[data-phones-ready] > div[aria-hidden]')).toHaveCount(1);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);
    await page.screenshot({
      path: `test-results/screenshots/landing-${width}.png`,
      fullPage: true,
    });
  });
}
