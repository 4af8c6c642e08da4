import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '@/ui/components/cn';
import { InteractiveIsland } from '@/ui/kit/interactive-island';
import { RevealSection } from '@/ui/components/reveal';
import { SITE } from '@/ui/site-config';
import { faqItems } from './faq-data';
import { SectionHeading } from './section-heading';

/** The answer's text, with the contact address as a mailto link wherever it appears. */
function WithMailLink({ text, email }: { text: string; email: string }) {
  const parts = text.split(email);
  return parts.map((part, i) => (
    <span key={i}>
      {part}
      {i < parts.length - 1 && (
        <a href={`mailto:${email}`} className="font-medium text-indigo-700 underline">
          {email}
        </a>
      )}
    </span>
  ));
}

/** Six collapsible questions, one open at a time (the accessible accordion pattern). */
export function FaqList() {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  const items = faqItems(SITE.contactEmail);
  return (
    <div className="mt-12 divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {items.map(({ question, answer }, i) => {
        const expanded = open === i;
        const buttonId = `${baseId}-q${i}`;
        const panelId = `${baseId}-a${i}`;
        return (
          <div key={question}>
            <h3>
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : i)}
                className="flex min-h-14 w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50"
              >
                {question}
                <ChevronDown
                  aria-hidden="true"
                  className={cn(
                    'size-5 shrink-0 text-slate-500 transition-transform',
                    expanded && 'rotate-180',
                  )}
                />
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!expanded}
              className="px-5 pb-5 text-slate-600"
            >
              <WithMailLink text={answer} email={SITE.contactEmail} />
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** The FAQ section; its accordion is an island hydrated on its own. */
export function Faq() {
  return (
    <RevealSection id="faq" aria-labelledby="faq-title" className="bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading id="faq-title" eyebrow="Preguntas" title="Preguntas frecuentes" />
        <InteractiveIsland id="faq" />
      </div>
    </RevealSection>
  );
}
