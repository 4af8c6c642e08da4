import { useEffect, useRef } from 'react';
import { leaveTokenOfSearch } from '@/domain/mail/leave-token';
import { Button, buttonVariants } from '@/ui/components/button';
import { cn } from '@/ui/components/cn';
import { CurrentYear, Footer } from '@/ui/landing/footer';
import { MESSAGES } from '@/ui/messages';
import type { LeaveLinkView } from '@/ui/store/app-store';
import { useAppStore } from '@/ui/store/store-context';

/** What the page says for each refused link and after leaving (issue 25). */
export const LEAVE_LINK_TEXTS = {
  checking: 'Revisando tu enlace…',
  ask: '¿Quieres salir de la lista de espera?',
  askDescription:
    'Borraremos tu registro (correo, campus y fecha), tu permiso para mostrar tu foto y tu cuenta. Dejaremos de escribirte. Puedes volver a unirte cuando quieras.',
  confirm: 'Sí, salir de la lista',
  leaving: 'Saliendo…',
  left: MESSAGES.left,
  leftDescription: MESSAGES.leftDescription,
  invalid: 'Este enlace no es válido',
  invalidDescription:
    'Revisa que lo hayas abierto completo desde nuestro correo. No borramos nada.',
  expired: 'Este enlace ya venció',
  expiredDescription:
    'Los enlaces para salir duran 90 días: con este ya no podemos borrar tu registro ni tu cuenta, pero sí dejar de escribirte. Para salir de la lista, usa el enlace de nuestro correo más reciente, o entra a la página con tu cuenta y elige «Salir de la lista de espera». No borramos nada.',
  stop: 'Dejar de recibir correos',
  stopping: 'Un momento…',
  stopped: 'Ya no te enviaremos correos',
  stoppedDescription:
    'Sigues en la lista de espera: no borramos nada. Si quieres salir y borrar tu cuenta, entra a la página con tu cuenta y elige «Salir de la lista de espera».',
  stopFailed: 'No pudimos dejar de escribirte',
  used: 'Este enlace ya no sirve',
  usedDescription:
    'Ya saliste de la lista con él, o te uniste de nuevo después. No borramos nada. Si quieres salir, entra a la página con tu cuenta y elige «Salir de la lista de espera».',
  checkFailed: 'No pudimos revisar tu enlace',
  leaveFailed: MESSAGES.leaveFailed,
  tryAgain: MESSAGES.tryAgain,
  retry: 'Reintentar',
  home: 'Volver al inicio',
} as const;

const T = LEAVE_LINK_TEXTS;

/** The title and description of a finished or failed view. */
function outcome(view: LeaveLinkView): { title: string; description: string } | null {
  if (view.status === 'failed') {
    return {
      title: { check: T.checkFailed, leave: T.leaveFailed, stop: T.stopFailed }[view.step],
      description: T.tryAgain,
    };
  }
  if (view.status === 'stopping') return { title: T.expired, description: T.expiredDescription };
  if (view.status !== 'done') return null;
  switch (view.state) {
    case 'left':
      return { title: T.left, description: T.leftDescription };
    case 'expired':
      return { title: T.expired, description: T.expiredDescription };
    case 'stopped':
      return { title: T.stopped, description: T.stoppedDescription };
    case 'used':
      return { title: T.used, description: T.usedDescription };
    default:
      return { title: T.invalid, description: T.invalidDescription };
  }
}

/**
 * `/salir?token=…` (issue 25): the personal leave link of every e-mail. Checks the link, asks,
 * then leaves without a sign-in; a bad link says why and deletes nothing. Prerendered as its
 * first state ('Revisando tu enlace…'); the token never leaves this page but for the backend.
 */
export function LeaveLinkPage() {
  const view = useAppStore((s) => s.leaveLink);
  const check = useAppStore((s) => s.checkLeaveLink);
  const leave = useAppStore((s) => s.leaveByLink);
  const stop = useAppStore((s) => s.stopMailByLink);
  const token = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    token.current = typeof location === 'undefined' ? null : leaveTokenOfSearch(location.search);
    void check(token.current);
  }, [check]);

  // Each new answer is announced by the live region; focus follows it to the new heading.
  const shown = outcome(view);
  useEffect(() => {
    if (view.status !== 'checking' && view.status !== 'leaving' && view.status !== 'stopping') {
      heading.current?.focus();
    }
  }, [view.status]);

  return (
    <>
      <main
        id="main"
        className="grid min-h-dvh place-items-center bg-gradient-to-b from-indigo-50 to-white px-6 py-16"
      >
        <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg ring-1 ring-slate-200">
          <p className="text-sm font-semibold text-indigo-700">De estudiantes a estudiantes</p>
          <div
            aria-live="polite"
            aria-busy={
              view.status === 'checking' || view.status === 'leaving' || view.status === 'stopping'
            }
          >
            {view.status === 'checking' ? (
              <h1 className="mt-2 text-2xl font-bold text-slate-900">{T.checking}</h1>
            ) : view.status === 'ask' || view.status === 'leaving' ? (
              <>
                <h1 ref={heading} tabIndex={-1} className="mt-2 text-2xl font-bold text-slate-900">
                  {T.ask}
                </h1>
                <p className="mt-3 text-slate-700">{T.askDescription}</p>
                <div className="mt-6 flex flex-wrap gap-3">
                  <Button
                    disabled={view.status === 'leaving'}
                    onClick={() => void leave(token.current)}
                  >
                    {view.status === 'leaving' ? T.leaving : T.confirm}
                  </Button>
                  <a href="/" className={buttonVariants({ variant: 'ghost' })}>
                    {T.home}
                  </a>
                </div>
              </>
            ) : (
              <>
                <h1 ref={heading} tabIndex={-1} className="mt-2 text-2xl font-bold text-slate-900">
                  {shown?.title}
                </h1>
                <p className="mt-3 text-slate-700">{shown?.description}</p>
                <div className="mt-6 flex flex-wrap gap-3">
                  {view.status === 'failed' && (
                    <Button onClick={() => void { check, leave, stop }[view.step](token.current)}>
                      {T.retry}
                    </Button>
                  )}
                  {((view.status === 'done' && view.state === 'expired') ||
                    view.status === 'stopping') && (
                    <Button
                      disabled={view.status === 'stopping'}
                      onClick={() => void stop(token.current)}
                    >
                      {view.status === 'stopping' ? T.stopping : T.stop}
                    </Button>
                  )}
                  <a
                    href="/"
                    className={cn(
                      buttonVariants({
                        variant:
                          view.status === 'failed' ||
                          view.status === 'stopping' ||
                          (view.status === 'done' && view.state === 'expired')
                            ? 'ghost'
                            : 'primary',
                      }),
                    )}
                  >
                    {T.home}
                  </a>
                </div>
              </>
            )}
          </div>
        </div>
      </main>
      <Footer home="/" year={<CurrentYear />} />
    </>
  );
}
