import type { Page } from '@playwright/test';
import {
  backend,
  chooseCollege,
  configureBackend,
  expect,
  expectNoAxeViolations,
  signIn,
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
  await expectNoAxeViolations(page, '#waitlist');
});

test('a change of campus shows the new campus; a personal address is told how to count', async ({
  page,
}) => {
  await backend(page, 'addClassmates', 'itesm-gdl', 15);
  await signIn(page, 'mariana.cruz.mx@gmail.com');
  await join(page, 'tec', /ITESM - GDL/);
  await expect(page.getByTestId('campus-verification')).toHaveText(
    'Tu correo no es del Tec: únete con tu correo institucional para contar en el avance de tu campus.',
  );
  // She does not count: 15 classmates, not 16.
  await expect(panel(page).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '15');

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
