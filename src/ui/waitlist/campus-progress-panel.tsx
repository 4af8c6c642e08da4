import { BadgeCheck, Info } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/ui/components/button';
import { myEntry } from '@/ui/card/card-view';
import { campusKey, campusLabel } from '@/ui/store/campus.slice';
import { useAppStore } from '@/ui/store/store-context';
import { campusCount, campusDate, campusHeadline, verificationText } from './campus-progress-text';
import { InvitePanel } from './invite-panel';
import { SellerChoiceForm } from './seller-choice-form';
import { VerifyEmailForm } from './verify-email-form';

/**
 * How close the student's campus is to opening, whether they count toward it, and their invites
 * (issue 28). Read from the backend when the entry is loaded and again after a change of campus.
 */
export function CampusProgressPanel() {
  const key = useAppStore((s) => campusKey(s.card));
  const entry = useAppStore((s) => myEntry(s.card));
  const view = useAppStore((s) => s.campus);
  const loadMyCampus = useAppStore((s) => s.loadMyCampus);
  const label = useAppStore((s) => campusLabel(s.card, s.campus)) ?? '';
  const shown = view.status !== 'idle' && view.key === key;

  useEffect(() => {
    if (key) void loadMyCampus();
  }, [key, loadMyCampus]);

  if (!entry || !key) return null;
  if (!shown || view.status === 'loading') {
    return (
      <p className="text-sm text-slate-600" role="status">
        Cargando el avance de tu campus…
      </p>
    );
  }
  if (view.status === 'failed') {
    return (
      <div role="alert" className="text-sm text-slate-700">
        <p>No pudimos cargar el avance de tu campus.</p>
        <Button variant="ghost" size="sm" onClick={() => void loadMyCampus()}>
          Reintentar
        </Button>
      </div>
    );
  }
  const { campus } = view.data;
  const { progress } = campus;
  const count = campusCount(progress);
  const date = campusDate(progress);
  const percent =
    progress.verified === null ? 0 : Math.min(100, (progress.verified / progress.threshold) * 100);
  return (
    <>
      <section
        aria-labelledby="campus-title"
        className="rounded-xl bg-indigo-50 p-4 text-sm text-slate-800"
        data-testid="campus-progress"
      >
        <h4 id="campus-title" className="font-semibold text-slate-900">
          Tu campus
        </h4>
        <p className="mt-1" data-testid="campus-headline">
          {campusHeadline(label, progress)}
        </p>
        {count && progress.state === 'gathering' && (
          <>
            <div
              role="progressbar"
              aria-labelledby="campus-title"
              aria-valuemin={0}
              aria-valuemax={progress.threshold}
              aria-valuenow={Math.min(progress.verified ?? 0, progress.threshold)}
              aria-valuetext={count}
              className="mt-2 h-2 overflow-hidden rounded-full bg-white ring-1 ring-indigo-200"
            >
              <div className="h-full rounded-full bg-indigo-600" style={{ width: `${percent}%` }} />
            </div>
            <p className="mt-1 text-xs text-slate-600" data-testid="campus-count">
              {count}
            </p>
          </>
        )}
        {date && (
          <p className="mt-1" data-testid="campus-date">
            {date}
          </p>
        )}
        <p className="mt-2 flex items-start gap-1.5" data-testid="campus-verification">
          {campus.verified ? (
            <BadgeCheck className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
          ) : (
            <Info className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          )}
          <span>{verificationText(campus)}</span>
        </p>
        {!campus.verified && campus.university && (
          <VerifyEmailForm university={campus.university} onVerified={() => void loadMyCampus()} />
        )}
      </section>
      <InvitePanel invites={view.data.invites} campus={label} />
      <SellerChoiceForm />
    </>
  );
}
