import { BadgeCheck, Info } from 'lucide-react';
import type { MyCampus } from '@/domain/campus-progress';
import { Button } from '@/ui/components/button';
import type { CampusView } from '@/ui/store/campus.slice';
import { campusCount, campusDate, campusHeadline, verificationText } from './campus-progress-text';
import { StepDisclosure } from './step-disclosure';
import type { StepProps } from './step-props';
import { VerifyEmailForm } from './verify-email-form';

/** Where focus goes after a join when no step is open: the campus's heading, or its failure. */
export const CAMPUS_TITLE_ID = 'campus-title';
export const CAMPUS_FAILED_ID = 'campus-failed';
/** The verification step's done line (focus goes there when the student verifies). */
export const VERIFIED_LINE_ID = 'step-verify-done';

/**
 * How close the student's campus is to opening (issue 28), above the card's next steps: read from
 * the backend when the entry is loaded and again after a change of campus (`next-steps.tsx`).
 */
export function CampusProgressPanel({
  view,
  label,
  onRetry,
}: {
  /** The campus as read for the card's entry (null: not read yet). */
  view: Exclude<CampusView, { status: 'idle' }> | null;
  label: string;
  onRetry: () => void;
}) {
  if (!view || view.status === 'loading') {
    return (
      <p className="text-sm text-slate-600" role="status">
        Cargando el avance de tu campus…
      </p>
    );
  }
  if (view.status === 'failed') {
    return (
      <div id={CAMPUS_FAILED_ID} tabIndex={-1} role="alert" className="text-sm text-slate-700">
        <p>No pudimos cargar el avance de tu campus.</p>
        <Button variant="ghost" size="sm" onClick={onRetry}>
          Reintentar
        </Button>
      </div>
    );
  }
  const { progress } = view.data.campus;
  const count = campusCount(progress);
  const date = campusDate(progress);
  const percent =
    progress.verified === null ? 0 : Math.min(100, (progress.verified / progress.threshold) * 100);
  return (
    <section
      aria-labelledby={CAMPUS_TITLE_ID}
      className="rounded-xl bg-indigo-50 p-4 text-sm text-slate-800"
      data-testid="campus-progress"
    >
      <h4 id={CAMPUS_TITLE_ID} tabIndex={-1} className="font-semibold text-slate-900">
        Tu campus
      </h4>
      <p className="mt-1" data-testid="campus-headline">
        {campusHeadline(label, progress)}
      </p>
      {count && progress.state === 'gathering' && (
        <>
          <div
            role="progressbar"
            aria-labelledby={CAMPUS_TITLE_ID}
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
    </section>
  );
}

/**
 * 'Verifica tu correo universitario' (issues 48 and 62): whether the student counts for her
 * campus and, while she does not, the form that verifies her university address. Once she
 * counts it is a done line.
 */
export function VerifyStep({
  campus,
  onVerified,
  open,
  onToggle,
  onError,
  busy = false,
}: { campus: MyCampus; onVerified: () => void } & StepProps) {
  if (campus.verified) {
    return (
      <li inert={busy} aria-busy={busy || undefined}>
        <h4
          id={VERIFIED_LINE_ID}
          tabIndex={-1}
          className="flex min-h-11 items-start gap-2 rounded-xl bg-emerald-50 px-4 py-3 text-sm font-semibold text-emerald-900"
        >
          <BadgeCheck className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
          <span data-testid="campus-verification">{verificationText(campus)}</span>
        </h4>
      </li>
    );
  }
  return (
    <StepDisclosure
      step="verify"
      title="Verifica tu correo universitario"
      open={open}
      onToggle={onToggle}
      testId="verify-step"
      busy={busy}
    >
      <p className="flex items-start gap-1.5" data-testid="campus-verification">
        <Info className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span>{verificationText(campus)}</span>
      </p>
      {campus.university && (
        <VerifyEmailForm university={campus.university} onVerified={onVerified} onError={onError} />
      )}
    </StepDisclosure>
  );
}
