import { Check, Loader2 } from 'lucide-react';
import { cn } from '@/ui/components/cn';
import type { SubmitStatus } from '@/ui/card/card-view';
import { buttonVariants } from '@/ui/components/button';

/** The submit button's label, look and state for each row of spec section 4. */
export const SUBMIT_LOOK: Record<SubmitStatus, { label: string; className: string }> = {
  idle: {
    label: 'Unirse a la Lista de Espera',
    className: 'bg-indigo-600 text-white hover:bg-indigo-700',
  },
  processing: { label: 'Procesando...', className: 'bg-indigo-600 text-white' },
  success: { label: 'Registrado Exitosamente', className: 'bg-emerald-700 text-white' },
  already: { label: 'Ya estás en la lista de espera', className: 'bg-slate-200 text-slate-700' },
};

export function SubmitButton({ status }: { status: SubmitStatus }) {
  const { label, className } = SUBMIT_LOOK[status];
  return (
    <button
      type="submit"
      disabled={status !== 'idle'}
      aria-busy={status === 'processing'}
      data-status={status}
      className={cn(
        buttonVariants({ variant: null, size: 'lg' }),
        'w-full font-semibold shadow-sm',
        className,
      )}
    >
      {status === 'processing' && (
        <Loader2 className="size-5 motion-safe:animate-spin" aria-hidden="true" />
      )}
      {status === 'success' && <Check className="size-5" aria-hidden="true" />}
      {label}
    </button>
  );
}
