import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';

/**
 * At most 3 visible toasts, 4 s each; sonner announces them in a polite live region.
 * `onListening` runs once sonner listens for toasts (a parent's effect runs after its children's).
 * Toasts are set in the page's typeface: sonner's own stack starts with Safari's ui-sans-serif,
 * which other browsers look up in vain, once per weight, in the frame of the first toast.
 */
export function Toaster({ onListening }: { onListening: () => void }) {
  useEffect(onListening, [onListening]);
  return (
    <Sonner
      position="top-center"
      style={{ fontFamily: 'inherit' }}
      visibleToasts={3}
      duration={4000}
      richColors
      closeButton
      containerAriaLabel="Notificaciones"
      toastOptions={{ closeButtonAriaLabel: 'Cerrar notificación' }}
    />
  );
}
