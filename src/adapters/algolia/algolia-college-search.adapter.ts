import type { LiteClient } from 'algoliasearch/lite';
import type { CollegeSearch } from '@/ports/college-search.port';
import { AppError, codeFromHttpStatus } from '@/domain/errors';
import { onceUntilFailure } from '@/shared/once-until-failure';
import { collegesFromAlgoliaAnswer } from './algolia-answer';

/** Spec section 9: hits per query and the index name. */
export const HITS_PER_PAGE = 3;
export const DEFAULT_INDEX = 'colleges';
/** Spec section 9 (the search client's defaults in the browser), in milliseconds. */
export const DEFAULT_TIMEOUTS = { connect: 1000, read: 2000, write: 30_000 };

export interface AlgoliaHost {
  readonly host: string;
  readonly port?: number;
  readonly protocol: 'http' | 'https';
}

export interface AlgoliaSearchOptions {
  readonly appId: string;
  /** The public search-only key. */
  readonly apiKey: string;
  readonly indexName?: string;
  /** Other hosts than Algolia's own (a local server in tests and emulator builds). */
  readonly hosts?: readonly AlgoliaHost[];
  /** Milliseconds; default connect 1 s, read 2 s. */
  readonly timeouts?: { readonly connect?: number; readonly read?: number };
}

interface Frame {
  readonly response?: { readonly status?: number; readonly isTimedOut?: boolean };
}

/**
 * Translates the client's errors: an answer with an HTTP status through the domain's status
 * mapping; hosts that all timed out as 'deadline-exceeded'; unreachable hosts as 'unavailable'.
 */
export function toSearchError(error: unknown): AppError {
  const e = error as { name?: unknown; status?: unknown; stackTrace?: unknown; message?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(error);
  if (typeof e?.status === 'number') {
    return new AppError(codeFromHttpStatus(e.status), message, { cause: error });
  }
  if (e?.name === 'RetryError' && Array.isArray(e.stackTrace)) {
    const last = (e.stackTrace as Frame[]).at(-1)?.response;
    const code = last?.isTimedOut
      ? 'deadline-exceeded'
      : last?.status
        ? codeFromHttpStatus(last.status)
        : 'unavailable';
    return new AppError(code, message, { cause: error });
  }
  return new AppError('unknown', message, { cause: error });
}

/**
 * College search on the hosted index `colleges` with Algolia's lite (search-only) client, loaded
 * on the first search. Hits are mapped by the domain's rule; a missing results list or missing
 * hits give an empty list.
 */
export function createAlgoliaCollegeSearch(options: AlgoliaSearchOptions): CollegeSearch {
  const indexName = options.indexName ?? DEFAULT_INDEX;
  const client = onceUntilFailure<LiteClient>(() =>
    import('algoliasearch/lite').then(({ liteClient }) =>
      liteClient(options.appId, options.apiKey, {
        ...(options.hosts
          ? {
              hosts: options.hosts.map((h) => ({
                url: h.host,
                ...(h.port ? { port: h.port } : {}),
                protocol: h.protocol,
                accept: 'read' as const,
              })),
            }
          : {}),
        timeouts: { ...DEFAULT_TIMEOUTS, ...options.timeouts },
      }),
    ),
  );

  return {
    async search(query) {
      const search = await client();
      let answer: unknown;
      try {
        answer = await search.search({
          requests: [{ indexName, query, hitsPerPage: HITS_PER_PAGE }],
        });
      } catch (error) {
        throw toSearchError(error);
      }
      return collegesFromAlgoliaAnswer(answer);
    },
  };
}
