import type * as Sonner from 'sonner';
import { nextTask } from '@/shared/next-task';

/**
 * Toasts at the UI edge. sonner loads lazily (it is not needed for the first paint): the boot
 * loads the toaster once idle (`prepareToaster`), long before the first toast can be asked for,
 * and a toast asked for earlier loads it itself and waits for it. sonner, then the toaster's
 * module, each in a task of its own (together they were one 26 ms task here, issue 26).
 */
let toaster: Promise<typeof Sonner> | null = null;
// Lost to the network, sonner is not asked for again on this page: Chromium remembers a failed
// import for the page's life, and a second failure of a chunk reloads the page
// (lost-chunk-recovery.ts). Toasts show in `plainToast` instead, until the next visit.
const loadToaster = (): Promise<typeof Sonner> =>
  (toaster ??= (async () => {
    const sonner = await import('sonner');
    await nextTask();
    const { mountToaster } = await import('@/ui/boot/toaster-root');
    await mountToaster();
    return sonner;
  })());

/** Loads the toaster ahead of the first toast; a failure is only logged. */
export function prepareToaster(): void {
  loadToaster().catch((error: unknown) => console.error('Notifications could not load', error));
}

type Kind = 'success' | 'error' | 'info';

/**
 * A toast without sonner, whose chunk was lost: the same words in a polite live region at the top
 * of the page, for 4 s. Styled in place, as nothing in the stylesheet names it.
 */
function plainToast(kind: Kind, message: string, description?: string): void {
  let region = document.getElementById('plain-toasts');
  if (!region) {
    region = document.createElement('div');
    region.id = 'plain-toasts';
    region.setAttribute('role', 'status');
    region.setAttribute('aria-label', 'Notificaciones');
    Object.assign(region.style, {
      position: 'fixed',
      zIndex: '60',
      top: '1rem',
      left: '50%',
      transform: 'translateX(-50%)',
      width: 'min(22rem, calc(100% - 2rem))',
      display: 'grid',
      gap: '0.5rem',
    });
    document.body.append(region);
  }
  const item = document.createElement('div');
  item.dataset.plainToast = kind;
  Object.assign(item.style, {
    background: kind === 'error' ? '#fef2f2' : kind === 'success' ? '#ecfdf5' : '#ffffff',
    color: kind === 'error' ? '#991b1b' : kind === 'success' ? '#065f46' : '#0f172a',
    border: '1px solid #e2e8f0',
    borderRadius: '0.5rem',
    boxShadow: '0 4px 12px rgb(0 0 0 / 0.1)',
    padding: '0.75rem 1rem',
    fontSize: '0.875rem',
  });
  const title = document.createElement('p');
  title.style.fontWeight = '600';
  title.textContent = message;
  item.append(title);
  if (description) {
    const detail = document.createElement('p');
    detail.textContent = description;
    item.append(detail);
  }
  region.append(item);
  setTimeout(() => item.remove(), 4000);
}

const show = (kind: Kind, message: string, description?: string): void => {
  loadToaster().then(
    ({ toast }) => toast[kind](message, description ? { description } : {}),
    (error: unknown) => {
      console.error('Notifications could not load', message, error);
      plainToast(kind, message, description);
    },
  );
};

export const notify = {
  success: (message: string, description?: string) => show('success', message, description),
  error: (message: string, description?: string) => show('error', message, description),
  info: (message: string, description?: string) => show('info', message, description),
};
