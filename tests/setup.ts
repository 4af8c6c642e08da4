import fc from 'fast-check';

// Property tests run 1000 cases each by default (FC_RUNS overrides, e.g. FC_RUNS=10000).
fc.configureGlobal({ numRuns: Number(process.env.FC_RUNS ?? 1000) });

(globalThis as { __BACKEND__?: string }).__BACKEND__ ??= 'memory';
