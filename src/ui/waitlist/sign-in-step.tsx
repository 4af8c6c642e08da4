import { Loader2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { collegeLabel } from '@/domain/college';
import { greetingName } from '@/domain/user';
import { MESSAGES, signInErrorMessage } from '@/ui/messages';
import { PRIVACY_NOTICE_PATH, SITE } from '@/ui/site-config';
import { signingIn } from '@/ui/card/card-view';
import { toastOutcome } from '@/ui/outcome-toast';
import { useAppStore } from '@/ui/store/store-context';
import { useFocusOnMount } from '@/ui/hooks/use-focus-on-mount';
import { useInView } from '@/ui/hooks/use-in-view';
import { GoogleIcon } from './google-icon';

/** What an invite link shows (issue 48): loaded only when the visit arrived with one. */
const InviteContext = lazy(() =>
  import('./invite-context').then((m) => ({ default: m.InviteContext })),
);
/** A campus page's progress (issue 60): loaded once the backend has answered it. */
const PageCampusProgress = lazy(() =>
  import('./page-campus-progress').then((m) => ({ default: m.PageCampusProgress })),
);
import { OpenInBrowserNotice } from './open-in-browser-notice';
import { Button } from '@/ui/components/button';

/** Step 1 (signed out): sign in through the provider's popup, with a short privacy notice. */
export function SignInStep({
  focusHeading = false,
  onSignedIn,
}: {
  /** Focus the heading on mount (after the student signed out). */
  focusHeading?: boolean;
  onSignedIn?: () => void;
}) {
  const signIn = useAppStore((s) => s.signIn);
  const busy = useAppStore((s) => signingIn(s.card));
  const prepareSignIn = useAppStore((s) => s.prepareSignIn);
  const invited = useAppStore((s) => s.invitePreview !== null);
  const pageCollege = useAppStore((s) => s.pageCollege);
  const hasPageProgress = useAppStore((s) => s.pageProgress !== null);
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading, focusHeading);
  // The provider's popup needs a script of its own; it loads when the step comes near the
  // viewport (or the pointer or focus reaches the button), never with the page.
  const root = useRef<HTMLDivElement>(null);
  const near = useInView(root, { threshold: 0, rootMargin: '50% 0px' });
  useEffect(() => {
    if (near) prepareSignIn();
  }, [near, prepareSignIn]);

  const onClick = async () => {
    const outcome = await signIn();
    if (outcome.ok) onSignedIn?.();
    else if (outcome.code !== 'ignored' && outcome.code !== 'auth/popup-closed-by-user') {
      console.error('Sign-in error', outcome.error);
    }
    toastOutcome(outcome, {
      ok: (user) => [['success', MESSAGES.welcome(greetingName(user))]],
      failed: (code) => ['error', signInErrorMessage(code)],
    });
  };

  return (
    <div ref={root}>
      <p className="text-sm font-semibold text-indigo-700">Paso 1 de 2</p>
      <h3 ref={heading} tabIndex={-1} className="mt-1 text-xl font-semibold outline-none">
        Inicia sesión para reservar tu lugar
      </h3>
      {invited ? (
        <Suspense fallback={null}>
          <InviteContext />
        </Suspense>
      ) : (
        pageCollege && (
          // A campus's page (issue 60): its campus is already chosen, and its progress follows
          // the page (two lines kept for it, so that the button does not move when it comes).
          <div className="mt-3 text-sm text-slate-700">
            <p data-testid="page-campus">
              Lista de espera de <strong>{collegeLabel(pageCollege)}</strong>. Podrás elegir otro
              campus en el paso 2.
            </p>
            <p className="mt-1 min-h-10" data-testid="page-campus-progress" aria-live="polite">
              {hasPageProgress && (
                <Suspense fallback={null}>
                  <PageCampusProgress />
                </Suspense>
              )}
            </p>
          </div>
        )
      )}
      <OpenInBrowserNotice />
      <Button
        variant="outline"
        size="lg"
        onClick={() => void onClick()}
        onPointerEnter={prepareSignIn}
        onFocus={prepareSignIn}
        disabled={busy}
        aria-busy={busy}
        className="mt-5 w-full disabled:opacity-70"
      >
        {busy ? (
          <Loader2 className="size-5 motion-safe:animate-spin" aria-hidden="true" />
        ) : (
          <GoogleIcon />
        )}
        Continuar con Google
      </Button>
      <p className="mt-4 text-sm text-slate-600" data-testid="privacy-notice">
        Google nos comparte tu nombre, tu correo y tu foto; guardamos tu correo, tu campus y la
        fecha, solo para avisarte cuando el marketplace abra en tu universidad.
        {SITE.privacyResponsible && ` Responsable: ${SITE.privacyResponsible}.`}{' '}
        <a href={PRIVACY_NOTICE_PATH} className="font-medium text-indigo-700 underline">
          Aviso de privacidad
        </a>
      </p>
    </div>
  );
}
