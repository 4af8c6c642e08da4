/**
 * The logic of the function `csp_report`, free of Firebase: the page's Content-Security-Policy
 * sends its violation reports to /csp-report (a Hosting rewrite to this function), in either of
 * the two formats browsers use, and the function logs a short summary of each. Bounded: a body
 * over MAX_REPORT_BYTES is refused unread, at most MAX_REPORTS reports are read from one body,
 * every logged value is cut to MAX_FIELD characters, and an instance logs at most
 * LOG_BUDGET.perWindow violations a minute (createLogBudget): a flood of reports costs one line
 * saying how many were not logged, not a line each.
 */

export const MAX_REPORT_BYTES = 16_384;
export const MAX_REPORTS = 10;
export const MAX_FIELD = 300;

/** One violation, as logged. */
export interface CspViolation {
  documentURL: string;
  blockedURL: string;
  directive: string;
  disposition: string;
  sourceFile: string;
  line: number | null;
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value.slice(0, MAX_FIELD) : '';
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The violations in a parsed report body: `report-uri`'s or the Reporting API's format. */
export function parseCspReports(body: unknown): CspViolation[] {
  // report-uri: { "csp-report": { "document-uri": ..., "blocked-uri": ..., ... } }
  if (isObject(body) && isObject(body['csp-report'])) {
    const r = body['csp-report'];
    return [
      {
        documentURL: text(r['document-uri']),
        blockedURL: text(r['blocked-uri']),
        directive: text(r['effective-directive'] ?? r['violated-directive']),
        disposition: text(r.disposition),
        sourceFile: text(r['source-file']),
        line: num(r['line-number']),
      },
    ];
  }
  // report-to (Reporting API): [{ type: "csp-violation", url, body: { blockedURL, ... } }]
  if (Array.isArray(body)) {
    return body
      .slice(0, MAX_REPORTS)
      .filter((r) => isObject(r) && r.type === 'csp-violation' && isObject(r.body))
      .map((r) => {
        const b = (r as { body: Record<string, unknown> }).body;
        return {
          documentURL: text(b.documentURL ?? (r as { url?: unknown }).url),
          blockedURL: text(b.blockedURL),
          directive: text(b.effectiveDirective),
          disposition: text(b.disposition),
          sourceFile: text(b.sourceFile),
          line: num(b.lineNumber),
        };
      });
  }
  return [];
}

const REPORT_TYPES = ['application/csp-report', 'application/reports+json', 'application/json'];

/** The answer to one request: its status, and the violations to log. */
export function handleCspReport(request: {
  method: string;
  contentType: string | undefined;
  rawBody: Uint8Array | undefined;
}): { status: number; violations: CspViolation[] } {
  if (request.method !== 'POST') return { status: 405, violations: [] };
  const type = (request.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!REPORT_TYPES.includes(type)) return { status: 415, violations: [] };
  const raw = request.rawBody;
  if (!raw || raw.length === 0) return { status: 400, violations: [] };
  if (raw.length > MAX_REPORT_BYTES) return { status: 413, violations: [] };
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(raw).toString('utf8'));
  } catch {
    return { status: 400, violations: [] };
  }
  const violations = parseCspReports(body);
  return { status: violations.length ? 204 : 400, violations };
}

/** How many violations one instance logs in a window; the rest are counted, not logged. */
export const LOG_BUDGET = { perWindow: 60, windowMs: 60_000 } as const;

/**
 * An instance's log budget: `take(n)` says how many of `n` violations may be logged now, and, at
 * the first call of a new window, how many the previous window dropped (to log once).
 */
export function createLogBudget(
  now: () => number = Date.now,
  { perWindow, windowMs }: { perWindow: number; windowMs: number } = LOG_BUDGET,
) {
  let start = -Infinity;
  let used = 0;
  let dropped = 0;
  return {
    take(count: number): { allowed: number; droppedBefore: number } {
      let droppedBefore = 0;
      if (now() - start >= windowMs) {
        droppedBefore = dropped;
        start = now();
        used = 0;
        dropped = 0;
      }
      const allowed = Math.max(0, Math.min(count, perWindow - used));
      used += allowed;
      dropped += count - allowed;
      return { allowed, droppedBefore };
    },
  };
}
