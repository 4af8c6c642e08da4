import * as Popover from '@radix-ui/react-popover';
import { Command } from 'cmdk';
import { Check, ChevronsUpDown, Loader2, Plus } from 'lucide-react';
import { startTransition, useRef, useState } from 'react';
import { collegeLabel } from '@/domain/college';
import { cn } from '@/ui/components/cn';
import { useAppStore } from '@/ui/store/store-context';
import { CampusRequestDialog } from './campus-request-dialog';
import { useCollegeSearch } from './use-college-search';

/** The option of 'Mi campus no aparece' (no college id has a capital letter). */
const REQUEST_OPTION = 'REQUEST-CAMPUS';

/** The searchable university selector: cmdk in a Radix popover (the combobox pattern). */
export function CollegeCombobox({
  labelId,
  disabled,
  invalid,
  describedBy,
}: {
  labelId: string;
  disabled: boolean;
  invalid: boolean;
  describedBy?: string;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const selected = useAppStore((s) => s.card.college);
  const colleges = useAppStore((s) => s.colleges);
  const loading = useAppStore((s) => s.collegesLoading);
  const selectCollege = useAppStore((s) => s.selectCollege);
  useCollegeSearch(open && !disabled, query);
  // The highlighted option (Enter picks it). cmdk keeps the last one it highlighted, and with the
  // list coming from a search (not filtered by cmdk) that may be one no longer listed: then no
  // option was highlighted and Enter did nothing. The first listed one stands in for it.
  const [active, setActive] = useState('');
  // 'Mi campus no aparece': offered when a search finds nothing; the dialog starts with its text.
  const requestDialog = useRef<HTMLDialogElement>(null);
  const [requested, setRequested] = useState<{ name: string; key: number } | null>(null);
  // Opening with an empty search waits 300 ms for the initial list: that wait reads as loading.
  const waiting = loading || (open && colleges.length === 0 && !query.trim());
  const offerRequest = !waiting && colleges.length === 0 && query.trim() !== '';
  const options = offerRequest ? [REQUEST_OPTION] : colleges.map((c) => c.id);
  const highlighted = options.includes(active) ? active : (options[0] ?? '');

  const triggerText = selected
    ? collegeLabel(selected)
    : waiting
      ? 'Cargando universidad...'
      : 'Selecciona tu universidad';

  return (
    <>
      {requested && (
        <CampusRequestDialog key={requested.key} ref={requestDialog} initialName={requested.name} />
      )}
      {/* Opening renders the popover, cmdk and their focus and dismiss layers: in a transition,
          React renders them in slices after the tap has painted, so no single task holds the
          tap's answer. */}
      <Popover.Root
        open={open && !disabled}
        onOpenChange={(next) => startTransition(() => setOpen(next))}
      >
        <Popover.Trigger asChild>
          <button
            type="button"
            role="combobox"
            aria-labelledby={`${labelId} college-trigger-value`}
            aria-expanded={open && !disabled}
            aria-haspopup="dialog"
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            disabled={disabled}
            data-testid="college-trigger"
            className={cn(
              'flex min-h-12 w-full items-center justify-between gap-2 rounded-xl border bg-white px-4 text-left shadow-sm transition-colors disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600',
              invalid ? 'border-rose-600' : 'border-slate-300 hover:border-indigo-400',
            )}
          >
            <span
              id="college-trigger-value"
              className={cn('truncate', !selected && 'text-slate-600')}
            >
              {triggerText}
            </span>
            <ChevronsUpDown className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={6}
            aria-label="Buscar universidad"
            className="z-50 w-[var(--radix-popover-trigger-width)] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl"
          >
            <Command
              shouldFilter={false}
              label="Buscar universidad"
              loop
              value={highlighted}
              onValueChange={setActive}
            >
              <Command.Input
                value={query}
                onValueChange={setQuery}
                placeholder="Buscar universidad..."
                className="h-12 w-full border-b border-slate-200 px-4 outline-none placeholder:text-slate-500"
              />
              <Command.List
                label="Universidades"
                className="max-h-[300px] overflow-y-auto p-1"
                data-testid="college-list"
              >
                {waiting && (
                  <Command.Loading>
                    <div className="flex items-center gap-2 px-3 py-3 text-sm text-slate-600">
                      <Loader2 className="size-4 motion-safe:animate-spin" aria-hidden="true" />
                      Buscando...
                    </div>
                  </Command.Loading>
                )}
                {!waiting && !query.trim() && (
                  <Command.Empty className="px-3 py-3 text-sm text-slate-600">
                    No se encontraron resultados
                  </Command.Empty>
                )}
                {offerRequest && (
                  <>
                    <div className="px-3 py-3 text-sm text-slate-600">
                      No se encontraron resultados
                    </div>
                    <Command.Item
                      value={REQUEST_OPTION}
                      onSelect={() => {
                        setOpen(false);
                        setRequested({ name: query.trim(), key: Date.now() });
                        // The dialog renders with the search's text, then opens.
                        requestAnimationFrame(() => requestDialog.current?.showModal());
                      }}
                      className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-indigo-800 data-[selected=true]:bg-indigo-50"
                    >
                      <Plus className="size-4 shrink-0" aria-hidden="true" />
                      Mi campus no aparece
                    </Command.Item>
                  </>
                )}
                {colleges.length > 0 && (
                  <Command.Group
                    heading="Universidades"
                    className="[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-2 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-slate-600"
                  >
                    {colleges.map((college) => (
                      <Command.Item
                        key={college.id}
                        value={college.id}
                        onSelect={() => {
                          selectCollege(college);
                          setOpen(false);
                          setQuery('');
                        }}
                        className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm data-[selected=true]:bg-indigo-50 data-[selected=true]:text-indigo-900"
                      >
                        <Check
                          aria-hidden="true"
                          className={cn(
                            'size-4 shrink-0 text-indigo-700',
                            selected?.id !== college.id && 'invisible',
                          )}
                        />
                        {/* Name and campus in full, each wrapping as needed: on a phone a long
                          name such as 'Universidad Michoacana de San Nicolás de Hidalgo' is
                          never cut. */}
                        <span
                          className="flex min-w-0 flex-1 flex-col"
                          data-testid="college-option-text"
                        >
                          <span className="font-medium break-words">{college.name}</span>
                          <span className="break-words text-slate-600">{college.subname}</span>
                        </span>
                        <span className="shrink-0 rounded-md bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">
                          {college.shortName}
                        </span>
                      </Command.Item>
                    ))}
                  </Command.Group>
                )}
              </Command.List>
            </Command>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </>
  );
}
