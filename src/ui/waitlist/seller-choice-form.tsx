import { useCallback, useEffect, useId, useState } from 'react';
import {
  SELLER_CATEGORIES,
  SELLER_CATEGORY_LABELS,
  type SellerCategory,
} from '@/domain/seller-choice';
import { Button } from '@/ui/components/button';
import { MESSAGES } from '@/ui/messages';
import { useAppStore } from '@/ui/store/store-context';

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready' };
interface Notice {
  readonly text: string;
  readonly error: boolean;
}

/**
 * '¿Quieres vender en tu campus?' (issue 49): one box per offering of the landing page, none
 * ticked at first, and 'Guardar'. Optional, changeable and clearable (saving none clears it). A
 * failed save keeps what was ticked and offers 'Reintentar'. No `<form>`: the card may sit in one.
 */
export function SellerChoiceForm() {
  const loadSellerChoice = useAppStore((s) => s.loadSellerChoice);
  const saveSellerChoice = useAppStore((s) => s.saveSellerChoice);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [ticked, setTicked] = useState<readonly SellerCategory[]>([]);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const id = useId();
  const ready = loaded.status === 'ready';

  const apply = useCallback((outcome: Awaited<ReturnType<typeof loadSellerChoice>>) => {
    if (outcome.ok) {
      setTicked(outcome.value);
      setLoaded({ status: 'ready' });
    } else if (outcome.code !== 'ignored') {
      setLoaded({ status: 'failed' });
    }
  }, []);
  const load = () => {
    setLoaded({ status: 'loading' });
    void loadSellerChoice().then(apply);
  };

  useEffect(() => {
    let live = true;
    void loadSellerChoice().then((outcome) => {
      if (live) apply(outcome);
    });
    return () => {
      live = false;
    };
  }, [loadSellerChoice, apply]);

  const toggle = (category: SellerCategory, on: boolean) =>
    setTicked((current) =>
      SELLER_CATEGORIES.filter((c) => (c === category ? on : current.includes(c))),
    );

  const save = async () => {
    if (saving) return;
    setSaving(true);
    setNotice(null);
    const outcome = await saveSellerChoice(ticked);
    setSaving(false);
    if (outcome.ok) {
      setTicked(outcome.value);
      setNotice({
        text: outcome.value.length ? MESSAGES.sellerSaved : MESSAGES.sellerCleared,
        error: false,
      });
    } else if (outcome.code !== 'ignored') {
      setNotice({ text: MESSAGES.sellerSaveFailed, error: true });
    }
  };

  // One shape in every state: while the choice is read (or when reading it failed) the boxes
  // are there, unticked and disabled, so that nothing below moves when it arrives (a tap aimed
  // at 'Cambiar campus' or 'Cerrar sesión' lands where it was aimed).
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl bg-slate-50 p-4 text-sm text-slate-800"
      data-testid="seller-choice"
    >
      <fieldset aria-busy={loaded.status === 'loading'}>
        <legend id={`${id}-title`} className="font-semibold text-slate-900">
          ¿Quieres vender en tu campus?
        </legend>
        <p className="mt-1 text-slate-600">
          Opcional: marca lo que te gustaría vender. Puedes cambiarlo cuando quieras.
        </p>
        <div className="mt-2 grid grid-cols-1 gap-x-4 sm:grid-cols-2">
          {SELLER_CATEGORIES.map((category) => (
            <label key={category} className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                className="size-4 accent-indigo-600"
                checked={ticked.includes(category)}
                disabled={!ready || saving}
                onChange={(event) => toggle(category, event.target.checked)}
              />
              <span>{SELLER_CATEGORY_LABELS[category]}</span>
            </label>
          ))}
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {loaded.status === 'failed' ? (
            <Button type="button" variant="ghost" size="sm" onClick={load}>
              Reintentar
            </Button>
          ) : (
            <>
              <Button
                type="button"
                size="sm"
                disabled={!ready || saving}
                onClick={() => void save()}
              >
                {loaded.status === 'loading' ? 'Cargando…' : saving ? 'Guardando…' : 'Guardar'}
              </Button>
              {notice?.error && (
                <Button type="button" variant="ghost" size="sm" onClick={() => void save()}>
                  Reintentar
                </Button>
              )}
            </>
          )}
        </div>
      </fieldset>
      {/* Steady live regions: errors are alerts, the rest polite. */}
      <p role="alert" className="mt-1 font-medium text-rose-700 empty:hidden">
        {loaded.status === 'failed' ? MESSAGES.sellerLoadFailed : notice?.error ? notice.text : ''}
      </p>
      <p role="status" className="mt-1 text-emerald-800 empty:hidden" data-testid="seller-status">
        {notice && !notice.error ? notice.text : ''}
      </p>
    </section>
  );
}
