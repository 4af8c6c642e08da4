import { collegeLabel } from '@/domain/college';
import { useAppStore } from '@/ui/store/store-context';
import { campusProgressLine } from './campus-progress-text';

/**
 * An invite that lands in context (issue 48): before sign-in, the campus of the classmate who
 * sent the link and its progress, floored as everywhere. Nothing of the classmate.
 */
export function InviteContext() {
  const preview = useAppStore((s) => s.invitePreview);
  if (!preview) return null;
  const label = collegeLabel(preview.college);
  return (
    <div
      className="mt-3 rounded-xl bg-indigo-50 p-3 text-sm text-slate-800"
      data-testid="invite-context"
    >
      <p className="font-semibold text-slate-900">Te invitó un compañero de {label}</p>
      <p className="mt-1" data-testid="invite-context-progress">
        {campusProgressLine(label, preview.progress)}
      </p>
    </div>
  );
}
