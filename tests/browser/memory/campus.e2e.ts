import type { Page } from '@playwright/test';
import {
  backend,
  chooseCollege,
  configureBackend,
  expect,
  expectNoAxeViolations,
  openStep,
  signIn,
  STEP,
  submit,
  test,
} from './fixtures';

/** Issue 28: how close my campus is, and whether I count (verified by my university e-mail). */

async function join(page: Page, query = 'cucei', option = /CUCEI/) {
  await chooseCollege(page, query, option);
  await submit(page).click();
  await expect(submit(page)).toHaveText('Registrado Exitosamente');
}

const panel = (page: Page) => page.getByTestId('campus-progress');

/** 'Cerrar sesión', and step 1 is back. */
async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await configureBackend(page);
  await page.goto('/');
});

test('after joining, the card shows the campus just starting, then its progress past the floor', async ({
  page,
}) => {
  await signIn(page);
  await join(page);
  await expect(page.getByTestId('campus-headline')).toHaveText(
    'UDG - CUCEI: tu campus apenas está empezando',
  );
  await expect(page.getByTestId('campus-verification')).toHaveText(
    'Verificado con tu correo de la UdeG',
  );
  await expect(panel(page).getByRole('progressbar')).toHaveCount(0);

  // 36 classmates join; the operators set a threshold of 100 and a date.
  await backend(page, 'addClassmates', 'udg-cucei', 36);
  await backend(page, 'setCampus', 'udg-cucei', { opensOn: '2027-01-15' });
  await page.reload();
  await expect(page.getByTestId('campus-headline')).toHaveText(
    'UDG - CUCEI: faltan 63 estudiantes para abrir',
  );
  const bar = panel(page).getByRole('progressbar', { name: 'Tu campus' });
  await expect(bar).toHaveAttribute('aria-valuenow', '37');
  await expect(bar).toHaveAttribute('aria-valuemax', '100');
  await expect(bar).toHaveAttribute('aria-valuetext', '37 de 100 estudiantes verificados');
  await expect(page.getByTestId('campus-date')).toHaveText(
    'Fecha de apertura: 15 de enero de 2027',
  );
});

// Its own test: axe takes seconds on a two-core machine, and with the steps above the test came
// close to the 30 s limit under four workers.
test('the card with its campus, progress bar and invites has no axe violations', async ({
  page,
}) => {
  await backend(page, 'addClassmates', 'udg-cucei', 36);
  await signIn(page);
  await join(page);
  await expect(panel(page).getByRole('progressbar')).toBeVisible();
  await expect(page.getByTestId('invite-count')).toBeVisible();
  await expectNoAxeViolations(page, '#waitlist');
});

test('a change of campus shows the new campus; a personal address is told how to count', async ({
  page,
}) => {
  await backend(page, 'addClassmates', 'itesm-gdl', 15);
  await signIn(page, 'mariana.cruz.mx@gmail.com');
  await join(page, 'tec', /ITESM - GDL/);
  await expect(page.getByTestId('campus-verification')).toHaveText(
    'Tu correo de inicio de sesión no es del Tec: verifica tu correo universitario para contar en el avance de tu campus.',
  );
  // She does not count: 15 classmates, not 16.
  await expect(panel(page).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '15');

  await openStep(page, STEP.data);
  await page.getByRole('button', { name: 'Cambiar campus' }).click();
  await chooseCollege(page, 'cucea', /CUCEA/);
  await page.getByRole('button', { name: 'Guardar campus' }).click();
  await expect(page.getByTestId('campus-headline')).toHaveText(
    'UDG - CUCEA: tu campus apenas está empezando',
  );
});

test('a campus that could not be read says so, and Reintentar reads it', async ({ page }) => {
  await signIn(page);
  await backend(page, 'failNext', 'campusProgress', 'unavailable');
  await join(page);
  await expect(panel(page)).toHaveCount(0);
  const alert = page
    .getByRole('alert')
    .filter({ hasText: 'No pudimos cargar el avance de tu campus.' });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByTestId('campus-headline')).toHaveText(
    'UDG - CUCEI: tu campus apenas está empezando',
  );
});

test('an invite link counts: a classmate joins with it, and the inviter sees 1', async ({
  page,
}) => {
  await signIn(page);
  await join(page);
  await expect(page.getByTestId('invite-count')).toHaveText('Aún nadie se ha unido con tu enlace.');
  const link = await page.getByTestId('invite-link').inputValue();
  const code = new URL(link).searchParams.get('ref')!;
  expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);

  // 'Invitar por WhatsApp': the message, accents included, and the link, encoded once.
  await openStep(page, STEP.invite);
  const whatsapp = page.getByRole('link', { name: 'Invitar por WhatsApp' });
  const href = (await whatsapp.getAttribute('href'))!;
  expect(href).toContain('Me%20un%C3%AD');
  const text = new URL(href).searchParams.get('text')!;
  expect(text).toBe(
    `¡Me uní a la lista de espera de De estudiantes a estudiantes para UDG - CUCEI! Únete tú también para que el marketplace abra pronto en nuestro campus: ${link}`,
  );
  await expect(whatsapp).toHaveAttribute('target', '_blank');

  // A classmate opens the link (on this server), signs in with another account and joins.
  await signOut(page);
  await page.goto(`/?ref=${code.toLowerCase()}`);
  await signIn(page, 'luis.hernandez@alumnos.udg.mx');
  await join(page);
  // The credit is sent after the join's answer, not awaited by it (join-waitlist.use-case.ts):
  // it lands a simulated latency later.
  await expect.poll(() => backend(page, 'invites')).toEqual({ 'demo-luis': 'demo-ana' });
  await expect(page.getByTestId('invite-count')).toHaveText('Aún nadie se ha unido con tu enlace.');

  // The inviter comes back: one classmate joined with her link.
  await signOut(page);
  await signIn(page);
  await expect(page.getByTestId('invite-count')).toHaveText('1 compañero se unió con tu enlace');
});

test("'Compartir' copies the link where the browser cannot share", async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });
  await page.reload();
  await signIn(page);
  await join(page);
  const link = await page.getByTestId('invite-link').inputValue();
  await openStep(page, STEP.invite);
  await page.getByRole('button', { name: 'Compartir' }).click();
  await expect(page.getByText('Copiamos tu enlace')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
});

test("'Mi campus no aparece': a campus the search lacks is requested, and the student still joins another", async ({
  page,
}) => {
  await signIn(page);
  await page.getByTestId('college-trigger').click();
  await page.getByPlaceholder('Buscar universidad...').fill('Universidad de Sotavento');
  await expect(page.getByText('No se encontraron resultados')).toBeVisible();
  // The one option, highlighted: Enter takes it (the keyboard's way; a tap works too).
  await expect(page.getByRole('option', { name: 'Mi campus no aparece' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Mi campus no aparece' });
  await expect(dialog.getByLabel('Universidad y campus')).toHaveValue('Universidad de Sotavento');
  // A city left empty is named, and nothing is sent.
  await dialog.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(
    dialog.getByText('Escribe la ciudad (de 2 a 80 caracteres, sin símbolos).'),
  ).toBeVisible();
  expect(await backend(page, 'campusRequests')).toEqual([]);
  // A phone number or a web address is no name (issue 59): the field says so, nothing is sent.
  await dialog.getByLabel('Ciudad').fill('Llama al 33 1234 5678');
  await dialog.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(
    dialog.getByText(
      'Escribe solo el nombre de la ciudad, sin páginas web, correos ni números de teléfono.',
    ),
  ).toBeVisible();
  expect(await backend(page, 'campusRequests')).toEqual([]);
  await dialog.getByLabel('Ciudad').fill('Coatzacoalcos');
  await dialog.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page.getByText('Recibimos tu solicitud')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await backend(page, 'campusRequests')).toEqual([
    expect.objectContaining({
      name: 'Universidad de Sotavento',
      city: 'Coatzacoalcos',
      requests: 1,
      addedAs: null,
    }),
  ]);
  // Never in the way: the student joins another campus.
  await join(page);
  await expect(page.getByTestId('campus-headline')).toContainText('UDG - CUCEI');
});
