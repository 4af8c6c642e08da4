import { AppError } from '@/domain/errors';
import { backendCall } from '@/domain/deadline';
import { checkAddCampus } from '@/domain/operator/add-campus';
import { checkSettings } from '@/domain/operator/console-settings';
import { confirmsLaunch, launchTime } from '@/domain/operator/launch-plan';
import type { Clock } from '@/ports/clock.port';
import type { OperatorConsole } from '@/ports/operator-console.port';

const invalid = (problem: string) => new AppError('invalid-argument', problem);

/**
 * The operator console's use cases (issue 61): each operation of the port within the request
 * timeout, with the checks the browser can make first (the server makes them again): invalid
 * settings, a confirmation that is not the campus id, a launch time in the past. A refused
 * check rejects with `invalid-argument` and the problem's name, and calls nothing.
 */
export function createOperatorUseCases({
  operatorConsole: port,
  clock,
  timeoutMs,
}: {
  operatorConsole: OperatorConsole;
  clock: Clock;
  timeoutMs?: number;
}) {
  const call = <T>(promise: Promise<T>) => backendCall(promise, timeoutMs);
  return {
    access: () => call(port.access()),
    campuses: () => call(port.campuses()),
    campusDays: (collegeId: string) => call(port.campusDays(collegeId)),
    saveSettings: (collegeId: string, settings: unknown) => {
      const checked = checkSettings(settings, clock.now());
      if (!checked.ok) return Promise.reject(invalid(checked.problem));
      return call(port.saveSettings(collegeId, checked.settings));
    },
    launchPreview: (collegeId: string) => call(port.launchPreview(collegeId)),
    launch: (collegeId: string, request: { confirm: string; at: string | null }) => {
      if (!confirmsLaunch(request.confirm, collegeId)) {
        return Promise.reject(invalid('confirmation'));
      }
      if (launchTime(request.at, clock.now()) === null) return Promise.reject(invalid('time'));
      return call(
        port.launch(collegeId, { confirm: request.confirm.trim(), at: request.at || null }),
      );
    },
    cancelLaunch: (collegeId: string) => call(port.cancelLaunch(collegeId)),
    requests: () => call(port.requests()),
    addCampus: (input: Parameters<OperatorConsole['addCampus']>[0]) => {
      const checked = checkAddCampus(input);
      if (!checked.ok) return Promise.reject(invalid(`campus-add:${checked.problem}`));
      return call(port.addCampus(checked.input));
    },
    heroPhotos: () => call(port.heroPhotos()),
    reviewPhoto: (uid: string, approved: boolean) => call(port.reviewPhoto(uid, approved)),
    setStrip: (enabled: boolean) => call(port.setStrip(enabled)),
    findStudent: (email: string) => {
      const address = email.trim().toLowerCase();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) return Promise.reject(invalid('email'));
      return call(port.findStudent(address));
    },
    exportStudent: (uid: string) => call(port.exportStudent(uid)),
    deleteStudent: (uid: string) => call(port.deleteStudent(uid)),
    health: () => call(port.health()),
    auditLog: () => call(port.auditLog()),
  };
}

export type OperatorUseCases = ReturnType<typeof createOperatorUseCases>;
