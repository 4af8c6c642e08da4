import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

// The operator console (issue 61) on the Supabase build against the stand-in over PostgreSQL 15:
// an account signs in at /operador through the popup and is refused, the role is granted by the
// command (`npm run operator -- grant EMAIL --backend supabase`: scripts/ops/operator.mjs and its
// Supabase half), a reload lets her in, and she launches a campus: a dry run,
// the typed id, one launch e-mail in the outbox, the launch still shown after a reload.

/** Each project (desktop, phone) its own operator, student and campus: a campus launches once. */
const names = () => {
  const phone = test.info().project.name === 'phone';
  return {
    operator: phone ? 'lucia.telefono@example.mx' : 'lucia.operadora@example.mx',
    student: phone ? 'marta.cucsh@alumnos.udg.mx' : 'marta.cucea@alumnos.udg.mx',
    campus: phone ? 'udg-cucsh' : 'udg-cucea',
  };
};

async function query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: process.env.SUPABASE_E2E_DB_URL });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

async function signInThroughPopup(page: Page, email: string, name: string) {
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Continuar con Google' }).click(),
  ]);
  await popup.waitForURL(/\/auth\/v1\/authorize/);
  await popup.locator('#email').fill(email);
  await popup.locator('#name').fill(name);
  await popup.locator('#sign-in').click();
  await popup.waitForEvent('close');
}

test('the role granted by the command opens the console, and the operator launches a campus once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { operator: OPERATOR, student: STUDENT, campus: CAMPUS } = names();
  const [student] = await query<{ id: string }>(
    'insert into auth.users (email) values ($1) returning id',
    [STUDENT],
  );
  await query('insert into public.waitlist (uid, email, college_id) values ($1, $2, $3)', [
    student!.id,
    STUDENT,
    CAMPUS,
  ]);

  await page.goto('/operador');
  await signInThroughPopup(page, OPERATOR, 'Lucía Operadora');
  await expect(page.getByRole('heading', { name: 'No tienes acceso a la consola.' })).toBeVisible();

  // The command as an operator runs it: `npm run operator -- grant EMAIL --backend supabase`.
  const { stdout } = await promisify(execFile)(
    'node',
    [
      'scripts/ops/operator.mjs',
      'grant',
      OPERATOR,
      '--backend',
      'supabase',
      '--db',
      process.env.SUPABASE_E2E_DB_URL!,
    ],
    { timeout: 60_000 },
  );
  expect(stdout).toContain(`${OPERATOR} (`);
  expect(stdout).toContain('is an operator now');
  const [granted] = await query<{ uid: string }>(
    'select id::text as uid from auth.users where lower(email) = $1',
    [OPERATOR],
  );
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Consola de operación' })).toBeVisible();
  await expect(page.getByTestId('operator-email')).toHaveText(OPERATOR);

  const row = page.locator(`tr[data-campus="${CAMPUS}"]`);
  await row.getByRole('button').first().click();
  await expect(page.getByTestId('launch-state')).toHaveText('Este campus no se ha lanzado.');
  await page.getByRole('button', { name: 'Vista previa' }).click();
  await expect(page.getByTestId('launch-preview')).toContainText(
    'Estudiantes que lo recibirían: 1',
  );
  await page.getByLabel(/Escribe el id del campus/).fill(CAMPUS);
  await page.getByRole('button', { name: 'Lanzar' }).click();
  await expect(page.getByText(/Campus lanzado: 1 correos en camino/)).toBeVisible();
  expect(
    await query<{ id: string }>(
      "select id from private.mail_outbox where kind = 'launch' and college_id = $1",
      [CAMPUS],
    ),
  ).toEqual([{ id: `launch:${CAMPUS}:${student!.id}` }]);
  await page.reload();
  await expect(page.getByTestId('launch-state')).toContainText('Lanzado el');

  const log = await query<{ action: string; actor: string }>(
    `select action, actor from private.operator_log
     where action in ('role-grant', 'launch') and target in ($1, $2) order by id`,
    [granted!.uid, CAMPUS],
  );
  expect(log).toEqual([
    { action: 'role-grant', actor: expect.stringMatching(/^terminal:/) },
    { action: 'launch', actor: OPERATOR },
  ]);
});
