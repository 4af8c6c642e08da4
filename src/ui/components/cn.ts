import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names (clsx): strings, conditionals, lists. No Tailwind conflict resolution
 * (tailwind-merge would add about 9 KB gzip to the first-load JavaScript, past the page's 90 KB
 * budget): a variant's classes are never overridden by a caller's, only added to (button.tsx).
 */
export const cn = (...classes: ClassValue[]): string => clsx(classes);
