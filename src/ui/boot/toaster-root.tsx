import { createRoot } from 'react-dom/client';
import { Toaster } from '@/ui/toaster';

/**
 * Renders the toaster in a root of its own at the end of the body (it has no prerendered
 * markup; src/ui/toast.ts loads this module once the page is idle, or with the first toast);
 * resolves once it listens, so that a toast asked for next is shown.
 */
export function mountToaster(): Promise<void> {
  return new Promise((resolve) => {
    const host = document.createElement('div');
    document.body.append(host);
    createRoot(host).render(<Toaster onListening={resolve} />);
  });
}
