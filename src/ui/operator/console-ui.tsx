import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from '@/ui/components/button';
import { cn } from '@/ui/components/cn';
import { CONSOLE_TEXTS, consoleErrorMessage } from './operator-texts';
import type { Loaded } from './use-load';

/** The console's text inputs and selects: one look, a visible focus ring, 44 px high. */
export const INPUT =
  'mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-700';

/** A labelled control with an optional hint and error, both read with it. */
export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string | null;
  children: (props: {
    id: string;
    'aria-describedby'?: string;
    'aria-invalid'?: boolean;
  }) => ReactNode;
}) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({
        id,
        ...(described ? { 'aria-describedby': described } : {}),
        ...(error ? { 'aria-invalid': true } : {}),
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** An action's outcome, announced: a polite status, an error in red. */
export function Outcome({ text, error = false }: { text: string | null; error?: boolean }) {
  return (
    <p
      role="status"
      className={cn('min-h-6 text-sm', error ? 'font-medium text-red-700' : 'text-emerald-800')}
    >
      {text}
    </p>
  );
}

/** A read's loading line, its failure with 'Reintentar', or its content. */
export function LoadedView<T>({
  state,
  retry,
  children,
}: {
  state: Loaded<T>;
  retry: () => void;
  children: (value: T) => ReactNode;
}) {
  if (state.status === 'loading') {
    return (
      <p role="status" className="text-slate-700">
        Cargando…
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <div role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
        <p>{consoleErrorMessage(state.error)}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={retry}>
          {CONSOLE_TEXTS.retry}
        </Button>
      </div>
    );
  }
  return <>{children(state.value)}</>;
}

/**
 * A modal dialog (the native `<dialog>`: focus moves into it, Escape closes it, the page behind is
 * inert) that gives focus back to what opened it when it closes.
 */
export function Dialog({
  title,
  open,
  onClose,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement as HTMLElement | null;
    dialog.showModal();
    return () => {
      dialog.close();
      opener?.focus();
    };
  }, [open]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(94vw,32rem)] overflow-y-auto overscroll-contain rounded-2xl bg-white p-6 text-slate-900 shadow-2xl backdrop:bg-slate-900/50"
    >
      <h2 id={titleId} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </dialog>
  );
}

/** A section's heading and its content. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-4">
      <h2 className="text-xl font-bold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}
