import { describe, expect, it } from 'vitest';
import {
  createLogBudget,
  handleCspReport,
  MAX_FIELD,
  MAX_REPORT_BYTES,
  MAX_REPORTS,
  parseCspReports,
} from '../../functions/src/csp-report.logic';

// The function csp_report (functions/src/failure-reports.ts; its logic functions/src/csp-report.logic.ts): where the page's CSP sends violations.
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const post = (contentType: string, body: unknown) =>
  handleCspReport({ method: 'POST', contentType, rawBody: bytes(body) });

describe('csp_report', () => {
  it('reads a report-uri report', () => {
    const answer = post('application/csp-report', {
      'csp-report': {
        'document-uri': 'https://deestudiantes.mx/',
        'blocked-uri': 'https://otro-origen.example/x',
        'violated-directive': 'connect-src',
        'effective-directive': 'connect-src',
        disposition: 'enforce',
        'source-file': 'https://deestudiantes.mx/assets/index.js',
        'line-number': 12,
      },
    });
    expect(answer).toEqual({
      status: 204,
      violations: [
        {
          documentURL: 'https://deestudiantes.mx/',
          blockedURL: 'https://otro-origen.example/x',
          directive: 'connect-src',
          disposition: 'enforce',
          sourceFile: 'https://deestudiantes.mx/assets/index.js',
          line: 12,
        },
      ],
    });
  });

  it('reads Reporting API reports (report-to), csp-violation only, at most 10', () => {
    const report = (n: number) => ({
      type: 'csp-violation',
      url: 'https://deestudiantes.mx/',
      body: {
        blockedURL: `https://x${n}.example/`,
        effectiveDirective: 'img-src',
        disposition: 'enforce',
      },
    });
    const answer = post('application/reports+json', [
      { type: 'deprecation', body: {} },
      ...Array.from({ length: 20 }, (_, n) => report(n)),
    ]);
    expect(answer.status).toBe(204);
    expect(answer.violations).toHaveLength(MAX_REPORTS - 1);
    expect(answer.violations[0]).toEqual({
      documentURL: 'https://deestudiantes.mx/',
      blockedURL: 'https://x0.example/',
      directive: 'img-src',
      disposition: 'enforce',
      sourceFile: '',
      line: null,
    });
  });

  it('cuts every logged value', () => {
    const long = `https://x.example/${'a'.repeat(5000)}`;
    const [v] = parseCspReports({ 'csp-report': { 'blocked-uri': long } });
    expect(v!.blockedURL).toHaveLength(MAX_FIELD);
  });

  it('refuses other methods, types, empty, oversized or malformed bodies', () => {
    expect(
      handleCspReport({ method: 'GET', contentType: undefined, rawBody: undefined }).status,
    ).toBe(405);
    expect(post('text/plain', {}).status).toBe(415);
    expect(
      handleCspReport({
        method: 'POST',
        contentType: 'application/csp-report',
        rawBody: new Uint8Array(),
      }).status,
    ).toBe(400);
    const big = new Uint8Array(MAX_REPORT_BYTES + 1).fill(32);
    expect(
      handleCspReport({ method: 'POST', contentType: 'application/csp-report', rawBody: big }),
    ).toEqual({
      status: 413,
      violations: [],
    });
    const bad = new TextEncoder().encode('{not json');
    expect(
      handleCspReport({ method: 'POST', contentType: 'application/csp-report', rawBody: bad })
        .status,
    ).toBe(400);
    expect(post('application/json', { hola: 1 })).toEqual({ status: 400, violations: [] });
  });
});

describe('csp_report: a flood of reports is counted, not logged', () => {
  it('logs at most perWindow violations a window, then says once how many it dropped', () => {
    let now = 0;
    const budget = createLogBudget(() => now, { perWindow: 5, windowMs: 60_000 });
    expect(budget.take(3)).toEqual({ allowed: 3, droppedBefore: 0 });
    expect(budget.take(10)).toEqual({ allowed: 2, droppedBefore: 0 });
    for (let i = 0; i < 1000; i++) expect(budget.take(10).allowed).toBe(0);
    now += 60_000;
    expect(budget.take(1)).toEqual({ allowed: 1, droppedBefore: 10_008 });
    expect(budget.take(1)).toEqual({ allowed: 1, droppedBefore: 0 });
  });
});
