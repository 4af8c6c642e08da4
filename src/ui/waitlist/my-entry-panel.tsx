import { useRef, useState } from 'react';
import { collegeLabel } from '@/domain/college';
import { Button } from '@/ui/components/button';
import { MESSAGES } from '@/ui/messages';
import { campusLabel } from '@/ui/store/campus.slice';
import { useAppStore } from '@/ui/store/store-context';
import { editingCollege, entryAction, myEntry } from '@/ui/card/card-view';
import { COLLEGE_REQUIRED, toastOutcome } from '@/ui/outcome-toast';
import { StepDisclosure } from './step-disclosure';
import type { StepProps } from './step-props';

const longDate = new Intl.DateTimeFormat('es-MX', { dateStyle: 'long' });
const shortDate = new Intl.DateTimeFormat('es-MX', { dateStyle: 'medium' });

/** The student's entry while it is read, or when it could not be: the steps wait for it. */
export function MyEntryStatus({ unreadable }: { unreadable: boolean }) {
  const loadMyEntry = useAppStore((s) => s.loadMyEntry);
  if (!unreadable) return <p className="text-sm text-slate-600">Cargando tus datos…</p>;
  return (
    <div role="alert" className="text-sm text-slate-700">
      <p>{MESSAGES.entryLoadFailed}</p>
      <Button variant="ghost" size="sm" onClick={() => void loadMyEntry()}>
        Reintentar
      </Button>
    </div>
  );
}

/**
 * 'Tus datos en la lista', the card's last step (issue 62): what we keep of a student who joined
 * (e-mail, campus, date of joining), their hero-strip consent, a change of campus and 'Salir de
 * la lista de espera' (with a confirmation dialog). `onLeft`: the student left the list.
 */
export function MyEntryPanel({
  open,
  onToggle,
  onLeft,
}: Omit<StepProps, 'onError'> & { onLeft: () => void }) {
  const entry = useAppStore((s) => myEntry(s.card));
  const action = useAppStore((s) => entryAction(s.card));
  const editing = useAppStore((s) => editingCollege(s.card));
  const label = useAppStore((s) => campusLabel(s.card, s.campus));
  const setHeroConsent = useAppStore((s) => s.setHeroConsent);
  const editCollege = useAppStore((s) => s.editCollege);
  const changeCollege = useAppStore((s) => s.changeCollege);
  const leaveWaitlist = useAppStore((s) => s.leaveWaitlist);
  const dialog = useRef<HTMLDialogElement>(null);
  // The box shows the student's choice at once; it returns to the stored one if saving fails.
  const [pendingConsent, setPendingConsent] = useState<boolean | null>(null);

  if (!entry) return null;
  const campus = label ?? collegeLabel(entry.college);

  const onConsent = async (granted: boolean) => {
    setPendingConsent(granted);
    const outcome = await setHeroConsent(granted);
    setPendingConsent(null);
    toastOutcome(outcome, {
      ok: () => [
        granted
          ? ['success', MESSAGES.heroConsentOn, MESSAGES.heroConsentOnDescription]
          : ['success', MESSAGES.heroConsentOff, MESSAGES.heroConsentOffDescription],
      ],
      failed: ['error', MESSAGES.heroConsentFailed, MESSAGES.tryAgain],
    });
  };
  const onSaveCollege = async () => {
    toastOutcome(await changeCollege(), {
      ok: (college) => [
        [
          'success',
          MESSAGES.collegeChanged,
          MESSAGES.collegeChangedDescription(collegeLabel(college)),
        ],
      ],
      byCode: {
        'validation/college-required': COLLEGE_REQUIRED,
        // Changed less than a minute ago (issue 59): every backend refuses with this code.
        'resource-exhausted': [
          'error',
          MESSAGES.collegeChangeTooSoon,
          MESSAGES.collegeChangeTooSoonDescription,
        ],
      },
      failed: ['error', MESSAGES.collegeChangeFailed, MESSAGES.tryAgain],
    });
  };
  const onLeave = async () => {
    const outcome = await leaveWaitlist();
    if (outcome.ok) {
      dialog.current?.close();
      onLeft();
    }
    toastOutcome(outcome, {
      ok: () => [['success', MESSAGES.left, MESSAGES.leftDescription]],
      failed: ['error', MESSAGES.leaveFailed, MESSAGES.tryAgain],
    });
  };

  return (
    <StepDisclosure
      step="data"
      title="Tus datos en la lista"
      summary={`${campus}, desde el ${shortDate.format(entry.entry.timestamp)}`}
      open={open}
      onToggle={onToggle}
      testId="my-entry"
    >
      {/* A label never wraps mid-phrase ('Te uniste el'); a long address wraps anywhere. */}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-700 [&_dd]:min-w-0 [&_dd]:break-words [&_dt]:whitespace-nowrap">
        <dt>Correo</dt>
        <dd data-testid="my-entry-email">{entry.entry.email}</dd>
        <dt>Campus</dt>
        <dd data-testid="my-entry-college">{campus}</dd>
        <dt>Te uniste el</dt>
        <dd data-testid="my-entry-date">{longDate.format(entry.entry.timestamp)}</dd>
      </dl>
      <label className="mt-3 flex min-h-11 items-start gap-2 text-slate-800">
        <input
          type="checkbox"
          className="mt-1 size-4 accent-indigo-600"
          checked={pendingConsent ?? entry.heroConsent}
          disabled={action !== null}
          onChange={(event) => void onConsent(event.target.checked)}
        />
        <span>{MESSAGES.heroConsentLabel}</span>
      </label>
      <div className="mt-2 flex flex-wrap gap-2">
        {editing ? (
          <>
            <Button size="sm" disabled={action !== null} onClick={() => void onSaveCollege()}>
              Guardar campus
            </Button>
            <Button variant="ghost" size="sm" onClick={() => editCollege(false)}>
              Cancelar
            </Button>
          </>
        ) : (
          <Button
            variant="ghost"
            size="sm"
            disabled={action !== null}
            onClick={() => editCollege(true)}
          >
            Cambiar campus
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          disabled={action !== null}
          onClick={() => dialog.current?.showModal()}
        >
          Salir de la lista de espera
        </Button>
      </div>
      <dialog
        ref={dialog}
        aria-labelledby="leave-title"
        aria-describedby="leave-description"
        className="m-auto max-w-sm rounded-2xl p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
      >
        <h4 id="leave-title" className="text-lg font-semibold">
          ¿Salir de la lista de espera?
        </h4>
        <p id="leave-description" className="mt-2 text-sm text-slate-700">
          Borraremos tu registro (correo, campus y fecha), tu permiso para mostrar tu foto y tu
          cuenta: cerraremos tu sesión. Puedes volver a unirte cuando quieras.
        </p>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="ghost" size="sm" onClick={() => dialog.current?.close()}>
            Cancelar
          </Button>
          <Button size="sm" disabled={action === 'leave'} onClick={() => void onLeave()}>
            Sí, salir de la lista
          </Button>
        </div>
      </dialog>
    </StepDisclosure>
  );
}
