import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module of the deploy scripts, without type declarations
import * as deploy from '../../../scripts/deploy/deploy.mjs';
// @ts-expect-error: idem
import * as guard from '../../../scripts/deploy/deploy-guard.mjs';
import { processorsFor } from '../../../src/ui/privacy/privacy-notice-processors';
import {
  PLACEHOLDERS,
  PRIVACY_ENV,
  PRIVACY_NOTICE_FILE,
  PRIVACY_NOTICE_PATH,
  privacyNoticeProblem,
  privacyNoticeRequired,
  privacyNoticeSettings,
  spanishDate,
} from '../../../src/ui/privacy/privacy-notice-settings';
import { routeFor } from '../../../src/ui/route';
import { SAMPLE_PRIVACY_ENV } from '../../support/privacy-env';

const SET = SAMPLE_PRIVACY_ENV;

describe('the notice’s settings', () => {
  it('reads every value, and writes the date in Spanish', () => {
    expect(privacyNoticeSettings(SET)).toEqual({
      responsible: 'Estudiantes Emprendedores, S.C.',
      address: 'Av. Juárez 976, Col. Centro, 44100 Guadalajara, Jal.',
      email: 'privacidad@deestudiantes.mx',
      updated: '23 de noviembre de 2026',
      updatedIso: '2026-11-23',
      mailProvider: 'Brevo (Sendinblue SAS)',
      placeholders: false,
    });
  });

  it('shows a visible placeholder naming the variable for each missing or malformed value', () => {
    const dev = privacyNoticeSettings({ VITE_PRIVACY_RESPONSIBLE: '  ', VITE_PRIVACY_EMAIL: 'x' });
    expect(dev.placeholders).toBe(true);
    expect(dev.responsible).toBe('[Nombre del responsable — configura VITE_PRIVACY_RESPONSIBLE]');
    expect(dev.email).toBe(PLACEHOLDERS.VITE_PRIVACY_EMAIL);
    expect(dev.updated).toBe(PLACEHOLDERS.VITE_PRIVACY_UPDATED);
    expect(dev.updatedIso).toBe('');
    for (const name of PRIVACY_ENV) expect(PLACEHOLDERS[name]).toContain(`configura ${name}`);
    expect(privacyNoticeSettings({ ...SET, VITE_PRIVACY_UPDATED: '2026-02-30' })).toMatchObject({
      updated: PLACEHOLDERS.VITE_PRIVACY_UPDATED,
      placeholders: true,
    });
  });

  it('accepts only dates that exist, as YYYY-MM-DD', () => {
    expect(spanishDate('2025-03-20')).toBe('20 de marzo de 2025');
    expect(spanishDate('2028-02-29')).toBe('29 de febrero de 2028');
    for (const bad of ['2027-02-29', '2026-13-01', '23/11/2026', '2026-11-23T00:00', ''])
      expect(spanishDate(bad), bad).toBeNull();
  });
});

describe('which builds must carry the real notice', () => {
  it('every real backend on its real services; not the memory, emulator or stand-in builds', () => {
    expect(privacyNoticeRequired('memory', {})).toBe(false);
    expect(privacyNoticeRequired('firebase', {})).toBe(true);
    expect(privacyNoticeRequired('firebase', { VITE_FIREBASE_EMULATORS: 'false' })).toBe(true);
    expect(privacyNoticeRequired('firebase', { VITE_FIREBASE_EMULATORS: 'true' })).toBe(false);
    expect(privacyNoticeRequired('supabase', { VITE_SUPABASE_URL: 'https://a.supabase.co' })).toBe(
      true,
    );
    expect(privacyNoticeRequired('supabase', {})).toBe(true);
    for (const local of ['http://127.0.0.1:54321', 'http://localhost:54321'])
      expect(privacyNoticeRequired('supabase', { VITE_SUPABASE_URL: local })).toBe(false);
  });

  it('a production build without them gets an English message naming each and the file', () => {
    const problem = privacyNoticeProblem('firebase', {}, '.env.production.local')!;
    expect(problem).toContain(
      'VITE_PRIVACY_RESPONSIBLE, VITE_PRIVACY_ADDRESS, VITE_PRIVACY_EMAIL, VITE_PRIVACY_UPDATED, VITE_PRIVACY_MAIL_PROVIDER are missing',
    );
    expect(problem).toContain('.env.production.local');
    expect(problem).toContain('/aviso-de-privacidad');
    expect(
      privacyNoticeProblem(
        'supabase',
        { ...SET, VITE_PRIVACY_ADDRESS: '' },
        '.env.production.local',
      ),
    ).toMatch(/: VITE_PRIVACY_ADDRESS is missing\./);
  });

  it('names malformed values too, and lets a complete one go', () => {
    const problem = privacyNoticeProblem(
      'firebase',
      { ...SET, VITE_PRIVACY_EMAIL: 'privacidad', VITE_PRIVACY_UPDATED: '23/11/2026' },
      '.env.production.local',
    );
    expect(problem).toContain('VITE_PRIVACY_EMAIL must be an e-mail address; got "privacidad"');
    expect(problem).toContain(
      'VITE_PRIVACY_UPDATED must be a date as YYYY-MM-DD; got "23/11/2026"',
    );
    expect(privacyNoticeProblem('firebase', SET, '.env.production.local')).toBeNull();
    expect(privacyNoticeProblem('memory', {}, '.env.production.local')).toBeNull();
  });

  it('the deploy asks for the same variables, and the guard looks for the same file and mark', () => {
    const { FIREBASE_ENV } = deploy as { FIREBASE_ENV: string[] };
    expect(FIREBASE_ENV).toEqual(expect.arrayContaining([...PRIVACY_ENV]));
    const g = guard as { PRIVACY_NOTICE_FILE: string; PRIVACY_PLACEHOLDER_MARK: string };
    expect(g.PRIVACY_NOTICE_FILE).toBe(PRIVACY_NOTICE_FILE);
    for (const name of PRIVACY_ENV)
      expect(PLACEHOLDERS[name]).toContain(g.PRIVACY_PLACEHOLDER_MARK);
  });

  it('a real vite build without them stops before bundling anything', async () => {
    const { build } = await import('vite');
    const saved = { ...process.env };
    process.env.VITE_BACKEND = 'firebase';
    process.env.VITE_SITE_URL = 'https://deestudiantes.mx';
    for (const name of [...PRIVACY_ENV, 'VITE_FIREBASE_EMULATORS']) delete process.env[name];
    const envDir = fs.mkdtempSync(path.join(os.tmpdir(), 'no-privacy-env-'));
    try {
      await expect(
        build({
          configFile: 'vite.config.ts',
          envDir,
          logLevel: 'silent',
          build: { write: false },
        }),
      ).rejects.toThrow(/VITE_PRIVACY_RESPONSIBLE.*are missing.*\.env\.production\.local/s);
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
      fs.rmSync(envDir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('the notice’s path and processors', () => {
  it('is its own route, with or without .html or a trailing slash', () => {
    expect(PRIVACY_NOTICE_PATH).toBe('/aviso-de-privacidad');
    for (const p of ['/aviso-de-privacidad', '/aviso-de-privacidad/', '/aviso-de-privacidad.html'])
      expect(routeFor(p), p).toBe('privacy');
    expect(routeFor('/')).toBe('home');
    expect(routeFor('/aviso-de-privacidad/otra')).toBe('not-found');
    // The e-mails' leave link (issue 25), as hosts serve salir.html.
    for (const p of ['/salir', '/salir/', '/salir.html']) expect(routeFor(p), p).toBe('leave');
    expect(routeFor('/salir/otra')).toBe('not-found');
  });

  it('names each backend’s processors, the mail provider among them; the memory build says it sends nothing', () => {
    const firebase = processorsFor('firebase', 'Brevo (Sendinblue SAS)');
    expect(firebase.processors.map((p) => p.name)).toEqual([
      'Google LLC (Firebase)',
      'Algolia',
      'Brevo (Sendinblue SAS)',
    ]);
    expect(firebase.processors[2]!.role).toContain('El envío de nuestros correos');
    for (const service of [
      'Firebase Authentication',
      'Cloud Firestore',
      'Cloud Functions',
      'Firebase Hosting',
    ])
      expect(firebase.processors[0]!.role).toContain(service);
    expect(firebase.processors[1]!.role).toContain('solo el texto que escribes');
    expect(processorsFor('supabase', 'Mi universidad').processors.map((p) => p.name)).toEqual([
      'Supabase, Inc.',
      'Google LLC',
      'Mi universidad',
    ]);
    expect(processorsFor('memory', 'Brevo')).toEqual({
      processors: [],
      note: expect.stringContaining('Versión de desarrollo'),
    });
  });
});

describe('retention periods (issue 23)', () => {
  it('the sweep commands delete idle accounts after the period the notice states', async () => {
    const { RETENTION } = await import('@/ui/privacy/privacy-notice.config');
    // @ts-expect-error: a plain JavaScript module of the operator scripts, without type declarations
    const admin = (await import('../../../scripts/ops/sweep-accounts/days.mjs')) as {
      IDLE_ACCOUNT_DAYS: number;
    };
    expect(admin.IDLE_ACCOUNT_DAYS).toBe(RETENTION.idleAccountDays);
  });

  it('the retention job applies the periods the notice states (issue 51)', async () => {
    const { RETENTION } = await import('@/ui/privacy/privacy-notice.config');
    const rule = await import('@/domain/retention');
    expect(rule.IDLE_ACCOUNT_DAYS).toBe(RETENTION.idleAccountDays);
    expect(rule.AFTER_LAUNCH_DAYS).toBe(RETENTION.afterLaunchDays);
    // The SQL repeats them (tests/supabase/retention.test.ts holds its answers to the rule's).
    const sql = fs.readFileSync('supabase/migrations/20261127170000_retention.sql', 'utf8');
    expect(sql).toContain(`interval '${RETENTION.idleAccountDays} days'`);
    expect(sql).toContain(`interval '${RETENTION.afterLaunchDays} days'`);
  });

  it("the operators' log is kept as long as the notice says (issue 61)", async () => {
    const { RETENTION } = await import('@/ui/privacy/privacy-notice.config');
    const { AUDIT_LOG_DAYS } = await import('@/domain/operator/audit-log');
    expect(AUDIT_LOG_DAYS).toBe(RETENTION.operatorLogDays);
    // The notice says it in years: a whole number of them.
    expect(Number.isInteger(RETENTION.operatorLogDays / 365)).toBe(true);
  });

  it("the sender keeps its recipients' ledger as long as the notice says, and the rules it names", async () => {
    const { RETENTION } = await import('@/ui/privacy/privacy-notice.config');
    const rules = await import('@/domain/mail/recipient-limits');
    expect(rules.LEDGER_KEEP_MS).toBe(RETENTION.mailLedgerDays * 24 * 60 * 60_000);
    expect(rules.WELCOME_EVERY_MS).toBe(30 * 24 * 60 * 60_000); // 'más de una vez al mes'
    expect(rules.RECIPIENT_DAILY_CAP).toBe(3); // 'ni más de tres correos al día'
  });
});
