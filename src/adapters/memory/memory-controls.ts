import { AppError, type ErrorCode, isErrorCode } from '@/domain/errors';

export const MEMORY_OPERATIONS = [
  'signIn',
  'signOut',
  'exists',
  'join',
  'searchColleges',
  'heroImages',
] as const;
export type MemoryOperation = (typeof MEMORY_OPERATIONS)[number];

/** Default simulated network latency, so that loading states are visible in development. */
export const DEFAULT_LATENCY_MS = 350;
const MAX_LATENCY_MS = 60_000;

/** Start-up configuration read once from `window.__memoryBackendConfig`. */
export interface MemoryBackendConfig {
  readonly latencyMs?: number;
  readonly failNext?: Partial<Record<MemoryOperation, ErrorCode>>;
  /** A list of images, or a whole raw answer (any shape) for the hero images call. */
  readonly heroImages?: unknown;
}

const isOperation = (op: unknown): op is MemoryOperation =>
  (MEMORY_OPERATIONS as readonly unknown[]).includes(op);

const clampLatency = (ms: unknown): number | null =>
  typeof ms === 'number' && Number.isFinite(ms) ? Math.min(Math.max(0, ms), MAX_LATENCY_MS) : null;

/** Latency, one-shot failures and call counts shared by every memory adapter. */
export function createControls(config: MemoryBackendConfig = {}) {
  let latencyMs = clampLatency(config.latencyMs) ?? DEFAULT_LATENCY_MS;
  const failures = new Map<MemoryOperation, ErrorCode>();
  const calls = new Map<MemoryOperation, number>();

  const failNext = (op: MemoryOperation, code: ErrorCode = 'unavailable'): void => {
    if (!isOperation(op)) throw new TypeError(`Unknown memory backend operation: ${String(op)}`);
    if (!isErrorCode(code)) throw new TypeError(`Unknown error code: ${String(code)}`);
    failures.set(op, code);
  };

  for (const [op, code] of Object.entries(config.failNext ?? {})) {
    if (isOperation(op) && isErrorCode(code)) failures.set(op, code);
  }

  return {
    failNext,
    setLatency(ms: number): void {
      latencyMs = clampLatency(ms) ?? latencyMs;
    },
    latency: (): number => latencyMs,
    calls: (op: MemoryOperation): number => calls.get(op) ?? 0,
    resetCounters(): void {
      calls.clear();
      failures.clear();
    },
    /** Counts the call, waits the latency, then throws the planned failure if there is one. */
    async enter(op: MemoryOperation): Promise<void> {
      calls.set(op, (calls.get(op) ?? 0) + 1);
      const failure = failures.get(op);
      failures.delete(op);
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      if (failure) throw new AppError(failure, `Simulated ${op} failure: ${failure}`);
    },
  };
}

export type Controls = ReturnType<typeof createControls>;
