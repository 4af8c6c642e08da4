import {
  backend,
  configureBackend,
  consoleErrors,
  expect,
  expectNoAxeViolations,
  openStep,
  signIn,
  STEP,
  submit,
  test,
} from './fixtures';
import fs from 'node:fs';
import { COLLEGE_CATALOGUE } from '../../../src/data/college-catalogue';
import { pngSize, qrText } from '../../support/campus-art';

/**
 * Issue 60: a page per catalogue campus, `/campus/<id>`: it names its campus without scripts, has
 * its own link preview, joins that campus, takes invites as the landing page does, and an unknown
 * id is a 404.
 */

const PAGE = '/campus/udg-cucei';
const SITE = 'https://deestudiantes.example';

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('names its campus, university and city, with a title, preview and address of its own', async ({
    page,
  }) => {
    const response = await page.goto(PAGE);
    expect(response!.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'El marketplace de estudiantes de UDG - CUCEI',
    );
    await expect(page.getByText('Universidad de Guadalajara · Guadalajara, Jalisco')).toBeVisible();
    // What the marketplace offers, and the landing page's own sections below.
    await expect(page.locator('#features')).toBeAttached();
    await expect(page.locator('#faq')).toBeAttached();
    await expect(page).toHaveTitle(
      'Marketplace de estudiantes de UDG - CUCEI | De estudiantes a estudiantes',
    );
    const meta = (selector: string) => page.locator(selector).getAttribute('content');
    expect(await meta('meta[property="og:title"]')).toBe(
      'Marketplace de estudiantes de UDG - CUCEI | De estudiantes a estudiantes',
    );
    expect(await meta('meta[name="description"]')).toContain('UDG - CUCEI');
    expect(await meta('meta[property="og:description"]')).toContain('Universidad de Guadalajara');
    expect(await meta('meta[property="og:url"]')).toBe(`${SITE}${PAGE}`);
    expect(await meta('meta[property="og:image"]')).toBe(`${SITE}/og/campus/udg-cucei.png`);
    expect(await meta('meta[property="og:image:type"]')).toBe('image/png');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${SITE}${PAGE}`);
    const data = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent())!,
    ) as { '@type': string; about: { name: string; address: { addressLocality: string } } };
    expect(data['@type']).toBe('WebPage');
    expect(data.about.name).toBe('Universidad de Guadalajara - CUCEI');
    expect(data.about.address.addressLocality).toBe('Guadalajara');
    // Its image is there, as the preview names it.
    const image = await page.request.get('/og/campus/udg-cucei.png');
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toContain('image/png');
  });

  test('an unknown id answers the 404 page with status 404', async ({ page }) => {
    for (const path of ['/campus/no-existe', '/campus/UDG-CUCEI', '/campus/udg-cucei/otra']) {
      const response = await page.goto(path);
      expect(response!.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    }
  });
});

test('with scripts, joining from the page joins its campus', async ({ page }) => {
  const errors = consoleErrors(page);
  await configureBackend(page);
  // This browser chose another campus earlier: the page's campus is the one chosen.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem(
        'selectedCollege',
        JSON.stringify({ id: 'unam-cu', name: 'UNAM', subname: 'CU', shortName: 'UNAM - CU' }),
      );
    }
  });
  await page.goto(PAGE);
  await expect(page.getByTestId('page-campus')).toHaveText(
    'Lista de espera de UDG - CUCEI. Podrás elegir otro campus en el paso 2.',
  );
  await signIn(page);
  await expect(page.getByTestId('college-trigger')).toContainText('UDG - CUCEI');
  await submit(page).click();
  await expect(submit(page)).toHaveText('Registrado Exitosamente');
  const entries = await backend<Record<string, { collegeId: string }>>(page, 'entries');
  expect(Object.values(entries)).toMatchObject([{ collegeId: 'udg-cucei' }]);
  // Her invite link lands on her campus's page.
  const link = await page.getByTestId('invite-link').inputValue();
  expect(link).toMatch(new RegExp(`^${SITE}/campus/udg-cucei\\?ref=[A-Z0-9]{8}$`));
  await openStep(page, STEP.invite);
  const whatsapp = await page
    .getByRole('link', { name: 'Invitar por WhatsApp' })
    .getAttribute('href');
  expect(new URL(whatsapp!).searchParams.get('text')).toContain(`${SITE}/campus/udg-cucei?ref=`);
  expect(errors).toEqual([]);
});

test('an invite link to the page shows the invite line and credits the inviter; a bad code shows none', async ({
  page,
}) => {
  await configureBackend(page);
  await page.goto(PAGE);
  await signIn(page);
  await submit(page).click();
  await expect(submit(page)).toHaveText('Registrado Exitosamente');
  const code = new URL(await page.getByTestId('invite-link').inputValue()).searchParams.get('ref')!;
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeVisible();

  // A malformed or unknown code: the page as it is, no invite line.
  for (const bad of ['%E0%A4%A', 'ZZZZZZZZ']) {
    await page.goto(`${PAGE}?ref=${bad}`);
    await expect(page.getByTestId('page-campus')).toBeVisible();
    await expect(page.getByTestId('invite-context')).toHaveCount(0);
  }

  await page.goto(`${PAGE}?ref=${code}`);
  await expect(page.getByTestId('invite-context')).toContainText(
    'Te invitó un compañero de UDG - CUCEI',
  );
  await expect(page.getByTestId('page-campus')).toHaveCount(0);
  await signIn(page, 'luis.hernandez@alumnos.udg.mx');
  await expect(page.getByTestId('college-trigger')).toContainText('UDG - CUCEI');
  await submit(page).click();
  await expect(submit(page)).toHaveText('Registrado Exitosamente');
  await expect.poll(() => backend(page, 'invites')).toEqual({ 'demo-luis': 'demo-ana' });
});

test('the poster prints on one page with a QR code to the page, and axe finds nothing on the page', async ({
  page,
}) => {
  // The poster as the build wrote it and the server serves it: one page, and its QR code reads
  // as the campus page with the poster's utm values (the launch report's source 'cartel').
  const poster = await page.goto(`${PAGE}/cartel`);
  expect(poster!.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('UDG - CUCEI');
  expect(await page.locator('script').count()).toBe(0);
  const pages = (await page.pdf({ format: 'A4' })).toString('latin1');
  expect(pages.match(/\/Type\s*\/Page(?![a-z])/g)).toHaveLength(1);
  await page.emulateMedia({ media: 'print' });
  expect(qrText(await page.locator('.qr').screenshot())).toBe(
    `${SITE}${PAGE}?utm_source=cartel&utm_medium=qr`,
  );
  await page.emulateMedia({ media: 'screen' });

  await configureBackend(page);
  await page.goto(PAGE);
  await expectNoAxeViolations(page);
});

test('the build made a page, an image and a poster for every catalogue campus, and the sitemap lists the pages', async ({
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the build is the same for every project');
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const titles = new Set<string>();
  for (const { id, shortName } of COLLEGE_CATALOGUE) {
    const html = fs.readFileSync(`dist/campus/${id}.html`, 'utf8');
    expect(html, id).toContain('data-route="campus"');
    const title = /<title>([^<]*)<\/title>/.exec(html)![1]!;
    expect(title, id).toContain(shortName.replace(/&/g, '&amp;'));
    titles.add(title);
    const png = fs.readFileSync(`dist/og/campus/${id}.png`);
    expect(pngSize(png), id).toEqual({ width: 1200, height: 630 });
    expect(png.length, id).toBeLessThanOrEqual(300 * 1024);
    expect(fs.existsSync(`dist/campus/${id}/cartel.html`), id).toBe(true);
    expect(sitemap, id).toContain(`<loc>${SITE}/campus/${id}</loc>`);
  }
  expect(titles.size).toBe(COLLEGE_CATALOGUE.length);
  expect(COLLEGE_CATALOGUE.length).toBeGreaterThanOrEqual(107);
});
