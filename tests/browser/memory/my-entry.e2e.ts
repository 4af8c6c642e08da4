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

/** Issue 13: the student's own entry — consent, what we keep, change of campus, leaving. */

const consentBox = (page: Page) =>
  page.getByRole('checkbox', {
    name: /Mostrar mi foto de perfil de Google en la página principal/,
  });

async function join(page: Page, consent = false) {
  await chooseCollege(page, 'cucei', /CUCEI/);
  if (consent) await consentBox(page).check();
  await submit(page).click();
  await expect(submit(page)).toHaveText('Registrado Exitosamente');
}

/** The src of the first avatar in the hero strip. */
const firstAvatar = (page: Page) =>
  page.getByTestId('avatar-strip').getByTestId('hero-avatar').first();

test.beforeEach(async ({ page }) => {
  await configureBackend(page);
  await page.goto('/');
});

test('step 2 links the privacy notice and offers the photo option, off by default', async ({
  page,
}) => {
  await signIn(page);
  await expect(
    page.locator('#waitlist form').getByRole('link', { name: 'Aviso de privacidad' }),
  ).toHaveAttribute('href', '/aviso-de-privacidad');
  await expect(consentBox(page)).not.toBeChecked();
  await join(page);
  expect(await backend(page, 'consents')).toEqual({});
});

test('the card shows what we keep; a consented photo shows only once approved, and leaves on withdrawal', async ({
  page,
}) => {
  await expect(firstAvatar(page)).toBeVisible();
  const before = await firstAvatar(page).getAttribute('src');
  await signIn(page);
  await join(page, true);
  await expect(page.getByTestId('my-entry-email')).toHaveText('ana.garcia@alumnos.udg.mx');
  await expect(page.getByTestId('my-entry-college')).toHaveText('UDG - CUCEI');
  await expect(page.getByTestId('my-entry-date')).toContainText('de 20');
  expect(Object.keys(await backend<object>(page, 'consents'))).toEqual(['demo-ana']);
  // Not shown before the operator approves it (the strip reloaded after the consent).
  expect(await backend(page, 'heroPhotos')).toMatchObject([{ uid: 'demo-ana', status: 'pending' }]);
  await expect(firstAvatar(page)).toHaveAttribute('src', before!);
  await backend(page, 'approveHeroPhoto', 'demo-ana');
  await page.reload();
  await expect(firstAvatar(page)).not.toHaveAttribute('src', before!);

  await page.locator('#waitlist').scrollIntoViewIfNeeded();
  await openStep(page, STEP.data);
  await consentBox(page).uncheck();
  await expect(toast(page, 'Quitamos tu foto de la página principal')).toBeVisible();
  await expect(toast(page, 'Puede tardar unos minutos en desaparecer para todos.')).toBeVisible();
  await expect(firstAvatar(page)).toHaveAttribute('src', before!);
  expect(await backend(page, 'consents')).toEqual({});
  expect(await backend(page, 'heroPhotos')).toEqual([]);
});

test('a new consent is reviewed again, and the kill switch empties the strip', async ({ page }) => {
  await signIn(page);
  await join(page, true);
  await backend(page, 'approveHeroPhoto', 'demo-ana');
  await openStep(page, STEP.data);
  await consentBox(page).uncheck();
  await expect(toast(page, 'Quitamos tu foto de la página principal')).toBeVisible();
  await consentBox(page).check();
  await expect(toast(page, 'Guardamos tu permiso para mostrar tu foto')).toBeVisible();
  await expect(
    toast(page, 'Aparecerá en la página principal cuando el equipo la revise.'),
  ).toBeVisible();
  expect(await backend(page, 'heroPhotos')).toMatchObject([{ status: 'pending' }]);
  await backend(page, 'approveHeroPhoto', 'demo-ana');
  await backend(page, 'setHeroStrip', false);
  await page.reload();
  const strip = page.getByTestId('avatar-strip');
  await expect(strip).toHaveAttribute('data-status', 'placeholders');
  await expect(strip.getByTestId('avatar-placeholder')).toHaveCount(5);
  await expect(strip.getByTestId('hero-avatar')).toHaveCount(0);
});

test('the card with a consent given passes axe', async ({ page }) => {
  await signIn(page);
  await join(page, true);
  await openStep(page, STEP.data);
  await expect(page.getByTestId('my-entry-email')).toBeVisible();
  await expectNoAxeViolations(page, '#waitlist');
});

test('a consent that fails shows its toast and a retry works', async ({ page }) => {
  await signIn(page);
  await join(page);
  await openStep(page, STEP.data);
  await backend(page, 'failNext', 'grantConsent');
  // A click, not check(): the box goes back when the write fails, which on a slow machine can
  // happen before check() reads the new state.
  await consentBox(page).click();
  await expect(toast(page, 'No pudimos guardar tu preferencia sobre tu foto')).toBeVisible();
  await expect(consentBox(page)).not.toBeChecked();
  await consentBox(page).check();
  await expect(consentBox(page)).toBeChecked();
  // The box shows the choice at once; the write lands a moment later (the backend's latency).
  await expect
    .poll(async () => Object.keys(await backend<object>(page, 'consents')))
    .toEqual(['demo-ana']);
});

test('changes the campus; a failure keeps the old one and a retry works', async ({ page }) => {
  await signIn(page);
  await join(page);
  await openStep(page, STEP.data);
  await page.getByRole('button', { name: 'Cambiar campus' }).click();
  await chooseCollege(page, 'itesm', /ITESM - GDL/);
  await backend(page, 'failNext', 'changeCollege');
  await page.getByRole('button', { name: 'Guardar campus' }).click();
  await expect(toast(page, 'No pudimos cambiar tu campus')).toBeVisible();
  expect(
    (await backend<Record<string, { collegeId: string }>>(page, 'entries'))['demo-ana']?.collegeId,
  ).toBe('udg-cucei');
  await page.getByRole('button', { name: 'Guardar campus' }).click();
  await expect(toast(page, 'Actualizamos tu campus')).toBeVisible();
  await expect(page.getByTestId('my-entry-college')).toHaveText('ITESM - GDL');
  const entry = (
    await backend<Record<string, { collegeId: string; email: string }>>(page, 'entries')
  )['demo-ana'];
  expect(entry).toMatchObject({ collegeId: 'itesm-gdl', email: 'ana.garcia@alumnos.udg.mx' });
});

test('a second change of campus within a minute is refused in Spanish and changes nothing (issue 59)', async ({
  page,
}) => {
  await signIn(page);
  await join(page);
  await openStep(page, STEP.data);
  await page.getByRole('button', { name: 'Cambiar campus' }).click();
  await chooseCollege(page, 'itesm', /ITESM - GDL/);
  await page.getByRole('button', { name: 'Guardar campus' }).click();
  await expect(toast(page, 'Actualizamos tu campus')).toBeVisible();
  await page.getByRole('button', { name: 'Cambiar campus' }).click();
  await chooseCollege(page, 'cucea', /CUCEA/);
  await page.getByRole('button', { name: 'Guardar campus' }).click();
  await expect(toast(page, 'Acabas de cambiar tu campus')).toBeVisible();
  await expect(toast(page, 'Podrás cambiarlo de nuevo en un minuto.')).toBeVisible();
  expect(
    (await backend<Record<string, { collegeId: string }>>(page, 'entries'))['demo-ana']?.collegeId,
  ).toBe('itesm-gdl');
});

test('leaving asks first, deletes entry, consent, account and the browser copy, and joining again works', async ({
  page,
}) => {
  await signIn(page);
  await join(page, true);
  await backend(page, 'approveHeroPhoto', 'demo-ana');
  await openStep(page, STEP.data);
  await page.getByRole('button', { name: 'Salir de la lista de espera' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Salir de la lista de espera?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('tu cuenta');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  expect(Object.keys(await backend<object>(page, 'entries'))).toEqual(['demo-ana']);

  await page.getByRole('button', { name: 'Salir de la lista de espera' }).click();
  await backend(page, 'failNext', 'leave');
  await dialog.getByRole('button', { name: 'Sí, salir de la lista' }).click();
  await expect(toast(page, 'No pudimos sacarte de la lista de espera')).toBeVisible();
  await dialog.getByRole('button', { name: 'Sí, salir de la lista' }).click();
  await expect(toast(page, 'Saliste de la lista de espera')).toBeVisible();
  await expect(toast(page, /tu permiso de foto y tu cuenta/)).toBeVisible();
  // Nothing of the student is left: no entry, no consent, no photo approval, no account.
  expect(await backend(page, 'entries')).toEqual({});
  expect(await backend(page, 'consents')).toEqual({});
  expect(await backend(page, 'heroPhotos')).toEqual([]);
  expect(await backend(page, 'accounts')).toEqual({});
  expect(await page.evaluate(() => localStorage.getItem('waitlistEmail'))).toBeNull();
  await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeVisible();
  await signIn(page);
  await expect(submit(page)).toHaveText('Unirse a la Lista de Espera');
  await join(page);
  expect(Object.keys(await backend<object>(page, 'entries'))).toEqual(['demo-ana']);
});

test('signing out leaves nothing of the student in the browser', async ({ page }) => {
  await signIn(page);
  await join(page);
  expect(await page.evaluate(() => localStorage.getItem('waitlistEmail'))).not.toBeNull();
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeVisible();
  const kept = await page.evaluate(() =>
    ['waitlistEmail', 'waitlistDocId', 'waitlistData', 'selectedCollege'].map((k) =>
      localStorage.getItem(k),
    ),
  );
  expect(kept).toEqual([null, null, null, null]);
});
