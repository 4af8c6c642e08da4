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
  toast,
} from './fixtures';

/**
 * Issue 49 on the memory build: who will sell (saved, shown again, gone after leaving), a source
 * counted without a cookie, a milestone's e-mail, and a requested campus joined as pending.
 */

async function join(page: Page) {
  await chooseCollege(page, 'cucei', /CUCEI/);
  await submit(page).click();
  await expect(submit(page)).toHaveText('Registrado Exitosamente');
}

const sellerBox = (page: Page, label: string) =>
  page.getByRole('group', { name: '¿Quieres vender en tu campus?' }).getByLabel(label);

test.beforeEach(async ({ page }) => {
  await configureBackend(page);
});

test('a student says what she will sell: saved, shown again, kept on a failed save, gone after leaving', async ({
  page,
}) => {
  await page.goto('/');
  await signIn(page);
  await join(page);
  await openStep(page, STEP.sell);
  const group = page.getByRole('group', { name: '¿Quieres vender en tu campus?' });
  await expect(group).toBeVisible();
  for (const label of [
    'Comida casera',
    'Platillos favoritos',
    'Platillos preparados',
    'Snacks',
    'Postres',
    'Servicios',
    'Material de estudio',
  ]) {
    await expect(sellerBox(page, label)).not.toBeChecked();
  }
  await sellerBox(page, 'Servicios').check();
  await sellerBox(page, 'Postres').check();
  await group.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByTestId('seller-status')).toHaveText('Guardamos lo que quieres vender');
  expect(await backend(page, 'sellerChoices')).toEqual({ 'demo-ana': ['postres', 'servicios'] });

  await page.reload();
  await expect(sellerBox(page, 'Postres')).toBeChecked();
  await expect(sellerBox(page, 'Servicios')).toBeChecked();
  await expect(sellerBox(page, 'Snacks')).not.toBeChecked();

  // A failed save keeps the boxes as ticked and offers 'Reintentar'; the retry saves them.
  await backend(page, 'failNext', 'saveSellerChoice');
  await sellerBox(page, 'Snacks').check();
  await page
    .getByRole('group', { name: '¿Quieres vender en tu campus?' })
    .getByRole('button', { name: 'Guardar' })
    .click();
  await expect(page.getByRole('alert').filter({ hasText: 'No pudimos guardar' })).toHaveText(
    'No pudimos guardar lo que quieres vender.',
  );
  await expect(sellerBox(page, 'Snacks')).toBeChecked();
  expect(await backend(page, 'sellerChoices')).toEqual({ 'demo-ana': ['postres', 'servicios'] });
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByTestId('seller-status')).toHaveText('Guardamos lo que quieres vender');
  expect(await backend(page, 'sellerChoices')).toEqual({
    'demo-ana': ['snacks', 'postres', 'servicios'],
  });
  await expectNoAxeViolations(page, '[data-testid="seller-choice"]');

  await openStep(page, STEP.data);
  await page.getByRole('button', { name: 'Salir de la lista de espera' }).click();
  await page
    .getByRole('dialog', { name: '¿Salir de la lista de espera?' })
    .getByRole('button', { name: 'Sí, salir de la lista' })
    .click();
  await expect(toast(page, 'Saliste de la lista de espera')).toBeVisible();
  expect(await backend(page, 'sellerChoices')).toEqual({});
});

test('the seller choice holds its place while it is read: nothing below it moves when it arrives', async ({
  page,
}) => {
  await page.goto('/');
  await signIn(page);
  await chooseCollege(page, 'cucei', /CUCEI/);
  // Slow answers, so that the choice is seen while it is read.
  await backend(page, 'setLatency', 1500);
  await submit(page).click();
  await expect(submit(page)).toHaveText('Registrado Exitosamente');
  await openStep(page, STEP.sell);
  await openStep(page, STEP.data);
  const group = page.getByRole('group', { name: '¿Quieres vender en tu campus?' });
  const leave = page.getByRole('button', { name: 'Salir de la lista de espera' });
  await expect(page.getByTestId('seller-choice')).toContainText('Cargando…');
  // The card's other reads (the campus, the invites) are answered before the choice is.
  await expect(page.getByTestId('invite-count')).toBeVisible();
  await expect(page.getByTestId('seller-choice')).toContainText('Cargando…');
  const before = (await leave.boundingBox())!.y;
  await expect(group.getByRole('button', { name: 'Guardar' })).toBeEnabled();
  expect((await leave.boundingBox())!.y).toBe(before);
  // While read, the boxes were there but could not be ticked: now they can.
  await expect(sellerBox(page, 'Snacks')).toBeEnabled();
  await expect(group).toHaveAttribute('aria-busy', 'false');
});

test('a failed read of the seller choice says so, lets nothing be ticked, and Reintentar reads it', async ({
  page,
}) => {
  await page.goto('/');
  await signIn(page);
  await chooseCollege(page, 'cucei', /CUCEI/);
  await backend(page, 'failNext', 'getSellerChoice');
  await submit(page).click();
  await expect(submit(page)).toHaveText('Registrado Exitosamente');
  // A step with an error is open: its alert and 'Reintentar' are there without a tap.
  const group = page.getByRole('group', { name: '¿Quieres vender en tu campus?' });
  await expect(page.getByRole('alert').filter({ hasText: 'No pudimos cargar' })).toHaveText(
    'No pudimos cargar lo que quieres vender.',
  );
  await expect(sellerBox(page, 'Postres')).toBeDisabled();
  await expect(group.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
  await group.getByRole('button', { name: 'Reintentar' }).click();
  await expect(group.getByRole('button', { name: 'Guardar' })).toBeEnabled();
  await expect(page.getByRole('alert').filter({ hasText: 'No pudimos cargar' })).toHaveCount(0);
  await sellerBox(page, 'Postres').check();
  await group.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByTestId('seller-status')).toHaveText('Guardamos lo que quieres vender');
  expect(await backend(page, 'sellerChoices')).toEqual({ 'demo-ana': ['postres'] });
  await expectNoAxeViolations(page, '[data-testid="seller-choice"]');
});

test('a source from the link is kept for the visit and recorded once at joining, without a cookie or a third party', async ({
  page,
  context,
}) => {
  const hosts = new Set<string>();
  page.on('request', (request) => hosts.add(new URL(request.url()).host));
  await page.goto('/?utm_source=WhatsApp&utm_medium=grupo&utm_campaign=semana%20de%20bienvenida');
  await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeVisible();
  // The address moves on without them; the visit keeps them, and a second link does not replace them.
  await page.goto('/?utm_source=instagram');
  await signIn(page);
  await join(page);
  await expect
    .poll(() => backend(page, 'joinSources'))
    .toEqual({ 'demo-ana': { source: 'whatsapp', medium: 'grupo', campaign: 'otro' } });
  expect(await page.evaluate(() => document.cookie)).toBe('');
  expect(await context.cookies()).toEqual([]);
  expect([...hosts]).toEqual([new URL(page.url()).host]);
  // Recorded once: the visit forgot it.
  expect(await page.evaluate(() => sessionStorage.getItem('de-estudiantes:source'))).toBeNull();
});

test('a campus reaching 25% of its threshold mails everyone on its list once, with the figure and the invite link', async ({
  page,
}) => {
  await page.goto('/');
  await backend(page, 'setCampus', 'udg-cucei', { threshold: 40 });
  await backend(page, 'addClassmates', 'udg-cucei', 9);
  await signIn(page, 'luis.hernandez@alumnos.udg.mx');
  await join(page); // the tenth verified student: 25% of 40
  await backend(page, 'deliverMail');
  const mails = await backend<{ to: string; subject: string; text: string }[]>(page, 'mailbox');
  const milestone = mails.filter((m) => m.subject === 'UDG - CUCEI ya va en el 25% de su meta');
  expect(milestone).toHaveLength(1);
  expect(milestone[0]!.to).toBe('luis.hernandez@alumnos.udg.mx');
  expect(milestone[0]!.text).toContain('10 de 40 estudiantes verificados');
  // On the campus's page (issue 60).
  expect(milestone[0]!.text).toMatch(/Tu enlace: \S+\/campus\/udg-cucei\?ref=[A-Z0-9]{8}\n/);
  expect(milestone[0]!.text).toContain('/salir?token=');
  // A second crossing, and a late joiner, get nothing new.
  await backend(page, 'addClassmates', 'udg-cucei', 1);
  await backend(page, 'deliverMail');
  expect(await backend(page, 'milestones')).toEqual({ 'udg-cucei': [25] });
  const again = await backend<{ subject: string }[]>(page, 'mailbox');
  expect(again.filter((m) => m.subject.includes('de su meta'))).toHaveLength(1);
});

test('a requested campus is joined at once as pending, and an operator makes it real', async ({
  page,
}) => {
  await page.goto('/');
  await signIn(page);
  await page.getByTestId('college-trigger').click();
  await page.getByPlaceholder('Buscar universidad...').fill('Universidad de Sotavento');
  await page.getByRole('option', { name: 'Mi campus no aparece' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mi campus no aparece' });
  await dialog.getByLabel('Ciudad').fill('Coatzacoalcos');
  await dialog.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(toast(page, 'Recibimos tu solicitud')).toBeVisible();
  await expect(page.getByTestId('college-trigger')).toContainText(
    'Universidad de Sotavento (pendiente)',
  );
  await submit(page).click();
  await expect(submit(page)).toHaveText('Registrado Exitosamente');
  await expect(page.getByTestId('my-entry-college')).toHaveText(
    'Universidad de Sotavento (pendiente)',
  );
  await expect(page.getByTestId('campus-headline')).toHaveText(
    'Universidad de Sotavento (pendiente): lo revisaremos y te escribiremos cuando esté en la lista',
  );
  // Named from the backend after a reload too (the page's catalogue does not have it).
  await page.reload();
  await expect(page.getByTestId('my-entry-college')).toHaveText(
    'Universidad de Sotavento (pendiente)',
  );
  const [request] = await backend<{ id: string }[]>(page, 'campusRequests');
  expect(request!.id).toMatch(/^pendiente-[0-9a-f]{24}$/);
  expect(await backend(page, 'entries')).toMatchObject({
    'demo-ana': { collegeId: request!.id },
  });

  // The operators' command: the campus joins the search, her entry moves, she is told once.
  const added = await backend(page, 'addCampus', {
    request: request!.id,
    id: 'usotavento-coatza',
    name: 'Universidad de Sotavento',
    shortName: 'US - Coatzacoalcos',
  });
  expect(added).toEqual({ id: 'usotavento-coatza', added: true, moved: 1, queued: 1 });
  expect(
    await backend(page, 'addCampus', {
      request: request!.id,
      id: 'usotavento-coatza',
      name: 'Universidad de Sotavento',
      shortName: 'US - Coatzacoalcos',
    }),
  ).toMatchObject({ added: false, queued: 0 });
  // The sender also runs by itself after the command: either run may hold the message, and it
  // goes once.
  await backend(page, 'deliverMail');
  await expect
    .poll(async () =>
      (await backend<{ to: string; subject: string }[]>(page, 'mailbox'))
        .filter((m) => m.subject === 'Ya puedes unirte: tu campus está en la lista')
        .map((m) => m.to),
    )
    .toEqual(['ana.garcia@alumnos.udg.mx']);
  expect(await backend(page, 'entries')).toMatchObject({
    'demo-ana': { collegeId: 'usotavento-coatza' },
  });
  await page.reload();
  await expect(page.getByTestId('my-entry-college')).toHaveText('US - Coatzacoalcos');
  await expect(page.getByTestId('campus-headline')).toContainText('US - Coatzacoalcos');
  await openStep(page, STEP.data);
  await page.getByRole('button', { name: 'Cambiar campus' }).click();
  await page.getByTestId('college-trigger').click();
  await page.getByPlaceholder('Buscar universidad...').fill('Sotavento');
  await expect(page.getByRole('option', { name: /US - Coatzacoalcos/ })).toBeVisible();
});
