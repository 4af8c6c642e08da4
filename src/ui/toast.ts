import type * as Sonner from 'sonner';

/**
 * Toasts at the UI edge. sonner loads lazily (it is not needed for the first paint); the
 * <Toaster> mounts right after hydration, long before the first toast can be asked for.
 */
let sonner: Promise<typeof Sonner> | null = null;
export const loadSonner = () => (sonner ??= import('sonner'));

type Kind = 'success' | 'error' | 'info';

const show = (kind: Kind, message: string, description?: string): void => {
  loadSonner().then(
    ({ toast }) => toast[kind](message, description ? { description } : {}),
    (error: unknown) => {
      sonner = null; // the next toast tries to load it again
      console.error('Notifications could not load', message, error);
    },
  );
};

export const notify = {
  success: (message: string, description?: string) => show('success', message, description),
  error: (message: string, description?: string) => show('error', message, description),
  info: (message: string, description?: string) => show('info', message, description),
};
