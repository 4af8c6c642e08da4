/** Shared looks for links and buttons styled as buttons (shadcn-style variants). */
export const buttonStyles = {
  primary:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-full whitespace-nowrap bg-indigo-600 px-6 py-2.5 font-semibold text-white shadow-md shadow-indigo-600/20 transition-colors hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-100',
  secondary:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-full whitespace-nowrap border border-slate-300 bg-white px-6 py-2.5 font-semibold text-slate-800 transition-colors hover:border-indigo-300 hover:bg-indigo-50',
  ghost:
    'inline-flex min-h-10 items-center justify-center gap-2 rounded-full whitespace-nowrap px-4 py-2 font-medium text-slate-700 transition-colors hover:bg-slate-100',
} as const;
