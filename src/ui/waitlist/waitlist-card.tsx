import { Loader2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { noteRetryIntent } from '@/ui/kit/lost-chunk-recovery';
import { RetryBoundary } from '@/ui/components/retry-boundary';
import { signedIn as isSignedIn } from '@/ui/card/card-view';
import { useAppStore } from '@/ui/store/store-context';
import { SignInStep } from './sign-in-step';
import { forgetStepChoices } from './forget-steps';
import { Button } from '@/ui/components/button';

/** Step 2 loads with the selector's libraries only once a student has signed in. */
const lazyJoinForm = () => lazy(() => import('./join-form'));

/**
 * The backend could not start (e.g. its configuration is missing). Students get a Spanish
 * sentence; the variable names and the file to set them in are for developers, in the console
 * (the store logs the ConfigError).
 */
function BackendUnavailable({ retryable }: { retryable: boolean }) {
  const retryStart = useAppStore((s) => s.retryStart);
  return (
    <div role="alert" className="rounded-xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200">
      <p className="font-semibold">El registro no está disponible en este momento.</p>
      <p className="mt-1 text-sm">Por favor intenta nuevamente más tarde.</p>
      {retryable && (
        // The backend's code was lost to the network (not missing configuration): try again.
        <Button
          onClick={() => {
            noteRetryIntent();
            retryStart();
          }}
          className="mt-3"
        >
          Reintentar
        </Button>
      )}
    </div>
  );
}

/**
 * Before the first auth answer it is not known which step to show: a returning signed-in student
 * would see step 1 flash before step 2. Until then the card holds a quiet placeholder: the sign-in
 * step itself, invisible and inert, so the card has its height at every width (no layout shift
 * when step 1 appears), with a small spinner over it.
 */
function AuthPending() {
  return (
    <div className="relative" data-testid="auth-pending" aria-busy="true">
      <div className="invisible" aria-hidden="true" inert>
        <SignInStep />
      </div>
      <div role="status" className="absolute inset-0 flex items-center justify-center">
        <Loader2 className="size-6 text-slate-400 motion-safe:animate-spin" aria-hidden="true" />
        <span className="sr-only">Cargando…</span>
      </div>
    </div>
  );
}

/** The waitlist's two steps: signed out, sign in; signed in, the join form. */
export function WaitlistCard() {
  const step = useAppStore((s) => s.card.step);
  const signedIn = useAppStore((s) => isSignedIn(s.card));
  // The backend's code was lost to the network (not missing configuration): a retry may work.
  const retryable = useAppStore((s) => s.card.step === 'unavailable' && !s.card.missing.length);
  // A failed chunk stays failed inside React.lazy: a retry needs a new lazy component.
  const [JoinForm, setJoinForm] = useState(lazyJoinForm);
  // Focus moves to the new step's heading after the student's own sign-in or sign-out, not
  // when a returning student's session is restored on load.
  const [moveFocus, setMoveFocus] = useState(false);
  const stepChanged = () => setMoveFocus(true);
  // Signed out (here or in another tab): the browser keeps nothing of the student's steps.
  useEffect(() => {
    if (step === 'signedOut') forgetStepChoices();
  }, [step]);
  return (
    <div
      className="rounded-3xl bg-white p-6 text-slate-900 shadow-xl sm:p-8"
      data-testid="waitlist-card"
    >
      {step === 'unavailable' ? (
        <BackendUnavailable retryable={retryable} />
      ) : step === 'starting' ? (
        <AuthPending />
      ) : signedIn ? (
        <RetryBoundary onRetry={() => setJoinForm(lazyJoinForm)}>
          <Suspense fallback={<p className="py-10 text-center text-slate-600">Cargando…</p>}>
            <JoinForm focusHeading={moveFocus} onSignedOut={stepChanged} />
          </Suspense>
        </RetryBoundary>
      ) : (
        <SignInStep focusHeading={moveFocus} onSignedIn={stepChanged} />
      )}
    </div>
  );
}
