import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from './cn';

/**
 * The page's one button look, in the shadcn style: variants in one place, joined with `cn`. A
 * caller adds classes (margin, width, text size) and never overrides a variant's own: a look
 * that differs is a variant here. Links that look like buttons take `buttonVariants(...)`.
 */
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-full transition-colors disabled:cursor-not-allowed',
  {
    variants: {
      variant: {
        primary:
          'font-semibold whitespace-nowrap bg-indigo-600 text-white shadow-md shadow-indigo-600/20 hover:bg-indigo-700',
        secondary:
          'font-semibold whitespace-nowrap border border-slate-300 bg-white text-slate-800 hover:border-indigo-300 hover:bg-indigo-50',
        outline:
          'font-semibold border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50',
        ghost: 'whitespace-nowrap font-medium text-slate-700 hover:bg-slate-100',
        notice: 'font-semibold bg-white text-amber-950 ring-1 ring-amber-300 hover:bg-amber-100',
      },
      size: {
        // At least 44 px high: a touch target on a phone (issue 62).
        sm: 'min-h-11 px-4 py-2',
        md: 'min-h-11 px-6 py-2.5',
        lg: 'min-h-12 px-6',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonVariants = VariantProps<typeof buttonVariants>;

export function Button({
  className,
  variant,
  size,
  type = 'button',
  ...props
}: ComponentProps<'button'> & ButtonVariants) {
  return (
    <button
      type={type}
      data-slot="button"
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  );
}
