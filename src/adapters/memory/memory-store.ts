import type { Clock } from '@/ports/clock.port';
import type { DeliveryReport } from '@/domain/mail/deliver-outbox';
import type { Controls } from './memory-controls';

/**
 * The whole stored state: one flat JSON object under one storage key (memory-state.ts). Empty
 * here: each feature's file adds its own fields, its slice, to this interface
 * (`declare module './memory-store' { interface MemoryState { … } }`, TypeScript's declaration
 * merging) beside the Slice that reads them, and memory-state.ts composes the slices. So every
 * file may use the whole state's type without importing the features that make it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features
export interface MemoryState {}

/** A stored state as JSON.parse gave it: an object whose values are not trusted yet. */
export type StoredObject = Readonly<Record<string, unknown>>;

/**
 * A feature's slice of the stored state: its fields of MemoryState (K), their value in a new
 * backend, how they are read from a stored state (any value missing, corrupt or written by an
 * earlier version reads as empty or is dropped, never throws), and what of them goes with a
 * student who leaves or deletes their account (what is left out stays).
 */
export interface Slice<K extends keyof MemoryState> {
  readonly empty: () => Pick<MemoryState, K>;
  readonly parse: (stored: StoredObject) => Pick<MemoryState, K>;
  readonly withoutStudent?: (state: MemoryState, uid: string) => Partial<Pick<MemoryState, K>>;
}

/** Read-modify-write access to the stored state (createStateStore, memory-state.ts). */
export interface StateStore {
  read(): MemoryState;
  update(change: (state: MemoryState) => MemoryState): MemoryState;
  clear(): void;
  /**
   * The state without anything kept of one student: every slice's part (memory-state.ts); their
   * provider account stays (Google's).
   */
  readonly withoutStudent: (state: MemoryState, uid: string) => MemoryState;
}

/**
 * What every memory "server" and every feature's operator controls are made with (one, made by
 * memory-backend.ts): the stored state, the test controls, the "server's" clock, the sender.
 */
export interface MemoryContext {
  readonly store: StateStore;
  readonly controls: Controls;
  readonly clock: Clock;
  readonly sender: {
    readonly deliverMail: () => Promise<DeliveryReport>;
    /** The sender's next run, soon: told when a write recorded a message to send. */
    readonly scheduleDelivery: () => void;
  };
}
