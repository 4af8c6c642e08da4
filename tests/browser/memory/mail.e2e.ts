import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  backend,
  chooseCollege,
  configureBackend,
  expect,
  signIn,
  submit,
  test,
  type MemoryConfig,
} from './fixtures';

/**
 * Issue 25: joining records the welcome e-mail (the memory backend's outbox, sent to its mailbox),
 * and its personal link `/salir?token=…` leaves the list without a sign-in; a bad link says why
 * and deletes nothing.
 */

interface Delivered {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

async function joinAndGetWelcome(page: Page, config: MemoryConfig = {}): Promise<Delivered> {
  await configureBackend(page, config);
  await page.goto('/');
  await signIn(page);
  await chooseCollege(page, 'cucei', /CUCEI/);
  await submit(page).click();
  await expect(submit(page)).toHaveText('Registrado Exitosamente');
  await expect
    .poll(async () => (await backend<Delivered[]>(page, 'mailbox')).length, { timeout: 10_000 })
    .toBe(1);
  return (await backend<Delivered[]>(page, 'mailbox'))[0]!;
}

const leaveLinkOf = (mail: Delivered) => /Salir de la lista de espera: (\S+)/.exec(mail.text)![1]!;
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('joining records the welcome e-mail, which the memory sender sends once', async ({ page }) => {
  const mail = await joinAndGetWelcome(page);
  expect(mail.to).toBe('ana.garcia@alumnos.udg.mx');
  expect(mail.subject).toBe('Ya estás en la lista de espera de UDG - CUCEI');
  expect(mail.text).toContain('Hola, Ana García:');
  expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const origin = new URL(page.url()).origin;
  expect(leaveLinkOf(mail).startsWith(`${origin}/salir?token=`)).toBe(true);
  const outbox = await backend<{ kind: string; status: string }[]>(page, 'outbox');
  expect(outbox.map((m) => [m.kind, m.status])).toEqual([['welcome', 'sent']]);
  // A reload and another run of the sender send nothing again.
  await page.reload();
  await backend(page, 'deliverMail');
  expect(await backend<Delivered[]>(page, 'mailbox')).toHaveLength(1);
});

test("the welcome's link asks, then leaves without a sign-in; used again, it deletes nothing", async ({
  page,
}) => {
  const link = leaveLinkOf(await joinAndGetWelcome(page));
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await page.goto(link);
  await expect(page).toHaveTitle('Salir de la lista de espera | De estudiantes a estudiantes');
  await expect(heading(page)).toHaveText('¿Quieres salir de la lista de espera?');
  await expect(heading(page)).toBeFocused();
  expect(Object.keys(await backend(page, 'entries'))).toEqual(['demo-ana']);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await page.getByRole('button', { name: 'Sí, salir de la lista' }).click();
  await expect(heading(page)).toHaveText('Saliste de la lista de espera');
  await expect(heading(page)).toBeFocused();
  await expect(
    page.getByText('Borramos tu registro, tu permiso de foto y tu cuenta.'),
  ).toBeVisible();
  expect(await backend(page, 'entries')).toEqual({});
  expect(await backend(page, 'accounts')).toEqual({});
  expect(await backend(page, 'outbox')).toEqual([]);

  await page.goto(link);
  await expect(heading(page)).toHaveText('Este enlace ya no sirve');
  await expect(page.getByRole('button', { name: 'Sí, salir de la lista' })).toHaveCount(0);
});

test('a changed, expired or missing token says why and deletes nothing', async ({ page }) => {
  const link = leaveLinkOf(await joinAndGetWelcome(page));
  const url = new URL(link);
  const token = url.searchParams.get('token')!;
  const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
  const expired = await backend<string>(page, 'leaveToken', 'demo-ana', { expires: 1 });
  const cases: [string, string][] = [
    [`/salir?token=${encodeURIComponent(tampered)}`, 'Este enlace no es válido'],
    [`/salir?token=${encodeURIComponent(expired)}`, 'Este enlace ya venció'],
    ['/salir', 'Este enlace no es válido'],
    ['/salir?token=%3Cscript%3E', 'Este enlace no es válido'],
  ];
  for (const [path, title] of cases) {
    await page.goto(path);
    await expect(heading(page)).toHaveText(title);
    await expect(page.getByText('No borramos nada.', { exact: false })).toBeVisible();
  }
  expect(Object.keys(await backend(page, 'entries'))).toEqual(['demo-ana']);
});

test('an expired link deletes nothing but stops the e-mails, when asked (issue 51)', async ({
  page,
}) => {
  await joinAndGetWelcome(page);
  const expired = await backend<string>(page, 'leaveToken', 'demo-ana', { expires: 1 });
  await configureBackend(page, { failNext: { leaveByLink: 'unavailable' } });
  await page.goto(`/salir?token=${encodeURIComponent(expired)}`);
  await expect(heading(page)).toHaveText('Este enlace ya venció');
  await expect(page.getByText('pero sí dejar de escribirte', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Dejar de recibir correos' }).click();
  await expect(heading(page)).toHaveText('No pudimos dejar de escribirte');
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(heading(page)).toHaveText('Ya no te enviaremos correos');
  await expect(heading(page)).toBeFocused();
  await expect(page.getByText('Sigues en la lista de espera', { exact: false })).toBeVisible();
  expect(Object.keys(await backend(page, 'entries'))).toEqual(['demo-ana']);
  // The launch of the campus records nothing for this student.
  await backend(page, 'notifyCampus', 'udg-cucei');
  expect(
    (await backend<{ kind: string }[]>(page, 'outbox')).filter((m) => m.kind === 'launch'),
  ).toEqual([]);
});

test("a check that fails offers 'Reintentar', which checks again", async ({ page }) => {
  const link = leaveLinkOf(await joinAndGetWelcome(page));
  await configureBackend(page, {
    failNext: { checkLeaveLink: 'unavailable', leaveByLink: 'unavailable' },
  });
  await page.goto(link);
  await expect(heading(page)).toHaveText('No pudimos revisar tu enlace');
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(heading(page)).toHaveText('¿Quieres salir de la lista de espera?');
  await page.getByRole('button', { name: 'Sí, salir de la lista' }).click();
  await expect(heading(page)).toHaveText('No pudimos sacarte de la lista de espera');
  expect(Object.keys(await backend(page, 'entries'))).toEqual(['demo-ana']);
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(heading(page)).toHaveText('Saliste de la lista de espera');
  expect(await backend(page, 'entries')).toEqual({});
});
