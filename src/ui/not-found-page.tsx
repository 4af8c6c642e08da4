import { useEffect } from 'react';
import { cn } from '@/ui/components/cn';
import { buttonVariants } from '@/ui/components/button';
import { CurrentYear, Footer } from '@/ui/landing/footer';

/**
 * Spec section 2: '404', 'Ups! Página no encontrada' and a link home; the path is logged. The
 * footer (with the privacy notice's link) follows, its links leading back to the landing page.
 */
export function NotFoundPage() {
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, []);
  return (
    <>
      <main
        id="main"
        className="grid min-h-dvh place-items-center bg-gradient-to-b from-indigo-50 to-white px-6 text-center"
      >
        <div>
          <h1 className="text-7xl font-extrabold tracking-tight text-indigo-700">404</h1>
          <p className="mt-4 text-xl text-slate-700">Ups! Página no encontrada</p>
          <a href="/" className={cn(buttonVariants(), 'mt-8')}>
            Volver al inicio
          </a>
        </div>
      </main>
      <Footer home="/" year={<CurrentYear />} />
    </>
  );
}
