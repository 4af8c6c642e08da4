import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { solidPng } from '../../support/png';
import { openStep, STEP } from '../memory/fixtures';

// The production build (VITE_BACKEND=supabase, .env.supabase) in Chromium against the Supabase
// stand-in over PostgreSQL 15: the sign-in popup through /auth/v1/authorize (the stand-in's
// account form instead of Google's) back to our callback page, the waitlist insert under the
// real row-level security, search_colleges and get_hero_profile_images.

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const submit = (page: Page) => page.locator('#waitlist form button[type=submit]');

async function query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: process.env.SUPABASE_E2E_DB_URL });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** Fills the stand-in's account form (Google's account chooser, offline) and signs in. */
async function chooseAccount(target: Page, email: string, name: string) {
  await target.locator('#email').fill(email);
  await target.locator('#name').fill(name);
  await target.locator('#sign-in').click();
}

async function signInThroughPopup(page: Page, email: string, name: string) {
  await page.locator('#waitlist').scrollIntoViewIfNeeded();
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Continuar con Google' }).click(),
  ]);
  await popup.waitForURL(/\/auth\/v1\/authorize/);
  await chooseAccount(popup, email, name);
  await popup.waitForEvent('close');
}

test('sign in through the popup, join, reload: already on the list', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await signInThroughPopup(page, 'ana.garcia@alumnos.udg.mx', 'Ana García');
  await expect(toast(page, 'Bienvenido, Ana García')).toBeVisible();
  await expect(page.locator('#waitlist-email')).toHaveValue('ana.garcia@alumnos.udg.mx');

  // College search is the search_colleges function, through PostgREST's RPC.
  await page.getByTestId('college-trigger').click();
  await page.getByPlaceholder('Buscar universidad...').fill('cucei');
  await page.getByRole('option', { name: /CUCEI/ }).first().click();
  await expect(page.getByTestId('college-trigger')).toContainText('UDG - CUCEI');

  await submit(page).click();
  await expect(submit(page)).toHaveText('Registrado Exitosamente');
  await expect(toast(page, '¡Has sido añadido a la lista de espera!')).toBeVisible();
  const rows = await query<{ college_id: string }>(
    "select w.college_id from public.waitlist w join auth.users u on u.id = w.uid where u.email = 'ana.garcia@alumnos.udg.mx'",
  );
  expect(rows).toEqual([{ college_id: 'udg-cucei' }]);

  await page.reload();
  await page.locator('#waitlist').scrollIntoViewIfNeeded();
  await expect(submit(page)).toHaveText('Ya estás en la lista de espera');
  await expect(submit(page)).toBeDisabled();
  await expect(page.getByTestId('college-trigger')).toBeDisabled();
  expect(errors).toEqual([]);
});

test('closing the popup shows the cancelled toast', async ({ page }) => {
  await page.goto('/');
  await page.locator('#waitlist').scrollIntoViewIfNeeded();
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Continuar con Google' }).click(),
  ]);
  await popup.waitForURL(/\/auth\/v1\/authorize/);
  await popup.close();
  await expect(
    toast(page, 'El inicio de sesión fue cancelado. Por favor, inténtalo nuevamente.'),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeEnabled();
});

test('a waitlist write that fails: error toast, back to idle, and the retry writes once', async ({
  page,
}) => {
  await page.goto('/');
  await signInThroughPopup(page, 'luis.perez@alumnos.itesm.mx', 'Luis Pérez');
  await expect(toast(page, 'Bienvenido, Luis Pérez')).toBeVisible();
  await page.getByTestId('college-trigger').click();
  await page.getByRole('option', { name: /Tecnológico de Monterrey/ }).click();
  let aborted = 0;
  await page.route(/\/rest\/v1\/waitlist(\?|$)/, (route) =>
    route.request().method() === 'POST' && aborted++ === 0
      ? route.abort('connectionreset')
      : route.continue(),
  );
  await submit(page).click();
  await expect(toast(page, 'Hubo un problema al unirte a la lista de espera')).toBeVisible();
  await expect(toast(page, 'Por favor intenta nuevamente más tarde.')).toBeVisible();
  await expect(submit(page)).toHaveText('Unirse a la Lista de Espera');
  await submit(page).click();
  await expect(submit(page)).toHaveText('Registrado Exitosamente');
  expect(aborted).toBe(2);
  const rows = await query<{ n: number }>(
    "select count(*)::int as n from public.waitlist w join auth.users u on u.id = w.uid where u.email = 'luis.perez@alumnos.itesm.mx'",
  );
  expect(rows).toEqual([{ n: 1 }]);
});

test('a blocked popup signs in by redirect and comes back to #waitlist, signed in', async ({
  page,
}) => {
  await page.addInitScript(() => {
    window.open = () => null; // the browser's popup blocker
  });
  await page.goto('/');
  await page.locator('#waitlist').scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Continuar con Google' }).click();
  await page.waitForURL(/\/auth\/v1\/authorize/);
  await chooseAccount(page, 'sofia.ruiz@alumnos.buap.mx', 'Sofía Ruiz');
  await page.waitForURL((u) => u.pathname === '/' && u.hash === '#waitlist');
  await expect(page.locator('#waitlist-email')).toHaveValue('sofia.ruiz@alumnos.buap.mx');
  // The code was exchanged and taken out of the address.
  await expect.poll(() => new URL(page.url()).searchParams.has('code')).toBe(false);
  await page.reload();
  await expect(page.locator('#waitlist-email')).toHaveValue('sofia.ruiz@alumnos.buap.mx');
});

test('the hero strip shows the approved photos of consenting students from the function', async ({
  page,
}) => {
  for (let n = 1; n <= 6; n++) {
    const photo = `https://lh3.googleusercontent.com/a/avatar-${n}`;
    const [user] = await query<{ id: string }>(
      `insert into auth.users (email) values ($1)
       on conflict (email) do update set email = excluded.email returning id`,
      [`avatar${n}@alumnos.udg.mx`],
    );
    const id = user!.id;
    // Signed in with Google (the photo is the identity's), on the list, consenting.
    await query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider)
       values ($1, $2, $3, 'google') on conflict do nothing`,
      [`g-avatar${n}`, id, { avatar_url: photo }],
    );
    await query(
      `insert into public.waitlist (uid, email, college_id) values ($1, $2, 'udg-cucei')
       on conflict do nothing`,
      [id, `avatar${n}@alumnos.udg.mx`],
    );
    await query('insert into public.hero_consent (user_id) values ($1) on conflict do nothing', [
      id,
    ]);
    // Student 6's photo was never approved: it must not appear.
    if (n <= 5) {
      await query(
        `insert into private.hero_photo_review (user_id, photo_url, approved)
         values ($1, $2, true) on conflict (user_id) do nothing`,
        [id, photo],
      );
    }
  }
  const served: string[] = [];
  await page.route(/^https:\/\/lh3\.googleusercontent\.com\//, (route) => {
    served.push(route.request().url());
    const n = Number(/avatar-(\d+)/.exec(route.request().url())?.[1] ?? 0);
    return route.fulfill({ contentType: 'image/png', body: solidPng(40 * n, 90, 160) });
  });
  await page.goto('/');
  const strip = page.getByTestId('avatar-strip');
  // The strip loads after hydration and the SDK: give a loaded 2-core machine time.
  await expect(strip).toHaveAttribute('data-status', 'images', { timeout: 15_000 });
  // The avatars mount one per frame once the images are in.
  await expect(strip.getByTestId('hero-avatar')).toHaveCount(5);
  const sources = await strip
    .locator('img')
    .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
  expect(sources.filter((s) => s.startsWith('https://lh3.googleusercontent.com/')).length).toBe(5);
  expect(sources.some((s) => s.includes('avatar-6'))).toBe(false);
  expect(served.length).toBeGreaterThanOrEqual(5);
});

test('issue 48: an invite lands in context, and a Gmail student verifies her university address by a code', async ({
  page,
}) => {
  await query(
    `insert into private.mail_settings (token_secret)
     select 'e2e-mail-secret-0123456789abcdef0123456789abcdef'
     where not exists (select 1 from private.mail_settings)`,
  );
  // Addresses of this run only: the test may run again on the same database (--repeat-each).
  const run = Date.now().toString(36);
  const inviter = `sofia.${run}@alumnos.udg.mx`;
  const university = `valeria.${run}@alumnos.udg.mx`;
  await page.goto('/');
  await signInThroughPopup(page, inviter, 'Sofía');
  await page.getByTestId('college-trigger').click();
  await page.getByPlaceholder('Buscar universidad...').fill('cucei');
  await page.getByRole('option', { name: /CUCEI/ }).first().click();
  await submit(page).click();
  await expect(submit(page)).toHaveText('Registrado Exitosamente');
  const link = await page.getByTestId('invite-link').inputValue();
  const code = new URL(link).searchParams.get('ref')!;
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();

  // The classmate opens the link: the campus before any sign-in, nothing of who sent it.
  await page.goto(`/?ref=${code}`);
  await expect(page.getByTestId('invite-context')).toContainText(
    'Te invitó un compañero de UDG - CUCEI',
  );
  await expect(page.getByTestId('invite-context')).not.toContainText('Sofía');
  await signInThroughPopup(page, `valeria.${run}@gmail.com`, 'Valeria');
  await expect(page.getByTestId('college-trigger')).toContainText('UDG - CUCEI');
  await submit(page).click();
  await expect(submit(page)).toHaveText('Registrado Exitosamente');

  await page.getByLabel('Correo universitario').fill(university.replace('@', '+x@'));
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page.getByTestId('verify-email-notice')).toContainText(
    `Te enviamos un código a ${university}.`,
  );
  const [found] = await query<{ digits: string }>(
    `select private.code_of_nonce(s.token_secret, o.nonce) as digits
     from private.mail_outbox o, private.mail_settings s
     where o.kind = 'code' and o.to_address = $1`,
    [university],
  );
  await page.getByLabel('Código').fill(found!.digits);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByTestId('campus-verification')).toHaveText(
    'Verificado con tu correo de la UdeG',
  );
  // Her arrival now counts for Sofía: on the list at her campus, and verified.
  await expect
    .poll(
      async () =>
        (
          await query<{ n: number }>(
            `select count(*)::int as n from private.invites i
           join private.counted_members c on c.user_id = i.invitee
           join auth.users u on u.id = i.inviter
           where u.email = $1 and c.college_id = 'udg-cucei'`,
            [inviter],
          )
        )[0]!.n,
    )
    .toBe(1);
});

test('issue 49: a source recorded at joining, a requested campus joined as pending, and a seller choice kept', async ({
  page,
}) => {
  const run = Date.now().toString(36);
  const email = `pilar.${run}@alumnos.udg.mx`;
  await page.goto('/?utm_source=WhatsApp&utm_medium=grupo');
  await signInThroughPopup(page, email, 'Pilar');
  // 'Mi campus no aparece': the campus answered pending, held by the selector, joined at once.
  await page.getByTestId('college-trigger').click();
  await page.getByPlaceholder('Buscar universidad...').fill(`Universidad Lejana ${run}`);
  await page.getByRole('option', { name: 'Mi campus no aparece' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mi campus no aparece' });
  await dialog.getByLabel('Ciudad').fill('Tepic');
  await dialog.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page.getByTestId('college-trigger')).toContainText(
    `Universidad Lejana ${run} (pendiente)`,
  );
  await submit(page).click();
  await expect(submit(page)).toHaveText('Registrado Exitosamente');
  const [entry] = await query<{ college_id: string; source: string; medium: string }>(
    `select w.college_id, s.source, s.medium from public.waitlist w
     join auth.users u on u.id = w.uid left join private.join_sources s on s.user_id = w.uid
     where u.email = $1`,
    [email],
  );
  expect(entry!.college_id).toMatch(/^pendiente-[0-9a-f]{24}$/);
  await expect
    .poll(async () =>
      (
        await query<{ source: string }>(
          `select s.source from private.join_sources s join auth.users u on u.id = s.user_id
           where u.email = $1`,
          [email],
        )
      ).map((r) => r.source),
    )
    .toEqual(['whatsapp']);

  await openStep(page, STEP.sell);
  const group = page.getByRole('group', { name: '¿Quieres vender en tu campus?' });
  await group.getByLabel('Material de estudio').check();
  await group.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByTestId('seller-status')).toHaveText('Guardamos lo que quieres vender');
  await page.reload();
  await expect(page.getByTestId('my-entry-college')).toHaveText(
    `Universidad Lejana ${run} (pendiente)`,
  );
  await expect(
    page
      .getByRole('group', { name: '¿Quieres vender en tu campus?' })
      .getByLabel('Material de estudio'),
  ).toBeChecked();
});

test('issue 60: joining from a campus page joins that campus; a redirect sign-in comes back to it', async ({
  page,
}) => {
  await page.goto('/campus/udg-cuaad');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'El marketplace de estudiantes de UDG - CUAAD',
  );
  await signInThroughPopup(page, 'valeria.campus@alumnos.udg.mx', 'Valeria Campos');
  await expect(page.locator('#waitlist-email')).toHaveValue('valeria.campus@alumnos.udg.mx');
  await expect(page.getByTestId('college-trigger')).toContainText('UDG - CUAAD');
  await submit(page).click();
  await expect(submit(page)).toHaveText('Registrado Exitosamente');
  const rows = await query<{ college_id: string }>(
    "select w.college_id from public.waitlist w join auth.users u on u.id = w.uid where u.email = 'valeria.campus@alumnos.udg.mx'",
  );
  expect(rows).toEqual([{ college_id: 'udg-cuaad' }]);
  await expect(page.getByTestId('invite-link')).toHaveValue(
    /\/campus\/udg-cuaad\?ref=[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/,
  );

  // A classmate whose browser blocks the popup signs in by redirect: back on the campus page.
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto('/campus/udg-cuaad');
  await page.locator('#waitlist').scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Continuar con Google' }).click();
  await page.waitForURL(/\/auth\/v1\/authorize/);
  await chooseAccount(page, 'diego.campus@alumnos.udg.mx', 'Diego Campos');
  await page.waitForURL((u) => u.pathname === '/campus/udg-cuaad' && u.hash === '#waitlist');
  await expect(page.locator('#waitlist-email')).toHaveValue('diego.campus@alumnos.udg.mx');
  await expect(page.getByTestId('college-trigger')).toContainText('UDG - CUAAD');
});
