import { useEffect, useRef, useState } from 'react';
import {
  SELLER_CATEGORIES,
  SELLER_CATEGORY_LABELS,
  type SellerCategory,
} from '@/domain/seller-choice';
import { Button } from '@/ui/components/button';
import { MESSAGES } from '@/ui/messages';
import { useAppStore } from '@/ui/store/store-context';
import { StepDisclosure } from './step-disclosure';
import type { StepProps } from './step-props';
import { useCommand } from './use-command';

/** The step's one line: what the student's saved choice holds. */
function sellerSummary(saved: readonly SellerCategory[] | null, failed: boolean) {
  // A failed read says so inside the step (open while it does), not twice.
  if (!saved) return failed ? undefined : 'Cargando…';
  return saved.length
    ? `Marcaste: ${saved.map((c) => SELLER_CATEGORY_LABELS[c]).join(', ')}`
    : 'Aún no marcas nada.';
}

/**
 * '¿Quieres vender en tu campus?' (issue 49): one box per offering of the landing page, none
 * ticked at first, and 'Guardar'. Optional, changeable and clearable (saving none clears it). A
 * failed save keeps what was ticked and offers 'Reintentar'. No `<form>`: the card sits in one.
 * Reading and saving are commands in the card's one idiom (`useCommand`).
 */
export function SellerChoiceForm({
  readNow,
  open,
  onToggle,
  onError,
}: StepProps & { readNow: boolean }) {
  const [load, startLoad] = useCommand(useAppStore((s) => s.loadSellerChoice));
  const [save, startSave] = useCommand(useAppStore((s) => s.saveSellerChoice));
  const [ticked, setTicked] = useState<readonly SellerCategory[]>([]);
  const ready = load.status === 'done';
  const saving = save.status === 'pending';
  const failed = load.status === 'failed' || save.status === 'failed';

  const read = () =>
    void startLoad().then((outcome) => {
      if (outcome.ok) setTicked(outcome.value);
    });
  // Read once, after the campus (the card's first read) has answered: one read at a time.
  const started = useRef(false);
  useEffect(() => {
    if (!readNow || started.current) return;
    started.current = true;
    read();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readNow]);
  useEffect(() => onError(failed), [failed, onError]);

  const toggle = (category: SellerCategory, on: boolean) =>
    setTicked((current) =>
      SELLER_CATEGORIES.filter((c) => (c === category ? on : current.includes(c))),
    );
  const onSave = () =>
    void startSave(ticked).then((outcome) => {
      if (outcome.ok) setTicked(outcome.value);
    });

  const saved = save.status === 'done' ? save.value : ready ? load.value : null;
  const notice =
    save.status === 'done'
      ? save.value.length
        ? MESSAGES.sellerSaved
        : MESSAGES.sellerCleared
      : '';
  const alert =
    load.status === 'failed'
      ? MESSAGES.sellerLoadFailed
      : save.status === 'failed'
        ? MESSAGES.sellerSaveFailed
        : '';

  // One shape in every state: while the choice is read (or when reading it failed) the boxes
  // are there, unticked and disabled, so that nothing below moves when it arrives (a tap aimed
  // at 'Cambiar campus' or 'Cerrar sesión' lands where it was aimed).
  return (
    <StepDisclosure
      step="sell"
      title="¿Quieres vender en tu campus?"
      summary={sellerSummary(saved, load.status === 'failed')}
      open={open}
      onToggle={onToggle}
      testId="seller-choice"
    >
      <fieldset aria-busy={!ready && load.status !== 'failed'}>
        <legend className="sr-only">¿Quieres vender en tu campus?</legend>
        <p className="text-slate-600">
          Opcional: marca lo que te gustaría vender. Puedes cambiarlo cuando quieras.
        </p>
        <div className="mt-2 grid grid-cols-[repeat(auto-fit,minmax(7.5rem,1fr))] gap-x-3">
          {SELLER_CATEGORIES.map((category) => (
            <label key={category} className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                className="size-4 shrink-0 accent-indigo-600"
                checked={ticked.includes(category)}
                disabled={!ready || saving}
                onChange={(event) => toggle(category, event.target.checked)}
              />
              <span>{SELLER_CATEGORY_LABELS[category]}</span>
            </label>
          ))}
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {load.status === 'failed' ? (
            <Button type="button" variant="ghost" size="sm" onClick={read}>
              Reintentar
            </Button>
          ) : (
            <>
              <Button type="button" size="sm" disabled={!ready || saving} onClick={onSave}>
                {!ready ? 'Cargando…' : saving ? 'Guardando…' : 'Guardar'}
              </Button>
              {save.status === 'failed' && (
                <Button type="button" variant="ghost" size="sm" onClick={onSave}>
                  Reintentar
                </Button>
              )}
            </>
          )}
        </div>
      </fieldset>
      {/* Steady live regions: errors are alerts, the rest polite. */}
      <p role="alert" className="mt-1 font-medium text-rose-700 empty:hidden">
        {alert}
      </p>
      <p role="status" className="mt-1 text-emerald-800 empty:hidden" data-testid="seller-status">
        {notice}
      </p>
    </StepDisclosure>
  );
}
