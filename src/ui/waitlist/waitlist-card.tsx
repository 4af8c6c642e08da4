import { lazy, Suspense } from 'react';
import { useAppStore } from '@/ui/store/store-context';
import { SignInStep } from './sign-in-step';

/** Step 2 loads with the selector's libraries only once a student has signed in. */
const JoinForm = lazy(() => import('./join-form'));

function BackendUnavailable({ missing }: { missing: readonly string[] }) {
  return (
    <div role="alert" className="rounded-xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200">
      <p className="font-semibold">El registro no está disponible en este momento.</p>
      <p className="mt-1 text-sm">
        {missing.length
          ? `Falta configurar el servicio: ${missing.join(', ')}.`
          : 'Por favor intenta nuevamente más tarde.'}
      </p>
    </div>
  );
}

/** The waitlist's two steps: signed out, sign in; signed in, the join form. */
export function WaitlistCard() {
  const signedIn = useAppStore((s) => s.user !== null);
  const backendError = useAppStore((s) => s.backendError);
  return (
    <div
      className="rounded-3xl bg-white p-6 text-slate-900 shadow-xl sm:p-8"
      data-testid="waitlist-card"
    >
      {backendError ? (
        <BackendUnavailable missing={backendError.missing} />
      ) : signedIn ? (
        <Suspense fallback={<p className="py-10 text-center text-slate-600">Cargando…</p>}>
          <JoinForm />
        </Suspense>
      ) : (
        <SignInStep />
      )}
    </div>
  );
}
