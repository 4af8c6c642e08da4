import { policyFor, SAMPLE_PRODUCTION_ENV, underPolicy } from '../../support/csp-page';
import {
  configureBackend,
  consoleErrors,
  expect,
  expectNoAxeViolationsNow,
  test,
} from './fixtures';

// The aviso de privacidad (issue 13) on the memory build: prerendered at /aviso-de-privacidad
// without any script, its sections, the development placeholders, the links to it, axe, a phone.
const PATH = '/aviso-de-privacidad';
const HEADINGS = [
  'Quién es responsable de tus datos',
  'Qué datos recabamos y de dónde',
  'Para qué usamos tus datos',
  'Cuánto tiempo guardamos tus datos',
  'Quién puede unirse',
  'Con quién compartimos tus datos',
  'Quién trata tus datos por nosotros',
  'Tus derechos ARCO y cómo retirar tu consentimiento',
  'Cambios a este aviso',
  'Fecha de última actualización',
];

test.describe('the privacy notice page', () => {
  test('is served at its own path, prerendered, in Spanish, with no script at all', async ({
    page,
  }) => {
    const errors = consoleErrors(page);
    const response = await page.goto(PATH);
    expect(response!.status()).toBe(200);
    const html = await response!.text();
    expect(html).toContain('<html lang="es-MX">');
    expect(html).toContain('data-route="privacy"');
    expect(html).not.toMatch(/<script/i);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/aviso-de-privacidad"/);
    await expect(page).toHaveTitle('Aviso de privacidad | De estudiantes a estudiantes');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /derechos ARCO/,
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aviso de privacidad');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(HEADINGS);
    // The .html address is the same page (hosts redirect or serve it).
    expect((await page.request.get('/aviso-de-privacidad.html')).status()).toBe(200);
    expect(errors).toEqual([]);
  });

  test('states the collected data, the purposes, the processors, ARCO and its deadline', async ({
    page,
  }) => {
    await page.goto(PATH);
    const section = (id: string) => page.locator(`section#${id}`);
    await expect(section('datos')).toContainText('tu nombre, tu correo electrónico, tu foto');
    await expect(section('datos')).toContainText('el identificador de tu cuenta');
    await expect(section('datos')).toContainText('el campus que eliges');
    await expect(section('datos')).toContainText('la fecha y hora en que te uniste');
    await expect(section('datos')).toContainText('Se borran al cerrar sesión');
    await expect(section('finalidades')).toContainText(
      'avisarte por correo cuando el marketplace abra en tu campus',
    );
    await expect(section('finalidades')).toContainText('solo con tu consentimiento');
    await expect(section('conservacion')).toContainText('tras 30 días sin actividad');
    await expect(section('conservacion')).toContainText('borra al instante, los tres');
    await expect(section('edad')).toContainText('18 años o más');
    await expect(section('finalidades')).toContainText(
      'mostrar tu foto de perfil de Google, sin tu nombre, en la página principal',
    );
    await expect(section('transferencias')).toContainText('No vendemos ni transferimos');
    // The memory build sends nothing to any provider, and says so.
    await expect(section('encargados')).toContainText('Versión de desarrollo');
    await expect(section('derechos')).toContainText('«Salir de la lista de espera»');
    await expect(section('derechos')).toContainText('20 días hábiles');
    await expect(section('derechos')).toContainText('15 días hábiles');
    await expect(section('derechos')).toContainText('Secretaría Anticorrupción y Buen Gobierno');
    await expect(section('cambios')).toContainText('también te avisaremos por correo');
  });

  test('shows visible placeholders in the development build, naming each variable', async ({
    page,
  }) => {
    await page.goto(PATH);
    await expect(page.getByTestId('privacy-placeholders')).toBeVisible();
    for (const name of [
      'VITE_PRIVACY_RESPONSIBLE',
      'VITE_PRIVACY_ADDRESS',
      'VITE_PRIVACY_EMAIL',
      'VITE_PRIVACY_UPDATED',
      // (VITE_PRIVACY_MAIL_PROVIDER names a processor: the memory build has none, and says so.)
    ]) {
      await expect(page.locator('mark[data-placeholder]', { hasText: name }).first()).toBeVisible();
    }
  });

  test('reads the same without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(PATH);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(HEADINGS);
    await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    await context.close();
  });

  test('has a way home and the footer, whose links lead back to the landing page', async ({
    page,
  }) => {
    await page.goto(PATH);
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: 'Características' })).toHaveAttribute(
      'href',
      '/#features',
    );
    await expect(footer.getByRole('link', { name: 'Aviso de privacidad' })).toHaveAttribute(
      'href',
      PATH,
    );
    await expect(footer).toContainText(String(new Date().getFullYear()));
    await configureBackend(page);
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('De estudiantes');
  });

  test('fits a phone: no sideways scrolling, readable text', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(PATH);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const size = await page
      .locator('section#derechos p')
      .first()
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(16);
  });

  for (const width of [375, 1280]) {
    test(`axe finds no violations at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(PATH);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolationsNow(page);
    });
  }

  test('runs under the deploy’s generated Content-Security-Policy without a violation', async ({
    page,
  }) => {
    const csp = await underPolicy(page, policyFor('dist', SAMPLE_PRODUCTION_ENV));
    await page.goto('/aviso-de-privacidad.html');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The inlined stylesheet still applies under the policy (style-src allows it).
    await expect(page.locator('h1')).toHaveCSS('font-weight', '800');
    expect(await csp.violations()).toEqual([]);
  });
});

test.describe('links to the privacy notice', () => {
  test('the landing page’s footer and step 1 of the waitlist link it', async ({ page }) => {
    await configureBackend(page);
    await page.goto('/');
    await expect(page.getByTestId('privacy-notice').getByRole('link')).toHaveAttribute(
      'href',
      PATH,
    );
    const link = page.locator('footer').getByRole('link', { name: 'Aviso de privacidad' });
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${PATH}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aviso de privacidad');
  });

  test('the 404 page keeps status 404 and its text, and its footer links the notice', async ({
    page,
  }) => {
    const errors = consoleErrors(page);
    await configureBackend(page);
    for (const path of ['/no-existe', `${PATH}/otra-cosa`]) {
      const response = await page.goto(path);
      expect(response!.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
      await expect(page.getByText('Ups! Página no encontrada')).toBeVisible();
    }
    const link = page.locator('footer').getByRole('link', { name: 'Aviso de privacidad' });
    await expect(link).toHaveAttribute('href', PATH);
    await expect(page.locator('footer').getByRole('link', { name: 'Preguntas' })).toHaveAttribute(
      'href',
      '/#faq',
    );
    // The not-found page, footer included, hydrates without a mismatch: the only errors are its
    // own log line and the browser's note of the documents' status 404.
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
    expect(
      errors.filter((e) => !e.startsWith('404 Error:') && !e.includes('status of 404')),
    ).toEqual([]);
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aviso de privacidad');
  });
});
