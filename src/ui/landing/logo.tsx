/** The brand mark: a shopping bag with a graduation cap fold, and the name. */
export function Logo({
  className = '',
  tone = 'light',
  nameClassName = '',
}: {
  className?: string;
  tone?: 'light' | 'dark';
  /** For the name beside the mark (the header hides it where the inline links need the room). */
  nameClassName?: string;
}) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold tracking-tight ${className}`}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="9" fill="#4f46e5" />
        <path d="M9 13h14l-1.2 11.2a2 2 0 0 1-2 1.8h-7.6a2 2 0 0 1-2-1.8Z" fill="#fff" />
        <path
          d="M12.5 13v-1.5a3.5 3.5 0 0 1 7 0V13"
          fill="none"
          stroke="#fbbf24"
          strokeWidth="2.2"
          strokeLinecap="round"
        />
        <path d="m16 16.5 4 1.8-4 1.8-4-1.8Z" fill="#4f46e5" />
      </svg>
      <span className={`whitespace-nowrap ${nameClassName}`}>
        De estudiantes{' '}
        <span className={tone === 'dark' ? 'text-indigo-300' : 'text-indigo-600'}>
          a estudiantes
        </span>
      </span>
    </span>
  );
}
