import type { Page } from '@playwright/test';
import {
  backend,
  chooseCollege,
  codeIn,
  configureBackend,
  expect,
  expectNoAxeViolations,
  openStep,
  signIn,
  STEP,
  submit,
  test,
} from './fixtures';

/**
 * Issue 62: after joining, the card shows the campus and the student's next steps, one at a
 * time: short on a phone, focus where the student is, each step a disclosure, kept on reload.
 */

const MARIANA = 'mariana.cruz.mx@gmail.com';
/** The joined card as measured in the issue: the form under the waitlist section's heading. */
const STEP_TITLES = [STEP.invite, STEP.sell, STEP.data];
const card = (page: Page) => page.locator('#waitlist form');
const stepButton = (page: Page, title: string) =>
  page.locator('#waitlist').getByRole('button', { name: title, exact: true });

async function join(page: Page) {
  await chooseCollege(page, 'cucei', /CUCEI/);
  await submit(page).click();
  await expect(submit(page)).toHaveText('Registrado Exitosamente');
}

/** The page, a student signed in with this address, joined to UDG - CUCEI. */
async function joinedAs(page: Page, email = 'ana.garcia@alumnos.udg.mx') {
  await page.goto('/');
  await signIn(page, email);
  await join(page);
}

const height = async (page: Page) => (await card(page).boundingBox())!.height;

// Long flows (a join, a code, reloads, axe): room for a machine that runs behind.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await configureBackend(page);
});

test('on a 390 px phone the joined card is at most 1,300 px before verifying and 1,100 px after', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await joinedAs(page, MARIANA);
  await expect(page.getByLabel('Correo universitario')).toBeVisible();
  await expect(page.getByTestId('seller-choice')).not.toContainText('Cargando…');
  const unverified = await height(page);
  expect(unverified).toBeLessThanOrEqual(1300);

  await page.getByLabel('Correo universitario').fill('mariana.cruz@alumnos.udg.mx');
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await page.getByLabel('Código').fill(await codeIn(page, 'mariana.cruz@alumnos.udg.mx'));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByTestId('campus-verification')).toHaveText(
    'Verificado con tu correo de la UdeG',
  );
  // The form she was in is gone: focus goes to the done line that replaced it, not the body.
  await expect(
    page.getByRole('heading', { name: 'Verificado con tu correo de la UdeG' }),
  ).toBeFocused();
  const verified = await height(page);
  expect(verified).toBeLessThanOrEqual(1100);
  test.info().annotations.push({
    type: 'heights',
    description: `unverified ${unverified} px, verified ${verified} px`,
  });
});

test('after the join focus lands on the first open step, inside the card; verifying is open, the rest closed', async ({
  page,
}) => {
  await joinedAs(page, MARIANA);
  const verify = stepButton(page, STEP.verify);
  await expect(verify).toBeFocused();
  await expect(verify).toHaveAttribute('aria-expanded', 'true');
  expect(
    await page.evaluate(() =>
      document.querySelector('[data-testid="waitlist-card"]')!.contains(document.activeElement),
    ),
  ).toBe(true);
  // Each disclosure names the region it shows.
  const panel = page.locator(`#${(await verify.getAttribute('aria-controls'))!}`);
  await expect(panel.getByLabel('Correo universitario')).toBeVisible();
  for (const title of [STEP.invite, STEP.sell, STEP.data]) {
    await expect(stepButton(page, title)).toHaveAttribute('aria-expanded', 'false');
  }
  // The closed steps say in one line what they hold.
  await expect(page.getByTestId('invite-count')).toHaveText('Aún nadie se ha unido con tu enlace.');
  await expect(stepButton(page, STEP.sell)).toHaveAccessibleDescription('Aún no marcas nada.');
});

test('a verified student: focus on the campus, and the verification is a done line', async ({
  page,
}) => {
  await joinedAs(page);
  await expect(page.getByRole('heading', { name: 'Tu campus', exact: true })).toBeFocused();
  await expect(page.getByTestId('campus-verification')).toHaveText(
    'Verificado con tu correo de la UdeG',
  );
  await expect(stepButton(page, STEP.verify)).toHaveCount(0);
});

test('each step opens and closes by keyboard, and the card opens as she left it after a reload', async ({
  page,
}) => {
  await joinedAs(page, MARIANA);
  const verify = stepButton(page, STEP.verify);
  await expect(verify).toBeFocused();
  // Enter closes the verification step; Space opens it again.
  await page.keyboard.press('Enter');
  await expect(verify).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Correo universitario')).toBeHidden();
  await page.keyboard.press('Space');
  await expect(verify).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByLabel('Correo universitario')).toBeVisible();
  await page.keyboard.press('Enter');
  for (const [title, inside] of [
    [STEP.invite, page.getByRole('button', { name: 'Compartir' })],
    [STEP.sell, page.getByRole('group', { name: '¿Quieres vender en tu campus?' })],
    [STEP.data, page.getByRole('button', { name: 'Cambiar campus' })],
  ] as const) {
    const button = stepButton(page, title);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(inside).toBeVisible();
    // Focus stays on the button that opened it.
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(inside).toBeHidden();
  }
  // Verifying closed, inviting open: the reload keeps both.
  await openStep(page, STEP.invite);
  await page.reload();
  await expect(stepButton(page, STEP.invite)).toHaveAttribute('aria-expanded', 'true');
  await expect(stepButton(page, STEP.verify)).toHaveAttribute('aria-expanded', 'false');
  await expect(stepButton(page, STEP.sell)).toHaveAttribute('aria-expanded', 'false');
  // A corrupted record is no choice: the card opens as for a new student.
  await page.evaluate(() => localStorage.setItem('waitlistSteps', '{"uid":"demo-mariana","open":'));
  await page.reload();
  await expect(stepButton(page, STEP.verify)).toHaveAttribute('aria-expanded', 'true');
  await expect(stepButton(page, STEP.invite)).toHaveAttribute('aria-expanded', 'false');
  // Signing out forgets them.
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('waitlistSteps'))).toBeNull();
});

test('a step saving keeps its state while another opens; an error stays in its step and the others work', async ({
  page,
}) => {
  await joinedAs(page);
  await openStep(page, STEP.sell);
  const group = page.getByRole('group', { name: '¿Quieres vender en tu campus?' });
  await group.getByLabel('Postres').check();
  await backend(page, 'setLatency', 1500);
  await group.getByRole('button', { name: 'Guardar' }).click();
  await expect(group.getByRole('button', { name: 'Guardando…' })).toBeDisabled();
  // She opens her data meanwhile: the save goes on, and lands.
  await openStep(page, STEP.data);
  await expect(group.getByRole('button', { name: 'Guardando…' })).toBeDisabled();
  await stepButton(page, STEP.sell).click();
  await expect(stepButton(page, STEP.sell)).toHaveAttribute('aria-expanded', 'false');
  await expect(stepButton(page, STEP.sell)).toHaveAccessibleDescription('Marcaste: Postres', {
    timeout: 10_000,
  });
  expect(await backend(page, 'sellerChoices')).toEqual({ 'demo-ana': ['postres'] });
  await backend(page, 'setLatency', 60);

  // A failed save: the step stays open with its error and 'Reintentar'; the others still work.
  await openStep(page, STEP.sell);
  await group.getByLabel('Snacks').check();
  await backend(page, 'failNext', 'saveSellerChoice');
  await group.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'No pudimos guardar' })).toBeVisible();
  await stepButton(page, STEP.sell).click();
  await expect(stepButton(page, STEP.sell)).toHaveAttribute('aria-expanded', 'true');
  await expect(group.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  await openStep(page, STEP.invite);
  await expect(page.getByRole('button', { name: 'Compartir' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Cambiar campus' })).toBeEnabled();
  await group.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByTestId('seller-status')).toHaveText('Guardamos lo que quieres vender');
});

// Two tests: axe takes seconds on a two-core machine.
for (const open of [false, true]) {
  test(`the joined card with its steps ${open ? 'open' : 'closed'} has no axe violations`, async ({
    page,
  }) => {
    await joinedAs(page, MARIANA);
    await expect(page.getByTestId('seller-choice')).not.toContainText('Cargando…');
    if (open) for (const title of STEP_TITLES) await openStep(page, title);
    await expectNoAxeViolations(page, '#waitlist');
  });
}

test('on a phone the data labels keep to one line, the seller boxes take two columns, and the steps are at least 44 px to tap', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await joinedAs(page);
  await openStep(page, STEP.data);
  await openStep(page, STEP.sell);
  const label = page.locator('[data-testid="my-entry"] dt', { hasText: 'Te uniste el' });
  // One line box: the words' rectangles all share one top.
  const tops = await label.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(tops).toBe(1);
  const boxes = page.getByRole('group', { name: '¿Quieres vender en tu campus?' }).locator('label');
  const xs = new Set(
    await boxes.evaluateAll((labels) => labels.map((l) => Math.round(l.getBoundingClientRect().x))),
  );
  expect(xs.size).toBe(2);
  for (const control of [
    ...STEP_TITLES.map((title) => stepButton(page, title)),
    page.getByRole('button', { name: 'Cambiar campus' }),
    page.getByRole('button', { name: 'Salir de la lista de espera' }),
    page.getByRole('button', { name: 'Guardar' }),
    page.getByRole('button', { name: 'Cerrar sesión' }),
  ]) {
    expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
});
