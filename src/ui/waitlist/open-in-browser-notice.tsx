import { Check, Copy } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { inAppBrowserName } from '@/domain/in-app-browser';
import { Button } from '@/ui/components/button';

const noSubscription = () => () => {};

/**
 * Inside Instagram, Facebook, TikTok or LinkedIn, Google sign-in cannot complete: tell the student
 * to open the page in their browser, with a button that copies the link. Nothing while
 * prerendering (the user agent is known only in the browser).
 */
export function OpenInBrowserNotice() {
  const app = useSyncExternalStore(
    noSubscription,
    () => inAppBrowserName(navigator.userAgent),
    () => null,
  );
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  if (!app) return null;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };

  return (
    <div
      className="mt-5 rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200"
      data-testid="open-in-browser"
    >
      <p className="font-semibold">Abre esta página en tu navegador</p>
      <p className="mt-1">
        Google no permite iniciar sesión dentro de {app}. Abre el menú (⋯) y elige «Abrir en el
        navegador», o copia el enlace y pégalo en Chrome o Safari.
      </p>
      <Button onClick={() => void copy()} variant="notice" className="mt-3">
        {copied === 'yes' ? (
          <Check className="size-4" aria-hidden="true" />
        ) : (
          <Copy className="size-4" aria-hidden="true" />
        )}
        Copiar enlace
      </Button>
      <p role="status" className="mt-2 min-h-5">
        {copied === 'yes' && 'Enlace copiado. Pégalo en tu navegador.'}
        {copied === 'no' && `No se pudo copiar. El enlace es: ${location.href}`}
      </p>
    </div>
  );
}
