import type { Page } from '@playwright/test';
import { policyFor, SAMPLE_PRODUCTION_ENV, underPolicy } from '../../support/csp-page';
import {
  backend,
  chooseCollege,
  configureBackend,
  expect,
  expectNoAxeViolationsNow,
  signIn,
  submit,
  test,
} from './fixtures';

/**
 * The operator console at /operador (issue 61), on the memory backend: its demo operator
 * ('Operadora Demo' in the account chooser) reviews campuses, changes settings, approves a photo,
 * adds a requested campus and launches; a student gets 'No tienes acceso a la consola.'.
 */

const OPERATOR = 'operadora@deestudiantes.example';

/** Ana joins a campus on the landing page (her photo consented: waiting for review). */
async function studentJoins(page: Page, request: 'cucei' | 'sotavento') {
  await configureBackend(page, { latencyMs: 0 });
  await page.goto('/');
  await signIn(page);
  if (request === 'cucei') {
    await chooseCollege(page, 'cucei', /CUCEI/);
  } else {
    await page.getByTestId('college-trigger').click();
    await page.getByPlaceholder('Buscar universidad...').fill('Universidad de Sotavento');
    await page.getByRole('option', { name: 'Mi campus no aparece' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mi campus no aparece' });
    await dialog.getByLabel('Ciudad').fill('Coatzacoalcos');
    await dialog.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(page.getByTestId('college-trigger')).toContainText('(pendiente)');
  }
  await page
    .getByRole('checkbox', { name: /Mostrar mi foto de perfil de Google en la página principal/ })
    .check();
  await submit(page).click();
  await expect(submit(page)).toHaveText('Registrado Exitosamente');
}

/** Opens /operador (or its file's address) and signs in as the demo operator (a student out first). */
async function operatorSignsIn(page: Page, address = '/operador') {
  await page.goto(address);
  const signOut = page.getByRole('button', { name: 'Cerrar sesión' });
  const signInButton = page.getByRole('button', { name: 'Continuar con Google' });
  await expect(signOut.or(signInButton)).toBeVisible();
  if (await signOut.isVisible()) await signOut.click();
  await signInButton.click();
  await page
    .getByRole('dialog', { name: 'Elige una cuenta' })
    .getByRole('button', { name: /Operadora Demo/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Consola de operación' })).toBeVisible();
  await expect(page.getByTestId('operator-email')).toHaveText(OPERATOR);
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const row = (page: Page, id: string) => page.locator(`tr[data-campus="${id}"]`);

test('a student signed in gets no console: only “No tienes acceso a la consola.”', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await studentJoins(page, 'cucei');
  await page.goto('/operador');
  await expect(page.getByRole('heading', { name: 'No tienes acceso a la consola.' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText('udg-cucei');
  await expectNoAxeViolationsNow(page);
  // The page is never indexed, and its code is not the landing page's.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
});

test('the landing page loads nothing of the console', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await configureBackend(page);
  await page.goto('/');
  await page.waitForFunction(() => !!(window as { __memoryBackend?: unknown }).__memoryBackend);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => /operador|operator/.test(s))).toEqual([]);
  expect(await page.content()).not.toContain('operador');
});

test('an operator reviews a campus, changes its settings, approves a photo and adds a requested campus', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await studentJoins(page, 'sotavento');
  await backend(page, 'addClassmates', 'udg-cucei', 120);
  await backend(page, 'addClassmates', 'unam-cu', 30);
  await operatorSignsIn(page);

  // Campus: the table, sorted and filtered.
  await expect(tab(page, 'Campus')).toHaveAttribute('aria-selected', 'true');
  await expect(row(page, 'udg-cucei').getByTestId('verified')).toHaveText('120');
  const verifiedHead = page.getByRole('columnheader', { name: /^Verificados/ });
  await expect(verifiedHead).toHaveAttribute('aria-sort', 'descending');
  await expect(page.locator('tbody tr').first()).toHaveAttribute('data-campus', 'udg-cucei');
  await verifiedHead.getByRole('button').click();
  await expect(verifiedHead).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.locator('tbody tr').first()).not.toHaveAttribute('data-campus', 'udg-cucei');
  await page.getByRole('searchbox', { name: 'Buscar por nombre o id' }).fill('cucei');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.getByRole('checkbox', { name: 'Solo listos' }).check();
  // 120 verified of 100, but no verified sellers: not ready.
  await expect(page.locator('tbody tr')).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Solo listos' }).uncheck();
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar CSV' }).click();
  expect((await csv).suggestedFilename()).toBe('campus.csv');
  await expectNoAxeViolationsNow(page);

  // Its detail: the chart and the settings; an invalid threshold is refused in Spanish.
  await row(page, 'udg-cucei').getByRole('button', { name: 'UDG - CUCEI' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'UDG - CUCEI' })).toBeFocused();
  await expect(page.getByTestId('verified-chart')).toBeVisible();
  const threshold = page.getByLabel('Umbral (estudiantes verificados)');
  await threshold.fill('1');
  await page.getByRole('button', { name: 'Guardar configuración' }).click();
  await expect(page.getByText(/El umbral debe ser un número entero entre/).first()).toBeVisible();
  await expect(threshold).toHaveAttribute('aria-invalid', 'true');
  await threshold.fill('100');
  await page.getByLabel('Mínimo de vendedores verificados').fill('0');
  await page.getByRole('button', { name: 'Guardar configuración' }).click();
  await expect(page.getByText('Guardamos la configuración.')).toBeVisible();
  await expectNoAxeViolationsNow(page);
  await page.getByRole('button', { name: /Volver a la tabla/ }).click();
  await page.getByRole('checkbox', { name: 'Solo listos' }).check();
  await expect(row(page, 'udg-cucei').getByTestId('ready')).toHaveText('Lista');

  // Fotos: Ana's photo, as the strip shows it, approved.
  await tab(page, 'Fotos').click();
  const photo = page.getByTestId('hero-photo').filter({ hasText: 'Por revisar' });
  await expect(photo.getByRole('img')).toHaveClass(/rounded-full/);
  await photo.getByRole('button', { name: /^Aprobar/ }).click();
  await expect(page.getByText('Foto aprobada.')).toBeVisible();
  await expect(page.getByTestId('hero-photo').filter({ hasText: 'Aprobada' })).toHaveCount(1);
  expect(await backend(page, 'heroPhotos')).toMatchObject([
    { uid: 'demo-ana', status: 'approved' },
  ]);
  await expectNoAxeViolationsNow(page);

  // Solicitudes: the requested campus, added with the operator's own names.
  await tab(page, 'Solicitudes').click();
  const request = page.getByRole('row', { name: /Universidad de Sotavento/ });
  await expect(request).toContainText('Coatzacoalcos');
  await expectNoAxeViolationsNow(page);
  await request.getByRole('button', { name: /Agregar al catálogo/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Agregar al catálogo' });
  await expect(dialog.getByLabel('Nombre del catálogo')).toHaveValue('');
  await dialog.getByLabel('Id del catálogo').fill('usotavento-coatza');
  await dialog.getByLabel('Nombre del catálogo').fill('Universidad de Sotavento');
  await dialog.getByLabel('Nombre corto').fill('US - Coatzacoalcos');
  await dialog.getByLabel('Ciudad').fill('Coatzacoalcos');
  await dialog.getByLabel('Estado de la república').fill('Veracruz');
  await dialog.getByLabel('Dominios de correo universitario').fill('alumnos.us.edu.mx');
  await expectNoAxeViolationsNow(page);
  await dialog.getByRole('button', { name: 'Agregar', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Agregamos US - Coatzacoalcos al catálogo/)).toBeVisible();
  await expect(page.getByText('No hay campus solicitados pendientes.')).toBeVisible();

  // Registro: every action above, by the operator.
  await tab(page, 'Registro').click();
  await expect(page.getByTestId('log-entry').first()).toContainText(OPERATOR);
  for (const what of ['Cambió la configuración', 'Aprobó una foto', 'Agregó al catálogo']) {
    await expect(page.getByTestId('log-entry').filter({ hasText: what }).first()).toBeVisible();
  }
  await expectNoAxeViolationsNow(page);

  // The tabs answer the keyboard.
  await tab(page, 'Registro').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Campus')).toBeFocused();
  await expect(tab(page, 'Campus')).toHaveAttribute('aria-selected', 'true');
});

/** A Mexico City wall time two days from now, as the datetime-local input takes it. */
const inTwoDays = () =>
  new Date(Date.now() + 2 * 86_400_000 - 6 * 3_600_000).toISOString().slice(0, 16);

test('an operator launches a campus: a dry run, a scheduled time cancelled, then a launch now', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await studentJoins(page, 'cucei');
  await operatorSignsIn(page);
  await row(page, 'udg-cucei').getByRole('button', { name: 'UDG - CUCEI' }).click();
  await expect(page.getByTestId('launch-state')).toHaveText('Este campus no se ha lanzado.');

  // The dry run: how many, and the e-mail as the student will see it (a sandboxed frame).
  await page.getByRole('button', { name: 'Vista previa' }).click();
  const preview = page.getByTestId('launch-preview');
  await expect(preview).toContainText('Estudiantes que lo recibirían: 1');
  const frame = preview.locator('iframe[title="Correo de muestra"]');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(frame.contentFrame().locator('body')).toContainText(/UDG - CUCEI|CUCEI/);
  await expectNoAxeViolationsNow(page, undefined, { sameOriginFramesOnly: true });

  // A wrong id is refused; the right one with a time schedules it (Mexico City time).
  const confirm = page.getByLabel(/Escribe el id del campus \(udg-cucei\) para confirmar/);
  await confirm.fill('udg');
  await page.getByRole('button', { name: 'Lanzar' }).click();
  await expect(
    page.getByText('Escribe el id del campus exactamente para confirmar el lanzamiento.'),
  ).toBeVisible();
  await confirm.fill('udg-cucei');
  await page.getByLabel(/Fecha y hora del lanzamiento/).fill(inTwoDays());
  await expect(page.getByText(/Hora de la Ciudad de México/)).toBeVisible();
  await page.getByRole('button', { name: 'Lanzar' }).click();
  await expect(page.getByText(/Lanzamiento programado para/)).toBeVisible();
  await expect(page.getByTestId('launch-state')).toContainText('Programado para el');
  expect(await backend<unknown[]>(page, 'outbox')).not.toContainEqual(
    expect.objectContaining({ kind: 'launch' }),
  );

  // Cancelled, then launched now: one e-mail, and the launch shows after a reload.
  await page.getByRole('button', { name: 'Cancelar lanzamiento' }).click();
  await expect(page.getByText('Cancelamos el lanzamiento programado.')).toBeVisible();
  await expect(page.getByTestId('launch-state')).toHaveText('Este campus no se ha lanzado.');
  await page.getByRole('button', { name: 'Vista previa' }).click();
  await page.getByLabel(/Escribe el id del campus/).fill('udg-cucei');
  await page.getByRole('button', { name: 'Lanzar' }).click();
  await expect(page.getByText(/Campus lanzado: 1 correos en camino/)).toBeVisible();
  await expect(page.getByTestId('launch-state')).toContainText('Lanzado el');
  await page.reload();
  await expect(page.getByTestId('launch-state')).toContainText('Lanzado el');
  await expect(page.getByRole('button', { name: 'Vista previa' })).toHaveCount(0);
});

test('a launch whose answer is lost says the outcome is unknown, and a reload shows the truth', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await studentJoins(page, 'cucei');
  await operatorSignsIn(page);
  await row(page, 'udg-cucei').getByRole('button', { name: 'UDG - CUCEI' }).click();
  await page.getByRole('button', { name: 'Vista previa' }).click();
  await page.getByLabel(/Escribe el id del campus/).fill('udg-cucei');
  await backend(page, 'failNext', 'operatorConsole', 'unavailable');
  await page.getByRole('button', { name: 'Lanzar' }).click();
  await expect(
    page.getByText(
      'No sabemos si el lanzamiento se registró. Recarga la página para ver su estado.',
    ),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('launch-state')).toBeVisible();
});

test('the console and its sample e-mail run under the deploy’s Content-Security-Policy without a violation', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The policy scripts/deploy/deploy.mjs would generate for this build; the sample's frame
  // (srcdoc, sandboxed) inherits it. Served on the page's file address, which the route covers.
  const csp = await underPolicy(page, policyFor('dist', SAMPLE_PRODUCTION_ENV));
  await studentJoins(page, 'cucei');
  await operatorSignsIn(page, '/operador.html');
  await row(page, 'udg-cucei').getByRole('button', { name: 'UDG - CUCEI' }).click();
  await expect(page.getByTestId('verified-chart')).toBeVisible();
  await page.getByRole('button', { name: 'Vista previa' }).click();
  const frame = page.getByTestId('launch-preview').locator('iframe[title="Correo de muestra"]');
  await expect(frame.contentFrame().locator('body')).toContainText(/CUCEI/);
  expect(await csp.violations()).toEqual([]);
});
