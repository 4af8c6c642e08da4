// Types of lock-platforms.mjs for the TypeScript tests.
export interface Target {
  readonly os: 'linux' | 'darwin' | 'win32';
  readonly cpu: 'x64' | 'arm64';
}
export interface MissingPlatformPackage {
  readonly parent: string;
  readonly version: string;
  readonly name: string;
}
export const TARGETS: readonly Target[];
export function targetOf(name: string): Target | null;
export function missingPlatformPackages(lock: unknown): MissingPlatformPackage[];
export function platformCoverage(lock: unknown): Record<string, string[]>;
