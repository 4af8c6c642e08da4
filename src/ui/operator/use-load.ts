import { useCallback, useEffect, useRef, useState } from 'react';

/** A read of the console: loading, its value, or its failure. */
export type Loaded<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'done'; readonly value: T }
  | { readonly status: 'failed'; readonly error: unknown };

/**
 * Runs `read` on mount, when `key` changes (what the read is of: a campus's id) and on `reload`,
 * keeping only the latest answer: a late answer of an earlier read is dropped. A reload keeps
 * the value shown until the new one comes.
 */
export function useLoad<T>(read: () => Promise<T>, key = '') {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  const latest = useRef(read);
  useEffect(() => {
    latest.current = read;
  });
  useEffect(() => {
    let live = true;
    latest.current().then(
      (value) => live && setState({ status: 'done', value }),
      (error: unknown) => live && setState({ status: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [key, version]);
  const reload = useCallback(() => {
    setState((s) => (s.status === 'done' ? s : { status: 'loading' }));
    setVersion((v) => v + 1);
  }, []);
  return { state, reload };
}
