import { useState } from 'react';
import type { HeroPhoto } from '@/domain/operator/console-records';
import type { UseCases } from '@/domain/use-cases/use-cases';
import { Button } from '@/ui/components/button';
import { LoadedView, Outcome, Section } from './console-ui';
import { consoleErrorMessage } from './operator-texts';
import { useLoad } from './use-load';

type Operator = UseCases['operator'];

const STATUS: Readonly<Record<HeroPhoto['status'], string>> = {
  pending: 'Por revisar',
  approved: 'Aprobada',
  rejected: 'Rechazada',
};

/**
 * 'Fotos': the hero strip's photos as the strip shows them (round avatars), each to approve or
 * reject, and the strip's kill switch.
 */
export function PhotosSection({ operator }: { operator: Operator }) {
  const { state, reload } = useLoad(() => operator.heroPhotos());
  const [outcome, setOutcome] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const act = async (action: () => Promise<void>, done: string) => {
    setBusy(true);
    setOutcome(null);
    try {
      await action();
      setOutcome({ text: done, error: false });
      reload();
    } catch (error) {
      console.error('The photo review failed', error);
      setOutcome({ text: consoleErrorMessage(error), error: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title="Fotos">
      <Outcome text={outcome?.text ?? null} error={outcome?.error} />
      <LoadedView state={state} retry={reload}>
        {(review) => {
          const order = { pending: 0, approved: 1, rejected: 2 };
          const photos = [...review.photos].sort((a, b) => order[a.status] - order[b.status]);
          return (
            <>
              <div className="flex flex-wrap items-center gap-4 rounded-xl bg-white p-4 ring-1 ring-slate-200">
                <p>
                  La tira de fotos de la página principal está{' '}
                  <strong>{review.stripEnabled ? 'encendida' : 'apagada'}</strong>.
                </p>
                <Button
                  variant={review.stripEnabled ? 'secondary' : 'primary'}
                  size="sm"
                  disabled={busy}
                  onClick={() =>
                    void act(
                      () => operator.setStrip(!review.stripEnabled),
                      review.stripEnabled
                        ? 'Apagamos la tira de fotos.'
                        : 'Encendimos la tira de fotos.',
                    )
                  }
                >
                  {review.stripEnabled ? 'Apagar la tira' : 'Encender la tira'}
                </Button>
              </div>
              {photos.length === 0 ? (
                <p className="text-slate-700">No hay fotos por revisar.</p>
              ) : (
                <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                  {photos.map((p, i) => (
                    <li
                      key={p.uid}
                      data-testid="hero-photo"
                      className="flex items-center gap-4 rounded-xl bg-white p-4 ring-1 ring-slate-200"
                    >
                      <img
                        src={p.photo}
                        alt={`Foto ${i + 1}`}
                        width={44}
                        height={44}
                        referrerPolicy="no-referrer"
                        className="size-11 shrink-0 rounded-full bg-slate-200 object-cover ring-2 ring-white"
                      />
                      <div className="min-w-0 flex-1">
                        <p className="text-sm font-medium">{STATUS[p.status]}</p>
                        <p className="truncate font-mono text-xs text-slate-600">{p.uid}</p>
                        {p.status === 'pending' && (
                          <div className="mt-2 flex flex-wrap gap-2">
                            <Button
                              size="sm"
                              disabled={busy}
                              aria-label={`Aprobar la foto ${i + 1}`}
                              onClick={() =>
                                void act(() => operator.reviewPhoto(p.uid, true), 'Foto aprobada.')
                              }
                            >
                              Aprobar
                            </Button>
                            <Button
                              size="sm"
                              variant="secondary"
                              disabled={busy}
                              aria-label={`Rechazar la foto ${i + 1}`}
                              onClick={() =>
                                void act(
                                  () => operator.reviewPhoto(p.uid, false),
                                  'Foto rechazada.',
                                )
                              }
                            >
                              Rechazar
                            </Button>
                          </div>
                        )}
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </>
          );
        }}
      </LoadedView>
    </Section>
  );
}
