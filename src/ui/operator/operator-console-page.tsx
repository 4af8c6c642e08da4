import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { User } from '@/domain/user';
import type { UseCases } from '@/domain/use-cases/use-cases';
import { Button } from '@/ui/components/button';
import { GoogleIcon } from '@/ui/waitlist/google-icon';
import { signInErrorMessage } from '@/ui/messages';
import { AppError } from '@/domain/errors';
import { CampusesSection } from './campuses-section';
import { HealthSection, LogSection } from './records-sections';
import { PhotosSection } from './photos-section';
import { RequestsSection } from './requests-section';
import { StudentsSection } from './students-section';
import { CONSOLE_TEXTS, consoleErrorMessage, isPermissionDenied } from './operator-texts';

type Operator = UseCases['operator'];

/** The console's sections, in the order of the tabs; the address's hash names the open one. */
export const SECTIONS = [
  { id: 'campus', label: 'Campus' },
  { id: 'solicitudes', label: 'Solicitudes' },
  { id: 'fotos', label: 'Fotos' },
  { id: 'estudiantes', label: 'Estudiantes' },
  { id: 'salud', label: 'Salud' },
  { id: 'registro', label: 'Registro' },
] as const;
type SectionId = (typeof SECTIONS)[number]['id'];

/** The section and the campus (`#campus/udg-cucei`) the address names. */
export function placeOf(hash: string): { section: SectionId; campus: string | null } {
  const [section = '', campus = ''] = hash.replace(/^#/, '').split('/');
  const known = SECTIONS.find((s) => s.id === section);
  return {
    section: known?.id ?? 'campus',
    campus: known?.id === 'campus' && campus ? decodeURIComponent(campus) : null,
  };
}

type Gate =
  | { status: 'starting' }
  | { status: 'signed-out'; error: string | null; busy: boolean }
  | { status: 'checking' }
  | { status: 'denied' }
  | { status: 'failed'; message: string }
  | { status: 'in'; email: string };

/**
 * `/operador` (issue 61): the page's Google sign-in, then the operator's role as the server
 * answers it. An account without the role sees 'No tienes acceso a la consola.' and nothing else;
 * an operator sees the sections as tabs.
 */
export function OperatorConsolePage({ loadUseCases }: { loadUseCases: () => Promise<UseCases> }) {
  const [useCases, setUseCases] = useState<UseCases | null>(null);
  const [gate, setGate] = useState<Gate>({ status: 'starting' });
  const heading = useRef<HTMLHeadingElement>(null);

  const load = useCallback(() => {
    loadUseCases().then(setUseCases, (error: unknown) => {
      console.error('The console could not load', error);
      setGate({ status: 'failed', message: consoleErrorMessage(error) });
    });
  }, [loadUseCases]);
  useEffect(load, [load]);

  const check = useCallback((op: Operator) => {
    setGate({ status: 'checking' });
    op.access().then(
      ({ email }) => setGate({ status: 'in', email }),
      (error: unknown) => {
        if (isPermissionDenied(error)) setGate({ status: 'denied' });
        else {
          console.error('The console could not check the role', error);
          setGate({ status: 'failed', message: consoleErrorMessage(error) });
        }
      },
    );
  }, []);

  useEffect(() => {
    if (!useCases) return;
    let user: User | null | undefined;
    return useCases.watchAuth((next) => {
      if (next?.uid === user?.uid && user !== undefined) return;
      user = next;
      if (next) check(useCases.operator);
      else setGate({ status: 'signed-out', error: null, busy: false });
    });
  }, [useCases, check]);

  useEffect(() => {
    if (gate.status !== 'starting' && gate.status !== 'checking') heading.current?.focus();
  }, [gate.status]);

  const signIn = async () => {
    if (!useCases) return;
    setGate({ status: 'signed-out', error: null, busy: true });
    try {
      await useCases.signIn();
    } catch (error) {
      const code = error instanceof AppError ? error.code : 'auth/sign-in-failed';
      setGate({ status: 'signed-out', error: signInErrorMessage(code), busy: false });
    }
  };
  const signOut = () => void useCases?.signOut().catch(() => {});

  if (gate.status === 'in') {
    return useCases ? (
      <Console email={gate.email} operator={useCases.operator} onSignOut={signOut} />
    ) : null;
  }
  return (
    <main id="main" className="grid min-h-dvh place-items-center bg-slate-50 px-6 py-16">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg ring-1 ring-slate-200">
        <p className="text-sm font-semibold text-indigo-700">De estudiantes a estudiantes</p>
        <div aria-live="polite">
          {gate.status === 'starting' || gate.status === 'checking' ? (
            <h1 className="mt-2 text-2xl font-bold text-slate-900">{CONSOLE_TEXTS.loading}</h1>
          ) : gate.status === 'denied' ? (
            <>
              <h1
                ref={heading}
                tabIndex={-1}
                className="outline-none mt-2 text-2xl font-bold text-slate-900"
              >
                {CONSOLE_TEXTS.denied}
              </h1>
              <Button variant="secondary" className="mt-6" onClick={signOut}>
                {CONSOLE_TEXTS.signOut}
              </Button>
            </>
          ) : gate.status === 'failed' ? (
            <>
              <h1
                ref={heading}
                tabIndex={-1}
                className="outline-none mt-2 text-2xl font-bold text-slate-900"
              >
                {CONSOLE_TEXTS.failed}
              </h1>
              <p className="mt-3 text-slate-700">{gate.message}</p>
              <Button
                className="mt-6"
                onClick={() => {
                  if (useCases) check(useCases.operator);
                  else {
                    setGate({ status: 'starting' });
                    load();
                  }
                }}
              >
                {CONSOLE_TEXTS.retry}
              </Button>
            </>
          ) : (
            <>
              <h1
                ref={heading}
                tabIndex={-1}
                className="outline-none mt-2 text-2xl font-bold text-slate-900"
              >
                {CONSOLE_TEXTS.signInTitle}
              </h1>
              <p className="mt-3 text-slate-700">{CONSOLE_TEXTS.signInHint}</p>
              <Button
                variant="outline"
                size="lg"
                className="mt-6 w-full"
                disabled={gate.busy}
                aria-busy={gate.busy}
                onPointerEnter={() => void useCases?.prepareSignIn()}
                onFocus={() => void useCases?.prepareSignIn()}
                onClick={() => void signIn()}
              >
                <GoogleIcon />
                {CONSOLE_TEXTS.signIn}
              </Button>
              {gate.error && (
                <p role="alert" className="mt-4 text-sm font-medium text-red-700">
                  {gate.error}
                </p>
              )}
            </>
          )}
        </div>
      </div>
    </main>
  );
}

/** The signed-in operator's console: a header, the sections' tabs and the open section. */
function Console({
  email,
  operator,
  onSignOut,
}: {
  email: string;
  operator: Operator;
  onSignOut: () => void;
}) {
  const [place, setPlace] = useState(() => placeOf(location.hash));
  useEffect(() => {
    const follow = () => setPlace(placeOf(location.hash));
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  const go = (section: SectionId, campus: string | null = null) => {
    const hash = `#${section}${campus ? `/${encodeURIComponent(campus)}` : ''}`;
    history.replaceState(null, '', hash);
    setPlace({ section, campus });
  };
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onTabKey = (event: KeyboardEvent, index: number) => {
    const last = SECTIONS.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? (index + 1) % SECTIONS.length
        : event.key === 'ArrowLeft'
          ? (index + last) % SECTIONS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (to === null) return;
    event.preventDefault();
    go(SECTIONS[to]!.id);
    tabs.current[to]?.focus();
  };
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
          <div>
            <p className="text-sm font-semibold text-indigo-700">De estudiantes a estudiantes</p>
            <h1 ref={heading} tabIndex={-1} className="outline-none text-2xl font-bold">
              {CONSOLE_TEXTS.title}
            </h1>
          </div>
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
            <span data-testid="operator-email">{email}</span>
            <Button variant="secondary" size="sm" onClick={onSignOut}>
              {CONSOLE_TEXTS.signOut}
            </Button>
          </div>
        </div>
        <div
          role="tablist"
          aria-label="Secciones de la consola"
          className="relative mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 sm:px-6"
        >
          {SECTIONS.map((s, i) => (
            <button
              key={s.id}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`tab-${s.id}`}
              aria-selected={place.section === s.id}
              aria-controls={place.section === s.id ? `panel-${s.id}` : undefined}
              tabIndex={place.section === s.id ? 0 : -1}
              onClick={() => go(s.id)}
              onKeyDown={(e) => onTabKey(e, i)}
              className={
                place.section === s.id
                  ? 'min-h-11 border-b-4 border-indigo-700 px-4 font-semibold text-indigo-800'
                  : 'min-h-11 border-b-4 border-transparent px-4 text-slate-700 hover:text-slate-900'
              }
            >
              {s.label}
            </button>
          ))}
        </div>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        <div id={`panel-${place.section}`} role="tabpanel" aria-labelledby={`tab-${place.section}`}>
          {place.section === 'campus' ? (
            <CampusesSection
              operator={operator}
              campus={place.campus}
              onOpen={(id) => go('campus', id)}
            />
          ) : place.section === 'solicitudes' ? (
            <RequestsSection operator={operator} />
          ) : place.section === 'fotos' ? (
            <PhotosSection operator={operator} />
          ) : place.section === 'estudiantes' ? (
            <StudentsSection operator={operator} />
          ) : place.section === 'salud' ? (
            <HealthSection operator={operator} />
          ) : (
            <LogSection operator={operator} />
          )}
        </div>
      </main>
    </div>
  );
}
