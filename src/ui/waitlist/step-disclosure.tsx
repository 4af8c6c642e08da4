import { ChevronDown } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import type { StepId } from '@/ui/card/card-steps';

/** The disclosure button's id for a step (focus moves there after a join). */
export const stepButtonId = (step: StepId) => `step-${step}-button`;

/**
 * One of the joined card's next steps (issue 62) as a WAI-ARIA disclosure: a heading holding a
 * button (its name the step's title, its description the one line of what the step holds) that
 * shows or hides the step in place. A closed step's content stays mounted, hidden, so that what
 * it holds (a save under way, what was typed) is kept.
 */
export function StepDisclosure({
  step,
  title,
  summary,
  open,
  onToggle,
  testId,
  buttonRef,
  busy = false,
  children,
}: {
  step: StepId;
  title: string;
  /** One line of what the step holds, under its title (kept when open). */
  summary?: ReactNode;
  open: boolean;
  onToggle: () => void;
  testId?: string;
  buttonRef?: Ref<HTMLButtonElement>;
  /** Held in place while the card reads a new campus (StepProps.busy): inert, marked busy. */
  busy?: boolean;
  children: ReactNode;
}) {
  const panel = `step-${step}-panel`;
  return (
    <li
      className="rounded-xl bg-slate-50 text-sm text-slate-800"
      data-testid={testId}
      inert={busy}
      aria-busy={busy || undefined}
    >
      <h4>
        <button
          ref={buttonRef}
          type="button"
          id={stepButtonId(step)}
          aria-expanded={open}
          aria-controls={panel}
          {...(summary ? { 'aria-describedby': `step-${step}-summary` } : {})}
          onClick={onToggle}
          className="flex min-h-11 w-full items-center gap-3 rounded-xl px-4 py-2.5 text-left outline-offset-2 hover:bg-slate-100"
        >
          <span className="min-w-0 flex-1">
            <span className="block font-semibold text-slate-900">{title}</span>
            {/* Its description, not part of its name: read once, after the name. */}
            {summary && (
              <span
                id={`step-${step}-summary`}
                aria-hidden="true"
                className="mt-0.5 block text-slate-600"
              >
                {summary}
              </span>
            )}
          </span>
          <ChevronDown
            className={`size-5 shrink-0 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`}
            aria-hidden="true"
          />
        </button>
      </h4>
      <div id={panel} hidden={!open} className="px-4 pb-4">
        {children}
      </div>
    </li>
  );
}
