import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetDay, identityKey } from '@/domain/code-sends';
import { recipientKey } from '@/domain/mail/recipient-limits';
import { bounceToken } from '@/domain/mail/suppression';
import { withFreshDatabase } from '../support/fresh-database';
import { type LocalSmtp, startLocalSmtp } from '../../stand-ins/smtp-server';

// Issue 59 on Supabase (supabase/migrations/20261128180000_email_verifications_code_sends.sql): the keys the SQL makes
// are the domain's; the sender skips a suppressed address and suppresses a permanent refusal; a
// code message keeps its recipient key only once it is sent or has ended; the retention job prunes
// codes and sends and keeps the identities' totals. The limits themselves are the contract suite's
// (tests/app/contract/email-verifications.contract.ts, run in supabase-adapters.contract.test.ts).

const SECRET = 'code-sends-test-secret-0123456789abcdef0123';
let smtp: LocalSmtp;

const db = withFreshDatabase('codes');
beforeAll(async () => {
  smtp = await startLocalSmtp();
  await db.admin.query('insert into private.mail_settings (token_secret) values ($1)', [SECRET]);
});
afterAll(async () => {
  await smtp?.close();
});

/** A student on the list, with a Google identity (`sub`). */
async function student(email: string, sub: string) {
  const { rows } = await db.admin.query<{ id: string }>(
    'insert into auth.users (email) values ($1) returning id',
    [email],
  );
  const uid = rows[0]!.id;
  await db.admin.query(
    `insert into auth.identities (provider_id, user_id, provider) values ($1, $2, 'google')`,
    [sub, uid],
  );
  await db.admin.query(
    `insert into public.waitlist (uid, email, college_id) values ($1, $2, 'udg-cucei')`,
    [uid, email],
  );
  return uid;
}

/** The student's own call, as PostgREST makes it. */
async function sendCode(uid: string, address: string) {
  await db.admin.query('begin');
  try {
    await db.admin.query(
      `select set_config('role', 'authenticated', true),
         set_config('request.jwt.claims', $1, true)`,
      [JSON.stringify({ sub: uid, role: 'authenticated' })],
    );
    const { rows } = await db.admin.query<{ r: { outcome: string } }>(
      'select public.send_verification_code($1) as r',
      [address],
    );
    return rows[0]!.r;
  } finally {
    await db.admin.query('commit');
  }
}

const send = () =>
  promisify(execFile)('node', ['scripts/ops/mail-supabase.mjs', 'send'], {
    env: {
      ...process.env,
      SUPABASE_DB_URL: db.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'De estudiantes a estudiantes <hola@deestudiantes.example>',
      SITE_URL: 'https://deestudiantes.example',
      SUPABASE_URL: 'https://proyecto.supabase.co',
    },
    timeout: 60_000,
  });

const one = async <T>(sql: string, values: unknown[] = []): Promise<T> =>
  (await db.admin.query(sql, values)).rows[0] as T;

describe('the code ledger keys on Supabase', () => {
  it('keys an address, an identity and the bounce token as the domain does (SQL = TypeScript)', async () => {
    const address = fc.oneof(
      fc.emailAddress(),
      fc
        .tuple(fc.emailAddress(), fc.constantFrom('', '+tag', '+Otra.1'), fc.boolean())
        .map(([a, tag, upper]) => {
          const [local, domain] = a.split('@');
          const text = ` ${local}${tag}@${domain} `;
          return upper ? text.toUpperCase() : text;
        }),
    );
    await fc.assert(
      fc.asyncProperty(address, async (a) => {
        const { key } = await one<{ key: string | null }>(
          'select private.recipient_key($1, $2) as key',
          [SECRET, a],
        );
        expect(key).toBe(await recipientKey(a, SECRET));
      }),
      { numRuns: 200 },
    );
    const google = await student('llave@alumnos.udg.mx', '109876543210987654321');
    const { rows } = await db.admin.query<{ id: string }>(
      `insert into auth.users (email) values ('sin.google@alumnos.udg.mx') returning id`,
    );
    const other = rows[0]!.id;
    const keyOf = async (uid: string) =>
      (await one<{ key: string }>('select private.identity_key($1, $2) as key', [SECRET, uid])).key;
    expect(await keyOf(google)).toBe(await identityKey(SECRET, '109876543210987654321'));
    // An account with no Google identity is keyed by its id.
    expect(await keyOf(other)).toBe(await identityKey(SECRET, other));
    const { token } = await one<{ token: string }>(
      `select private.keyed_digest($1, 'bounce-endpoint:v1') as token`,
      [SECRET],
    );
    expect(token).toBe(await bounceToken(SECRET));
    for (const at of ['2026-11-28T05:59:59.999Z', '2026-11-28T06:00:00Z', '2026-12-31T23:00:00Z']) {
      const { day } = await one<{ day: string }>(
        `select to_char(private.budget_day($1), 'YYYY-MM-DD') as day`,
        [at],
      );
      expect(day).toBe(budgetDay(Date.parse(at)));
    }
  });

  it('the bounce RPC refuses a wrong token and a malformed notice; the right one suppresses, saying nothing', async () => {
    const call = (token: string, type: string, address: string) =>
      db.admin.query('select public.report_mail_bounce($1, $2, $3) as r', [token, type, address]);
    const token = await bounceToken(SECRET);
    // The operators read it with the mail command, beside the endpoint's address.
    const { stdout } = await promisify(execFile)(
      'node',
      ['scripts/ops/mail-supabase.mjs', 'bounce-token'],
      {
        env: { ...process.env, SUPABASE_DB_URL: db.url, SUPABASE_URL: 'https://p.supabase.co' },
        timeout: 60_000,
      },
    );
    expect(stdout).toBe(
      `Bounce token: ${token}\nEndpoint: POST https://p.supabase.co/rest/v1/rpc/report_mail_bounce\n`,
    );
    await expect(call(token.slice(0, -1) + 'x', 'bounce', 'a@alumnos.udg.mx')).rejects.toThrow(
      /Not allowed/,
    );
    await expect(call(token, 'spam', 'a@alumnos.udg.mx')).rejects.toThrow(/Not a bounce/);
    const listed = 'select count(*)::int as n from private.mail_suppressions where recipient = $1';
    const key = (await recipientKey('rebota@alumnos.udg.mx', SECRET))!;
    expect((await one<{ n: number }>(listed, [key])).n).toBe(0);
    // The same empty answer for a new address, one listed already, and one no one knows.
    const answers = [
      await call(token, 'bounce', 'Rebota+x@Alumnos.UDG.mx'),
      await call(token, 'complaint', 'rebota@alumnos.udg.mx'),
      await call(token, 'bounce', 'nadie.sabe@alumnos.udg.mx'),
    ].map((r) => r.rows);
    expect(answers).toEqual([[{ r: '' }], [{ r: '' }], [{ r: '' }]]);
    expect(
      await one(`select reason from private.mail_suppressions where recipient = $1`, [key]),
    ).toEqual({ reason: 'bounce' });
  });
});

describe('the sender and the suppression list on Supabase', () => {
  it('skips a suppressed recipient, suppresses a permanent refusal, and keeps a sent code message’s key only', async () => {
    const quiet = await student('callada@alumnos.udg.mx', 'sub-callada');
    const refused = await student('no.existe@alumnos.udg.mx', 'sub-no-existe');
    const fine = await student('bien@gmail.com', 'sub-bien');
    await db.admin.query('select public.report_mail_bounce($1, $2, $3)', [
      await bounceToken(SECRET),
      'complaint',
      'callada@alumnos.udg.mx',
    ]);
    smtp.refused.add('no.existe@alumnos.udg.mx');
    expect(await sendCode(fine, 'codigo.bien@alumnos.udg.mx')).toMatchObject({ outcome: 'sent' });
    await send();
    // The complained-of address got nothing: its welcome is failed for good, never tried.
    expect(smtp.byRecipient.get('callada@alumnos.udg.mx')).toBeUndefined();
    expect(
      await one(`select status, last_error from private.mail_outbox where user_id = $1`, [quiet]),
    ).toEqual({ status: 'failed', last_error: 'skipped: the address is suppressed' });
    // A permanent refusal (550) put the address on the list.
    const refusedKey = (await recipientKey('no.existe@alumnos.udg.mx', SECRET))!;
    expect(
      await one(`select reason from private.mail_suppressions where recipient = $1`, [refusedKey]),
    ).toEqual({ reason: 'failed' });
    expect(
      (
        await one<{ status: string }>(`select status from private.mail_outbox where user_id = $1`, [
          refused,
        ])
      ).status,
    ).toBe('failed');
    // The code went out; its message keeps the recipient key, not the address or the nonce.
    expect(smtp.byRecipient.get('codigo.bien@alumnos.udg.mx')).toBe(1);
    expect(
      await one(
        `select status, to_address, nonce, recipient from private.mail_outbox
         where user_id = $1 and kind = 'code'`,
        [fine],
      ),
    ).toEqual({
      status: 'sent',
      to_address: null,
      nonce: null,
      recipient: await recipientKey('codigo.bien@alumnos.udg.mx', SECRET),
    });
    // The ledger and the list name no address.
    const kept = await db.admin.query(
      `select * from private.code_sends, private.mail_suppressions, private.code_identities`,
    );
    expect(JSON.stringify(kept.rows)).not.toMatch(/@|sub-/);
  });

  it('a pending code message cannot lose its address; a finished one may', async () => {
    const uid = await student('pendiente@gmail.com', 'sub-pendiente');
    expect(await sendCode(uid, 'codigo.pendiente@alumnos.udg.mx')).toMatchObject({
      outcome: 'sent',
    });
    await expect(
      db.admin.query(
        `update private.mail_outbox set to_address = null where user_id = $1 and kind = 'code'`,
        [uid],
      ),
    ).rejects.toThrow(/mail_outbox_code/);
  });
});

describe('retention of codes and sends on Supabase', () => {
  it('prunes expired codes and day-old sends, clears ended code messages, keeps identity totals', async () => {
    const uid = await student('retiene@gmail.com', 'sub-retiene');
    expect(await sendCode(uid, 'codigo.retiene@alumnos.udg.mx')).toMatchObject({
      outcome: 'sent',
    });
    const ikey = await identityKey(SECRET, 'sub-retiene');
    // A day and a minute later, as far as the rows say.
    await db.admin.query(
      `update private.code_sends set sent_at = sent_at - interval '1 day 1 minute'`,
    );
    await db.admin.query(
      `update private.verification_codes set expires_at = now() - interval '1 minute'`,
    );
    await db.admin.query(
      `update private.mail_outbox set code_expires_at = now() - interval '1 minute'
       where kind = 'code' and user_id = $1`,
      [uid],
    );
    const counts = async () =>
      one(
        `select (select count(*)::int from private.code_sends) as sends,
           (select count(*)::int from private.verification_codes) as codes,
           (select count(*)::int from private.mail_outbox
             where kind = 'code' and user_id = $2
               and (to_address is not null or nonce is not null)) as addressed,
           (select total from private.code_identities where key = $1) as total`,
        [ikey, uid],
      );
    const before = await counts();
    expect(before).toMatchObject({ total: 1 });
    await db.admin.query('select * from private.apply_retention(true)');
    expect(await counts()).toEqual(before);
    await db.admin.query('select * from private.apply_retention(false)');
    expect(await counts()).toEqual({ sends: 0, codes: 0, addressed: 0, total: 1 });
    expect(
      await one(`select status from private.mail_outbox where kind = 'code' and user_id = $1`, [
        uid,
      ]),
    ).toEqual({ status: 'failed' });
  });
});
