import { AppError, type ErrorCode, isErrorCode } from '@/domain/errors';

export const MEMORY_OPERATIONS = [
  'signIn',
  'signOut',
  'deleteAccount',
  'getEntry',
  'join',
  'changeCollege',
  'leave',
  'getConsent',
  'grantConsent',
  'revokeConsent',
  'searchColleges',
  'heroImages',
  'campusProgress',
  'publicCampusProgress',
  'invites',
  'acceptInvite',
  'invitePreview',
  'pendingCode',
  'sendCode',
  'verifyCode',
  'requestCampus',
  'getSellerChoice',
  'saveSellerChoice',
  'recordSource',
  'sendMail',
  'checkLeaveLink',
  'leaveByLink',
  'reportFailure',
  'operatorConsole',
] as const;
export type MemoryOperation = (typeof MEMORY_OPERATIONS)[number];

/** Default simulated network latency, so that loading states are visible in development. */
export const DEFAULT_LATENCY_MS = 350;
const MAX_LATENCY_MS = 60_000;

/** Start-up configuration read once from `window.__memoryBackendConfig`. */
export interface MemoryBackendConfig {
  readonly latencyMs?: number;
  readonly failNext?: Partial<Record<MemoryOperation, ErrorCode>>;
  /** Operations whose next call never answers (a server that hangs). */
  readonly hangNext?: readonly MemoryOperation[];
  /** A list of images, or a whole raw answer (any shape) for the hero images call. */
  readonly heroImages?: unknown;
}

const isOperation = (op: unknown): op is MemoryOperation =>
  (MEMORY_OPERATIONS as readonly unknown[]).includes(op);

const clampLatency = (ms: unknown): number | null =>
  typeof ms === 'number' && Number.isFinite(ms) ? Math.min(Math.max(0, ms), MAX_LATENCY_MS) : null;

/** Latency, one-shot failures and call counts shared by every memory adapter. */
export function createControls(
  config: MemoryBackendConfig = {},
  warn: (message: string) => void = console.warn,
) {
  let latencyMs = clampLatency(config.latencyMs) ?? DEFAULT_LATENCY_MS;
  const failures = new Map<MemoryOperation, ErrorCode>();
  const calls = new Map<MemoryOperation, number>();
  const hangs = new Set<MemoryOperation>();

  const failNext = (op: MemoryOperation, code: ErrorCode = 'unavailable'): void => {
    if (!isOperation(op)) throw new TypeError(`Unknown memory backend operation: ${String(op)}`);
    if (!isErrorCode(code)) throw new TypeError(`Unknown error code: ${String(code)}`);
    failures.set(op, code);
  };

  const hangNext = (op: MemoryOperation): void => {
    if (!isOperation(op)) throw new TypeError(`Unknown memory backend operation: ${String(op)}`);
    hangs.add(op);
  };

  // The start-up configuration is the developer's own text: what cannot be used is said, not
  // dropped in silence (the runtime controls throw instead).
  const planned: unknown = config.failNext ?? {};
  for (const [op, code] of Object.entries(typeof planned === 'object' && planned ? planned : {})) {
    if (isOperation(op) && isErrorCode(code)) failures.set(op, code);
    else
      warn(
        `__memoryBackendConfig.failNext ignores ${op}: ${String(code)} ` +
          `(operations: ${MEMORY_OPERATIONS.join(', ')}; codes: see src/domain/errors.ts)`,
      );
  }
  for (const op of Array.isArray(config.hangNext) ? config.hangNext : []) {
    if (isOperation(op)) hangs.add(op);
    else warn(`__memoryBackendConfig.hangNext ignores ${String(op)}`);
  }

  return {
    failNext,
    hangNext,
    setLatency(ms: number): void {
      latencyMs = clampLatency(ms) ?? latencyMs;
    },
    latency: (): number => latencyMs,
    calls: (op: MemoryOperation): number => calls.get(op) ?? 0,
    resetCounters(): void {
      calls.clear();
      failures.clear();
      hangs.clear();
    },
    /**
     * Counts the call, waits the latency, then throws the planned failure if there is one. A
     * planned hang never settles: the call does nothing, like a request lost on the way.
     */
    async enter(op: MemoryOperation): Promise<void> {
      calls.set(op, (calls.get(op) ?? 0) + 1);
      if (hangs.delete(op)) await new Promise<never>(() => {});
      const failure = failures.get(op);
      failures.delete(op);
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      if (failure) throw new AppError(failure, `Simulated ${op} failure: ${failure}`);
    },
  };
}

export type Controls = ReturnType<typeof createControls>;
