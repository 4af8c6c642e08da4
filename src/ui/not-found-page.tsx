import { useEffect } from 'react';

/** Spec section 2: '404', 'Ups! Página no encontrada' and a link home; the path is logged. */
export function NotFoundPage() {
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, []);
  return (
    <main
      id="main"
      className="grid min-h-dvh place-items-center bg-gradient-to-b from-indigo-50 to-white px-6 text-center"
    >
      <div>
        <h1 className="text-7xl font-extrabold tracking-tight text-indigo-700">404</h1>
        <p className="mt-4 text-xl text-slate-700">Ups! Página no encontrada</p>
        <a
          href="/"
          className="mt-8 inline-flex min-h-11 items-center rounded-full bg-indigo-600 px-6 font-semibold text-white shadow-sm hover:bg-indigo-700"
        >
          Volver al inicio
        </a>
      </div>
    </main>
  );
}
