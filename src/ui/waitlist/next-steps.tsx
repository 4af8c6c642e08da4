import { useEffect, useMemo, useRef, useState } from 'react';
import {
  chose,
  firstOpenStep,
  openSteps,
  STEP_IDS,
  type StepChoices,
  type StepId,
} from '@/ui/card/card-steps';
import { cardUser } from '@/ui/card/card-transition';
import { myEntry } from '@/ui/card/card-view';
import { campusKey, campusLabel } from '@/ui/store/campus.slice';
import { useAppStore } from '@/ui/store/store-context';
import {
  CAMPUS_FAILED_ID,
  CAMPUS_TITLE_ID,
  CampusProgressPanel,
  VERIFIED_LINE_ID,
  VerifyStep,
} from './campus-progress-panel';
import { InvitePanel } from './invite-panel';
import { MyEntryPanel, MyEntryStatus } from './my-entry-panel';
import { SellerChoiceForm } from './seller-choice-form';
import { stepButtonId } from './step-disclosure';
import { forgetStepChoices } from './forget-steps';
import { readStepChoices, saveStepChoices } from './step-memory';

/** Focuses the element with this id, if it is there; true when it was. */
function focusById(id: string): boolean {
  const element = document.getElementById(id);
  element?.focus();
  return !!element;
}

/**
 * The joined card (issue 62): the campus's progress, then the student's next steps in order of
 * what they do for the campus, each a disclosure that opens in place: 'Verifica tu correo
 * universitario', 'Invita a tus compañeros', '¿Quieres vender en tu campus?' and 'Tus datos en la
 * lista'. Which are open comes from `openSteps` (card/card-steps.ts), her choices are kept per
 * student (step-memory.ts). After a join (`focusAfterJoin`) focus goes to the first open step's
 * heading, or to the campus's heading when none is open; `onFocused` says it went.
 */
export function NextSteps({
  focusAfterJoin,
  onFocused,
}: {
  focusAfterJoin: boolean;
  onFocused: () => void;
}) {
  const uid = useAppStore((s) => cardUser(s.card)?.uid ?? '');
  const entryStatus = useAppStore((s) => (s.card.step === 'joined' ? s.card.entry.status : null));
  const key = useAppStore((s) => campusKey(s.card));
  const campusView = useAppStore((s) => s.campus);
  const loadMyCampus = useAppStore((s) => s.loadMyCampus);
  const label = useAppStore((s) => campusLabel(s.card, s.campus)) ?? '';
  const collegeId = useAppStore((s) => myEntry(s.card)?.entry.collegeId ?? null);
  const view = campusView.status !== 'idle' && campusView.key === key ? campusView : null;
  const campus = view?.status === 'loaded' ? view.data : null;
  // After a change of campus, the steps of the campus read last hold their place (inert, busy)
  // until the new one is read: the data step below them, where 'Cambiar campus' and 'Salir' are,
  // does not move under a tap. Keyed by their campus, so the new campus's steps start afresh.
  const [last, setLast] = useState<{ key: string; data: NonNullable<typeof campus> } | null>(null);
  // (React's "information from previous renders": set while rendering, not in an effect.)
  if (campus && key && (last?.data !== campus || last.key !== key)) setLast({ key, data: campus });
  const reading = !campus && view?.status !== 'failed';
  const shown = campus && key ? { key, data: campus } : reading ? last : null;
  const counts = campus?.campus.verified ?? false;

  const [choices, setChoices] = useState<StepChoices>(() => readStepChoices(uid));
  const [errors, setErrors] = useState<Partial<Record<StepId, boolean>>>({});
  const open = openSteps({ counts, errors }, choices);
  const toggles = Object.fromEntries(
    STEP_IDS.map((step) => [
      step,
      () => {
        const next = chose(choices, step, !open[step]);
        setChoices(next);
        saveStepChoices(uid, next);
      },
    ]),
  ) as Record<StepId, () => void>;
  // Stable, so that a step reporting its error runs its effect only when the error changes. A
  // step an error opened stays open once it is gone: she is at work in it (her choice, for this
  // visit).
  const errorOf = useMemo(
    () =>
      Object.fromEntries(
        STEP_IDS.map((step) => [
          step,
          (error: boolean) => {
            setErrors((now) => (!!now[step] === error ? now : { ...now, [step]: error }));
            if (error) setChoices((now) => (now[step] ? now : chose(now, step, true)));
          },
        ]),
      ) as Record<StepId, (error: boolean) => void>,
    [],
  );

  useEffect(() => {
    if (key) void loadMyCampus();
  }, [key, loadMyCampus]);

  // After a join, once the campus is read (or could not be): focus moves once, inside the card.
  const settled = view !== null && view.status !== 'loading';
  const firstOpen = firstOpenStep(open, campus ? STEP_IDS : ['sell', 'data']);
  useEffect(() => {
    if (!focusAfterJoin || !settled) return;
    if (!(firstOpen && focusById(stepButtonId(firstOpen)))) {
      if (!focusById(CAMPUS_TITLE_ID)) focusById(CAMPUS_FAILED_ID);
    }
    onFocused();
  }, [focusAfterJoin, settled, firstOpen, onFocused]);

  // She verified: the form she was in is gone, focus goes to the done line that replaced it.
  const counted = useRef(counts);
  useEffect(() => {
    const before = counted.current;
    counted.current = counts;
    if (!before && counts && document.activeElement === document.body) focusById(VERIFIED_LINE_ID);
  }, [counts]);

  if (entryStatus !== 'loaded') return <MyEntryStatus unreadable={entryStatus === 'unreadable'} />;
  return (
    <>
      <CampusProgressPanel view={view} label={label} onRetry={() => void loadMyCampus()} />
      <ol className="space-y-2" data-testid="next-steps">
        {shown && (
          <>
            <VerifyStep
              key={`verify-${shown.key}`}
              busy={!campus}
              campus={shown.data.campus}
              onVerified={() => void loadMyCampus()}
              open={open.verify}
              onToggle={toggles.verify}
              onError={errorOf.verify}
            />
            <InvitePanel
              key={`invite-${shown.key}`}
              busy={!campus}
              invites={shown.data.invites}
              campus={label}
              collegeId={collegeId}
              open={open.invite}
              onToggle={toggles.invite}
            />
          </>
        )}
        <SellerChoiceForm
          readNow={settled}
          open={open.sell}
          onToggle={toggles.sell}
          onError={errorOf.sell}
        />
        <MyEntryPanel open={open.data} onToggle={toggles.data} onLeft={forgetStepChoices} />
      </ol>
    </>
  );
}
