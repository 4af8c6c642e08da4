import { Link2, MessageCircle, Share2 } from 'lucide-react';
import type { MyInvites } from '@/domain/invite-code';
import { Button, buttonVariants } from '@/ui/components/button';
import { SITE } from '@/ui/site-config';
import { notify } from '@/ui/toast';
import { invitedText, inviteMessage, whatsappLink } from './campus-progress-text';
import { inviteLink } from './invite-link';
import { StepDisclosure } from './step-disclosure';
import type { StepProps } from './step-props';

/** Copies the link; false when the browser refuses (no clipboard, no permission). */
async function copy(link: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(link);
    return true;
  } catch {
    return false;
  }
}

/**
 * 'Invita a tus compañeros' (issue 28): the student's own link (`/campus/<id>?ref=CODE` on their
 * campus's page, issue 60; `/?ref=CODE` for a campus without one), 'Invitar por
 * WhatsApp' and 'Compartir' (the Web Share API, or copying the link), and how many classmates
 * joined with it (the step's one line, issue 62). No position in a line, no leaderboard.
 */
export function InvitePanel({
  invites,
  campus,
  collegeId,
  open,
  onToggle,
  busy,
}: { invites: MyInvites; campus: string; collegeId: string | null } & Omit<StepProps, 'onError'>) {
  const link = inviteLink(SITE.url || window.location.origin, invites.code, collegeId);
  const onShare = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: SITE.name, text: inviteMessage(campus), url: link });
        return;
      } catch (error) {
        // The student closed the share sheet: nothing to say.
        if ((error as { name?: unknown }).name === 'AbortError') return;
      }
    }
    if (await copy(link)) notify.success('Copiamos tu enlace', 'Pégalo donde quieras compartirlo.');
    else notify.error('No pudimos copiar tu enlace', 'Cópialo del campo «Tu enlace».');
  };
  return (
    <StepDisclosure
      step="invite"
      title="Invita a tus compañeros"
      summary={<span data-testid="invite-count">{invitedText(invites.joined)}</span>}
      open={open}
      onToggle={onToggle}
      testId="invite-panel"
      busy={busy}
    >
      <p className="text-xs text-slate-600">
        Cuentan los compañeros de tu campus que verifican su correo universitario.
      </p>
      <label className="mt-2 block">
        <span className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
          <Link2 className="size-3.5" aria-hidden="true" />
          Tu enlace
        </span>
        <input
          readOnly
          value={link}
          data-testid="invite-link"
          onFocus={(event) => event.currentTarget.select()}
          className="mt-1 min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900"
        />
      </label>
      <div className="mt-3 flex flex-wrap gap-2">
        <a
          href={whatsappLink(campus, link)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonVariants({ variant: 'secondary', size: 'sm' })}
        >
          <MessageCircle className="size-4" aria-hidden="true" />
          Invitar por WhatsApp
        </a>
        <Button variant="secondary" size="sm" onClick={() => void onShare()}>
          <Share2 className="size-4" aria-hidden="true" />
          Compartir
        </Button>
      </div>
    </StepDisclosure>
  );
}
