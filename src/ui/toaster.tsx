import { Toaster as Sonner } from 'sonner';

/** At most 3 visible toasts, 4 s each; sonner announces them in a polite live region. */
export default function Toaster() {
  return (
    <Sonner
      position="top-center"
      visibleToasts={3}
      duration={4000}
      richColors
      closeButton
      containerAriaLabel="Notificaciones"
      toastOptions={{ closeButtonAriaLabel: 'Cerrar notificación' }}
    />
  );
}
