import { describe, expect, it } from 'vitest';
import { OPERATOR_CONSOLE_METHODS } from '@/adapters/operator-console-methods';
import type { OperatorConsole } from '@/ports/operator-console.port';
import type { ConsoleCampus } from '@/domain/operator/console-records';
import { mexicoCityLocal } from '@/domain/operator/launch-plan';

/**
 * What a backend gives the operator console's contract suite (issue 61). Each backend's test file
 * builds it over its real server side (memory's state, the Functions and Firestore emulators,
 * PostgreSQL through the stand-in); the console it hands out is the backend's adapter, signed in
 * as the harness says.
 */
export interface OperatorConsoleHarness {
  /** The console signed in as an operator (the role granted as the backend grants it). */
  asOperator(): Promise<{ console: OperatorConsole; email: string }>;
  /** The console signed in as a student on the list, without the role. */
  asStudent(): Promise<OperatorConsole>;
  /** The console with no one signed in. */
  asAnonymous(): Promise<OperatorConsole>;
  /**
   * A catalogue campus no test used before: no students, no settings, never launched (each call
   * another one).
   */
  freshCampus(): Promise<string>;
  /**
   * Puts a new student on the campus's list: verified (a university address proved) or not, and
   * a seller (chose a category to sell) or not. Resolves with their uid and address.
   */
  seedStudent(
    collegeId: string,
    options: { verified: boolean; seller?: boolean },
  ): Promise<{ uid: string; email: string }>;
  /**
   * A pending campus asked for by `students` new students (each on its list, signed in with a
   * Gmail address, or one of `domain` when given); its pending id.
   */
  seedRequest(students: number, domain?: string): Promise<string>;
  /** A new student on the list who consented to the strip with a photo not yet reviewed; their uid. */
  seedHeroPhoto(): Promise<string>;
  /** The launch messages recorded in the outbox for the campus: one uid per message. */
  launchMail(collegeId: string): Promise<string[]>;
  /** Runs the backend's scheduled job for due launches as if it were `now`. */
  runDueLaunches(now: Date): Promise<void>;
  /** Whether the backend still keeps the student's entry or account. */
  studentExists(uid: string): Promise<boolean>;
}

/** A harmless argument list for each operation: the refusal comes before any of it is read. */
const SAMPLE_ARGS: Record<keyof OperatorConsole, unknown[]> = {
  access: [],
  campuses: [],
  campusDays: ['udg-cucei'],
  saveSettings: ['udg-cucei', { threshold: 20, sellerMinimum: 1, state: 'open', opensOn: null }],
  launchPreview: ['udg-cucei'],
  launch: ['udg-cucei', { confirm: 'udg-cucei', at: null }],
  cancelLaunch: ['udg-cucei'],
  requests: [],
  addCampus: [
    {
      request: 'pendiente-aaaaaaaaaaaaaaaaaaaaaaaa',
      id: 'intruso',
      name: 'Intruso',
      shortName: 'Intruso',
      city: 'Ciudad',
      state: 'Jalisco',
      domains: ['intruso.mx'],
    },
  ],
  heroPhotos: [],
  reviewPhoto: ['alguien', true],
  setStrip: [false],
  findStudent: ['alguien@alumnos.udg.mx'],
  exportStudent: ['alguien'],
  deleteStudent: ['alguien'],
  health: [],
  auditLog: [],
};

const call = (console: OperatorConsole, method: keyof OperatorConsole) =>
  (console[method] as (...args: unknown[]) => Promise<unknown>)(...SAMPLE_ARGS[method]);

const rowOf = async (console: OperatorConsole, id: string): Promise<ConsoleCampus | undefined> =>
  (await console.campuses()).find((c) => c.report.campus === id);

const inAnHour = () => mexicoCityLocal(new Date(Date.now() + 3_600_000));

/** Every backend runs the console's operations the same way, for operators only (issue 61). */
export function describeOperatorConsoleContract(
  name: string,
  setup: () => Promise<OperatorConsoleHarness>,
) {
  describe(`OperatorConsole contract: ${name}`, () => {
    it('refuses every operation to a student and to an anonymous caller, writing nothing', async () => {
      const h = await setup();
      const { console: operator } = await h.asOperator();
      const before = await operator.auditLog();
      for (const [who, console] of [
        ['student', await h.asStudent()],
        ['anonymous', await h.asAnonymous()],
      ] as const) {
        for (const method of OPERATOR_CONSOLE_METHODS) {
          await expect(call(console, method), `${who}: ${method}`).rejects.toMatchObject({
            code: expect.stringMatching(/^(permission-denied|unauthenticated)$/),
          });
        }
      }
      expect(await operator.auditLog()).toEqual(before);
    });

    it('lets the operator in, and reads verified and unverified students apart', async () => {
      const h = await setup();
      const { console, email } = await h.asOperator();
      expect(await console.access()).toEqual({ email });
      const id = await h.freshCampus();
      await h.seedStudent(id, { verified: true, seller: true });
      await h.seedStudent(id, { verified: true });
      await h.seedStudent(id, { verified: false, seller: true });
      const row = await rowOf(console, id);
      expect(row?.report).toMatchObject({
        joined: 3,
        verified: 2,
        sellers: 2,
        sellersVerified: 1,
        threshold: 100,
        sellerMinimum: 10,
        ready: false,
      });
      expect(row?.readiness).toEqual({ ready: false, studentsMissing: 98, sellersMissing: 9 });
      const days = await console.campusDays(id);
      expect(days.reduce((n, d) => n + d.joined, 0)).toBe(3);
      expect(days.reduce((n, d) => n + d.verified, 0)).toBe(2);
    });

    it('is ready only with the verified students AND the verified sellers', async () => {
      const h = await setup();
      const { console } = await h.asOperator();
      const id = await h.freshCampus();
      for (let n = 0; n < 10; n++) await h.seedStudent(id, { verified: true });
      await console.saveSettings(id, {
        threshold: 10,
        sellerMinimum: 1,
        state: 'gathering',
        opensOn: null,
      });
      // Buyers and no sellers: not ready.
      expect((await rowOf(console, id))?.readiness).toEqual({
        ready: false,
        studentsMissing: 0,
        sellersMissing: 1,
      });
      await h.seedStudent(id, { verified: false, seller: true });
      expect((await rowOf(console, id))?.report.ready).toBe(false);
      await h.seedStudent(id, { verified: true, seller: true });
      const row = await rowOf(console, id);
      expect(row?.report.ready).toBe(true);
      expect(row?.readiness.ready).toBe(true);
    });

    it('saves valid settings and logs them with before and after; refuses invalid ones, writing nothing', async () => {
      const h = await setup();
      const { console, email } = await h.asOperator();
      const id = await h.freshCampus();
      await h.seedStudent(id, { verified: true });
      const settings = {
        threshold: 40,
        sellerMinimum: 3,
        state: 'opening',
        opensOn: null,
      } as const;
      const saved = await console.saveSettings(id, settings);
      expect(saved.settings).toEqual(settings);
      expect((await rowOf(console, id))?.settings).toEqual(settings);
      const [entry] = await console.auditLog();
      expect(entry).toMatchObject({
        actor: email,
        action: 'settings',
        target: id,
        outcome: 'done',
      });
      expect(entry?.after).toMatchObject({ threshold: 40, sellerMinimum: 3, state: 'opening' });
      expect(entry?.before).toMatchObject({ threshold: 100 });
      const logged = (await console.auditLog()).length;
      for (const bad of [
        { ...settings, threshold: 5 },
        { ...settings, threshold: 10.5 },
        { ...settings, sellerMinimum: -1 },
        { ...settings, state: 'cerrado' },
        { ...settings, opensOn: '2020-01-01' },
        { ...settings, opensOn: '2027-02-30' },
      ]) {
        await expect(
          console.saveSettings(id, bad as typeof settings),
          JSON.stringify(bad),
        ).rejects.toMatchObject({ code: 'invalid-argument' });
      }
      expect((await rowOf(console, id))?.settings).toEqual(settings);
      expect(await console.auditLog()).toHaveLength(logged);
    });

    it('a dry run writes nothing; a launch needs the typed id, runs once, and logs every attempt', async () => {
      const h = await setup();
      const { console } = await h.asOperator();
      const id = await h.freshCampus();
      const students = [
        await h.seedStudent(id, { verified: true }),
        await h.seedStudent(id, { verified: false }),
      ];
      const preview = await console.launchPreview(id);
      expect(preview).toMatchObject({ students: 2, alreadyQueued: 0 });
      expect(preview.sample?.subject).toBeTruthy();
      expect(preview.sample?.text).toContain('/salir?token=');
      expect(await h.launchMail(id)).toEqual([]);

      await expect(console.launch(id, { confirm: 'otro-campus', at: null })).rejects.toMatchObject({
        code: 'invalid-argument',
        message: 'confirmation',
      });
      expect(await h.launchMail(id)).toEqual([]);

      const launched = await console.launch(id, { confirm: id, at: null });
      expect(launched).toMatchObject({ state: 'launched', students: 2 });
      expect((await h.launchMail(id)).sort()).toEqual(students.map((s) => s.uid).sort());
      await expect(console.launch(id, { confirm: id, at: null })).rejects.toMatchObject({
        code: 'invalid-argument',
        message: 'already',
      });
      expect(await h.launchMail(id)).toHaveLength(2);
      expect((await rowOf(console, id))?.launch).toMatchObject({ state: 'launched' });
      const attempts = (await console.auditLog()).filter(
        (e) => e.action === 'launch' && e.target === id,
      );
      expect(attempts.map((e) => e.outcome).sort()).toEqual(['already', 'confirmation', 'done']);
    });

    it('two operators launching one campus at once: one launch, each student mailed once', async () => {
      const h = await setup();
      const { console } = await h.asOperator();
      const id = await h.freshCampus();
      for (let n = 0; n < 3; n++) await h.seedStudent(id, { verified: true });
      const settled = await Promise.allSettled([
        console.launch(id, { confirm: id, at: null }),
        console.launch(id, { confirm: id, at: null }),
        console.launch(id, { confirm: id, at: inAnHour() }),
      ]);
      expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
      for (const s of settled) {
        if (s.status === 'rejected') expect(s.reason).toMatchObject({ message: 'already' });
      }
      await h.runDueLaunches(new Date(Date.now() + 2 * 3_600_000));
      expect(await h.launchMail(id)).toHaveLength(3);
    });

    it('schedules a launch at a Mexico City time, cancels it, and runs a due one once', async () => {
      const h = await setup();
      const { console } = await h.asOperator();
      const id = await h.freshCampus();
      const student = await h.seedStudent(id, { verified: true });
      await expect(
        console.launch(id, { confirm: id, at: '2020-01-01T10:00' }),
      ).rejects.toMatchObject({ code: 'invalid-argument', message: 'time' });
      const at = inAnHour();
      const scheduled = await console.launch(id, { confirm: id, at });
      expect(scheduled).toMatchObject({ state: 'scheduled' });
      expect(mexicoCityLocal(new Date((scheduled as { at: string }).at))).toBe(at);
      await h.runDueLaunches(new Date());
      expect(await h.launchMail(id)).toEqual([]);
      expect(await console.cancelLaunch(id)).toEqual({ state: 'none' });
      await expect(console.cancelLaunch(id)).rejects.toMatchObject({ message: 'not-scheduled' });
      await h.runDueLaunches(new Date(Date.now() + 2 * 3_600_000));
      expect(await h.launchMail(id)).toEqual([]);

      await console.launch(id, { confirm: id, at });
      await h.runDueLaunches(new Date(Date.now() + 2 * 3_600_000));
      await h.runDueLaunches(new Date(Date.now() + 3 * 3_600_000));
      expect(await h.launchMail(id)).toEqual([student.uid]);
      expect((await rowOf(console, id))?.launch).toMatchObject({ state: 'launched', students: 1 });
      const actions = (await console.auditLog())
        .filter((e) => e.target === id)
        .map((e) => e.action);
      expect(actions).toEqual(expect.arrayContaining(['launch-schedule', 'launch-cancel']));
    });

    it('lists requested campuses and adds one with the operator’s names, once', async () => {
      const h = await setup();
      const { console } = await h.asOperator();
      // Two of the three signed in with an address of the university the operator will type.
      const pendingId = await h.seedRequest(2, 'alumnos.unp.edu.mx');
      const third = await h.seedRequest(1);
      expect(third).toBe(pendingId);
      const request = (await console.requests()).find((r) => r.pendingId === pendingId);
      expect(request).toMatchObject({ requests: 3, joined: 3 });
      const id = `nuevo-${Date.now().toString(36)}`;
      const input = {
        request: pendingId,
        id,
        name: 'Universidad Nueva del Pacífico',
        shortName: 'UNP - Manzanillo',
        city: 'Manzanillo',
        state: 'Colima',
        domains: ['alumnos.unp.edu.mx'],
      };
      const settled = await Promise.allSettled([
        console.addCampus(input),
        console.addCampus(input),
      ]);
      const results = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      expect(results.filter((r) => r.added)).toEqual([{ added: true, moved: 3, queued: 3 }]);
      expect((await console.requests()).map((r) => r.pendingId)).not.toContain(pendingId);
      // Its students verify with the typed domains, as a catalogue campus's do.
      expect((await rowOf(console, id))?.report).toMatchObject({ joined: 3, verified: 2 });
      // The request is that campus now: under another id it is refused, and logged.
      await expect(console.addCampus({ ...input, id: `${id}-otro` })).rejects.toMatchObject({
        code: 'invalid-argument',
      });
      expect(
        (await console.auditLog()).filter((e) => e.action === 'campus-add' && e.target === id),
      ).toHaveLength(2);
      expect(
        (await console.auditLog()).filter(
          (e) => e.action === 'campus-add' && e.target === `${id}-otro`,
        ),
      ).toHaveLength(1);
      await expect(
        console.addCampus({ ...input, request: await h.seedRequest(1), id: 'Con Espacios' }),
      ).rejects.toMatchObject({ code: 'invalid-argument' });
      await expect(
        console.addCampus({
          ...input,
          request: await h.seedRequest(1),
          id: `${id}-b`,
          domains: [],
        }),
      ).rejects.toMatchObject({ code: 'invalid-argument' });
    });

    it('reviews hero photos and switches the strip off and on', async () => {
      const h = await setup();
      const { console } = await h.asOperator();
      const uid = await h.seedHeroPhoto();
      const waiting = (await console.heroPhotos()).photos.find((p) => p.uid === uid);
      expect(waiting).toMatchObject({ status: 'pending' });
      expect(waiting?.photo).toMatch(/^(https:|data:|\/)/);
      await console.reviewPhoto(uid, true);
      expect((await console.heroPhotos()).photos.find((p) => p.uid === uid)?.status).toBe(
        'approved',
      );
      await console.reviewPhoto(uid, false);
      expect((await console.heroPhotos()).photos.find((p) => p.uid === uid)?.status).toBe(
        'rejected',
      );
      await console.setStrip(false);
      expect((await console.heroPhotos()).stripEnabled).toBe(false);
      await console.setStrip(true);
      expect((await console.heroPhotos()).stripEnabled).toBe(true);
      const actions = (await console.auditLog()).slice(0, 4).map((e) => e.action);
      expect(actions).toEqual(['strip', 'strip', 'photo-reject', 'photo-approve']);
    });

    it('answers an ARCO request: finds a student by address, exports, deletes; all logged', async () => {
      const h = await setup();
      const { console } = await h.asOperator();
      const id = await h.freshCampus();
      const student = await h.seedStudent(id, { verified: false, seller: true });
      expect(await console.findStudent('nadie.aqui@alumnos.udg.mx')).toBeNull();
      const found = await console.findStudent(student.email.toUpperCase());
      expect(found).toMatchObject({ uid: student.uid, email: student.email, collegeId: id });
      const exported = await console.exportStudent(student.uid);
      expect(JSON.stringify(exported.data)).toContain(id);
      await console.deleteStudent(student.uid);
      expect(await h.studentExists(student.uid)).toBe(false);
      expect(await console.findStudent(student.email)).toBeNull();
      const log = (await console.auditLog()).filter((e) => e.target === student.uid);
      expect(log.map((e) => e.action)).toEqual(
        expect.arrayContaining(['student-view', 'student-export', 'student-delete']),
      );
      // The log names the student by uid only: no address in it.
      expect(JSON.stringify(log)).not.toContain(student.email);
    });

    it('reads the failure counts by day and the retention job’s last run', async () => {
      const h = await setup();
      const { console } = await h.asOperator();
      const health = await console.health();
      expect(Array.isArray(health.failures)).toBe(true);
      for (const day of health.failures) expect(day.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (health.retention) expect(Number.isNaN(Date.parse(health.retention.at))).toBe(false);
    });
  });
}
