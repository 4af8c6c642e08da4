import { LogOut } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { useFocusOnMount } from '@/ui/hooks/use-focus-on-mount';
import { MESSAGES } from '@/ui/messages';
import { PRIVACY_NOTICE_PATH } from '@/ui/site-config';
import { useAppStore } from '@/ui/store/store-context';
import { cardUser } from '@/ui/card/card-transition';
import { editingCollege, emailField, submitStatus } from '@/ui/card/card-view';
import { COLLEGE_REQUIRED, toastOutcome } from '@/ui/outcome-toast';
import { CollegeCombobox } from './college-combobox';
import { NextSteps } from './next-steps';
import { SubmitButton } from './submit-button';
import { Button } from '@/ui/components/button';

/** Step 2 (signed in): read-only e-mail, university selector, submit, consent and sign-out. */
export default function JoinForm({
  focusHeading = false,
  onSignedOut,
}: {
  /** Focus the heading on mount (after the student signed in). */
  focusHeading?: boolean;
  onSignedOut?: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading, focusHeading);
  const email = useAppStore((s) => emailField(s.card));
  const displayName = useAppStore((s) => cardUser(s.card)?.displayName ?? '');
  const status = useAppStore((s) => submitStatus(s.card));
  const hasCollege = useAppStore((s) => s.card.college !== null);
  const join = useAppStore((s) => s.join);
  const editing = useAppStore((s) => editingCollege(s.card));
  const wantsHeroConsent = useAppStore((s) => s.card.step === 'form' && s.card.wantsHeroConsent);
  const setWantsHeroConsent = useAppStore((s) => s.setWantsHeroConsent);
  const joined = status === 'success' || status === 'already';
  const signOut = useAppStore((s) => s.signOut);
  const [missingCollege, setMissingCollege] = useState(false);
  const invalid = missingCollege && !hasCollege;
  // After her own join, focus moves into the card's next steps (the button she pressed is
  // disabled, and a disabled button loses focus); not when a returning student's card loads.
  const [focusSteps, setFocusSteps] = useState(false);
  const stepsFocused = useCallback(() => setFocusSteps(false), []);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const outcome = await join();
    if (outcome.ok) {
      setMissingCollege(false);
      setFocusSteps(true);
    } else if (outcome.code === 'validation/college-required') setMissingCollege(true);
    toastOutcome(outcome, {
      ok: ({ heroConsentFailed }) => [
        ['success', MESSAGES.joined, MESSAGES.joinedDescription],
        ...(heroConsentFailed
          ? [['error', MESSAGES.heroConsentFailedAtJoin, MESSAGES.tryAgain] as const]
          : []),
      ],
      byCode: { 'validation/college-required': COLLEGE_REQUIRED },
      failed: ['error', MESSAGES.joinFailed, MESSAGES.joinFailedDescription],
    });
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="join-title">
      <p className="text-sm font-semibold text-indigo-700">Paso 2 de 2</p>
      <h3
        id="join-title"
        ref={heading}
        tabIndex={-1}
        className="mt-1 text-xl font-semibold outline-none"
      >
        {displayName ? `Hola, ${displayName.split(' ')[0]}` : 'Completa tu registro'}
      </h3>
      <div className="mt-5 space-y-4">
        <div>
          <label htmlFor="waitlist-email" className="block text-sm font-medium text-slate-800">
            Correo electrónico
          </label>
          <input
            id="waitlist-email"
            type="email"
            value={email}
            readOnly
            required
            aria-readonly="true"
            autoComplete="email"
            className="mt-1.5 min-h-12 w-full rounded-xl border border-slate-300 bg-slate-50 px-4 text-slate-800"
          />
        </div>
        <div>
          <span id="college-label" className="block text-sm font-medium text-slate-800">
            Universidad
          </span>
          <div className="mt-1.5">
            <CollegeCombobox
              labelId="college-label"
              disabled={status !== 'idle' && !editing}
              invalid={invalid}
              {...(invalid ? { describedBy: 'college-error' } : {})}
            />
          </div>
          {invalid && (
            <p id="college-error" className="mt-1.5 text-sm font-medium text-rose-700">
              {MESSAGES.collegeRequired}
            </p>
          )}
        </div>
        {!joined && (
          <label className="flex min-h-11 items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="mt-1 size-4 accent-indigo-600"
              checked={wantsHeroConsent}
              disabled={status !== 'idle'}
              onChange={(event) => setWantsHeroConsent(event.target.checked)}
            />
            <span>{MESSAGES.heroConsentLabel} (opcional)</span>
          </label>
        )}
        <SubmitButton status={status} />
        {joined && <NextSteps focusAfterJoin={focusSteps} onFocused={stepsFocused} />}
        <p className="text-xs text-slate-600">
          Al unirte confirmas que tienes 18 años o más y aceptas recibir actualizaciones sobre el
          lanzamiento en tu campus. Guardamos tu correo, tu campus, la fecha en que te uniste y esa
          confirmación; el inicio de sesión nos da además tu nombre, tu foto y un identificador de
          tu cuenta. Respetamos tu privacidad: nada de spam.{' '}
          <a href={PRIVACY_NOTICE_PATH} className="font-medium text-indigo-700 underline">
            Aviso de privacidad
          </a>
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={() =>
            void signOut().then((outcome) => {
              if (outcome.ok) onSignedOut?.();
            })
          }
          className="text-sm"
        >
          <LogOut className="size-4" aria-hidden="true" />
          Cerrar sesión
        </Button>
      </div>
    </form>
  );
}
