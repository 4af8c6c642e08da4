import type { Page } from '@playwright/test';
import {
  backend,
  chooseCollege,
  codeIn,
  configureBackend,
  expect,
  expectNoAxeViolations,
  signIn,
  submit,
  test,
} from './fixtures';

/** Issue 48: a university address verified by a code; an invite that lands in context. */

const MARIANA = 'mariana.cruz.mx@gmail.com';

async function join(page: Page, query = 'cucei', option = /CUCEI/) {
  await chooseCollege(page, query, option);
  await submit(page).click();
  await expect(submit(page)).toHaveText('Registrado Exitosamente');
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeVisible();
}

const notice = (page: Page) => page.getByTestId('verify-email-notice');

test.beforeEach(async ({ page }) => {
  await configureBackend(page);
  await page.goto('/');
});

test('a student signed in with Gmail verifies her university address by a code, and counts', async ({
  page,
}) => {
  await signIn(page, MARIANA);
  await join(page);
  await expect(page.getByTestId('campus-verification')).toHaveText(
    'Tu correo de inicio de sesión no es de la UdeG: verifica tu correo universitario para contar en el avance de tu campus.',
  );
  const address = page.getByLabel('Correo universitario');
  // A personal address is refused, and nothing is sent.
  await address.fill('mariana@gmail.com');
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(notice(page)).toHaveText(
    'Ese correo no es de la UdeG. Usa el correo que te dio tu universidad.',
  );
  expect(await backend(page, 'outbox')).toEqual(
    expect.not.arrayContaining([expect.objectContaining({ kind: 'code' })]),
  );
  // Her university address, as she might type it: the code goes to the mailbox it names.
  await address.fill(' Mariana.Cruz+UDG@alumnos.udg.mx ');
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(notice(page)).toContainText('Te enviamos un código a mariana.cruz@alumnos.udg.mx.');
  const code = await codeIn(page, 'mariana.cruz@alumnos.udg.mx');
  const mail = (await backend<{ to: string; text: string; headers: object }[]>(page, 'mailbox'))
    .filter((m) => m.to === 'mariana.cruz@alumnos.udg.mx')
    .at(-1)!;
  expect(mail.text).toContain('UDG - CUCEI');
  expect(mail.text).not.toContain('/salir');
  expect(mail.headers).toEqual({});

  // A wrong code says how many tries are left.
  await page.getByLabel('Código').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(notice(page)).toHaveText('El código no es correcto. Te quedan 4 intentos.');

  // She closes the page and comes back: the code she received still goes in.
  await page.reload();
  await expect(page.getByText('Lo enviamos a mariana.cruz@alumnos.udg.mx.')).toBeVisible();
  await page.getByLabel('Código').fill(code);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByTestId('campus-verification')).toHaveText(
    'Verificado con tu correo de la UdeG',
  );
  await expect(page.getByLabel('Correo universitario')).toHaveCount(0);
  expect(await backend(page, 'verifiedCount', 'udg-cucei')).toBe(1);
  expect(await backend(page, 'verifications')).toEqual([
    { address: 'mariana.cruz@alumnos.udg.mx', uid: 'demo-mariana', collegeId: 'udg-cucei' },
  ]);
});

test('a failed request for a code says so and loses nothing: the retry sends it', async ({
  page,
}) => {
  await signIn(page, MARIANA);
  await join(page);
  await backend(page, 'failNext', 'sendCode', 'unavailable');
  await page.getByLabel('Correo universitario').fill('mariana.cruz@alumnos.udg.mx');
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(notice(page)).toHaveText(
    'No pudimos comunicarnos con el servidor. Intenta nuevamente.',
  );
  await expect(page.getByLabel('Correo universitario')).toHaveValue('mariana.cruz@alumnos.udg.mx');
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(notice(page)).toContainText('Te enviamos un código a mariana.cruz@alumnos.udg.mx.');
  expect(
    (await backend<{ kind: string }[]>(page, 'outbox')).filter((m) => m.kind === 'code'),
  ).toHaveLength(1);
});

test('an invite lands in context: the campus shown and pre-chosen; an unverified invitee earns no credit until she verifies', async ({
  page,
}) => {
  await signIn(page);
  await join(page);
  const link = await page.getByTestId('invite-link').inputValue();
  const code = new URL(link).searchParams.get('ref')!;
  await signOut(page);

  await page.goto(`/?ref=${code}`);
  const context = page.getByTestId('invite-context');
  await expect(context).toContainText('Te invitó un compañero de UDG - CUCEI');
  await expect(page.getByTestId('invite-context-progress')).toHaveText(
    'UDG - CUCEI: tu campus apenas está empezando',
  );
  // Nothing of the inviter.
  await expect(context).not.toContainText('Ana');
  await expect(context).not.toContainText('ana.garcia');

  await signIn(page, MARIANA);
  // The selector already holds the invite's campus: she joins without searching.
  await expect(page.getByTestId('college-trigger')).toContainText('UDG - CUCEI');
  await submit(page).click();
  await expect(submit(page)).toHaveText('Registrado Exitosamente');
  await expect.poll(() => backend(page, 'invites')).toEqual({ 'demo-mariana': 'demo-ana' });

  // Recorded, but a personal address counts for no campus: Ana sees no one yet.
  await signOut(page);
  await signIn(page);
  await expect(page.getByTestId('invite-count')).toHaveText('Aún nadie se ha unido con tu enlace.');

  // Mariana verifies her university address: now she counts, for Ana too.
  await signOut(page);
  await signIn(page, MARIANA);
  await page.getByLabel('Correo universitario').fill('mariana.cruz@alumnos.udg.mx');
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await page.getByLabel('Código').fill(await codeIn(page, 'mariana.cruz@alumnos.udg.mx'));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByTestId('campus-verification')).toHaveText(
    'Verificado con tu correo de la UdeG',
  );
  await signOut(page);
  await signIn(page);
  await expect(page.getByTestId('invite-count')).toHaveText('1 compañero se unió con tu enlace');
});

test('an unknown or malformed invite code shows the plain page', async ({ page }) => {
  for (const ref of ['ZZZZZZZZ', '<script>', '']) {
    await page.goto(`/?ref=${encodeURIComponent(ref)}`);
    await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeVisible();
    await expect(page.getByTestId('invite-context')).toHaveCount(0);
  }
});

test('the verification form, with its code field and a message, has no axe violations', async ({
  page,
}) => {
  await signIn(page, MARIANA);
  await join(page);
  await page.getByLabel('Correo universitario').fill('mariana.cruz@alumnos.udg.mx');
  await page.getByLabel('Correo universitario').press('Enter');
  await expect(notice(page)).toContainText('Te enviamos un código');
  await expect(page.getByLabel('Código')).toBeFocused();
  await expectNoAxeViolations(page, '#waitlist');
});

test('each refusal of a code is a Spanish sentence, and a taken address reads as a free one (issue 59)', async ({
  page,
}) => {
  // Luis is on the list with his university address: it is taken.
  await signIn(page, 'luis.hernandez@alumnos.udg.mx');
  await join(page);
  await signOut(page);
  await signIn(page, MARIANA);
  await join(page);
  const address = page.getByLabel('Correo universitario');
  const send = async (typed: string) => {
    await address.fill(typed);
    await page.getByRole('button', { name: 'Enviar código' }).click();
  };
  // A bounced address gets nothing.
  await backend(page, 'reportBounce', { type: 'bounce', address: 'rebota@alumnos.udg.mx' });
  await send('rebota@alumnos.udg.mx');
  await expect(notice(page)).toHaveText(
    'No podemos enviar correos a esa dirección. Revisa que esté bien escrita o usa otro correo de tu universidad.',
  );
  // Luis's address is answered exactly as a free one, and nothing is queued to it.
  await send('luis.hernandez@alumnos.udg.mx');
  await expect(notice(page)).toContainText(
    'Te enviamos un código a luis.hernandez@alumnos.udg.mx.',
  );
  const codes = await backend<{ kind: string; to: string }[]>(page, 'outbox');
  expect(codes.filter((m) => m.kind === 'code')).toEqual([]);
  // The university's hour is full.
  await backend(page, 'fillCodeCap', { domain: 'alumnos.udg.mx' });
  await send('mariana@alumnos.udg.mx');
  // An hour from now may fall after midnight in Mexico City: 'mañana a las …' then.
  await expect(notice(page)).toContainText(
    /Estamos enviando muchos códigos a tu universidad\. Podrás pedir otro (mañana )?a las \d/,
  );
  // Her own hour is full: three requests counted (the bounced, the taken, the busy one).
  await send('mariana@alumnos.udg.mx');
  await expect(notice(page)).toContainText('Ya pediste varios códigos. Podrás pedir otro');
});

test("the day's code budget spent says when to come back, and operators are told (issue 59)", async ({
  page,
}) => {
  await signIn(page, MARIANA);
  await join(page);
  await backend(page, 'fillCodeCap', 'global');
  await page.getByLabel('Correo universitario').fill('mariana@alumnos.udg.mx');
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(notice(page)).toHaveText(
    /^Por hoy no podemos enviar más códigos\. Podrás pedir otro (mañana )?a las 12:00 a\.\s?m\.$/,
  );
  expect(await backend(page, 'codeBudgetSpentOn')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
});
