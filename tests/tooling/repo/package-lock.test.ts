import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  missingPlatformPackages,
  platformCoverage,
  TARGETS,
  targetOf,
} from '../../../scripts/deps/lock-platforms.mjs';

const lockOf = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;

describe('package-lock.json works with npm ci on every platform', () => {
  it('holds every Linux, macOS and Windows (x64, arm64) binary its packages offer', () => {
    // On failure: `npm run lock` (it says which package to pin when the registry lacks a build).
    expect(missingPlatformPackages(lockOf('package-lock.json'))).toEqual([]);
  });

  it('locks a Tailwind engine, a CSS minifier and a bundler binary for each target', () => {
    const coverage = platformCoverage(lockOf('package-lock.json'));
    for (const parent of ['@tailwindcss/oxide', 'lightningcss', 'rolldown']) {
      const targets = (coverage[parent] ?? []).map((n) => targetOf(n));
      for (const target of TARGETS)
        expect(targets, `${parent} on ${target.os}-${target.cpu}`).toContainEqual(target);
    }
  });

  it('the lock files of the app, the functions and the Firebase CLI are in sync (npm ci --dry-run)', () => {
    for (const dir of ['.', 'functions', 'tools/firebase-cli']) {
      // Throws (exit code 1, "can only install packages when ... in sync") when they are not.
      execFileSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], {
        cwd: dir,
        stdio: 'pipe',
      });
    }
  }, 30_000);

  it('finds a platform binary left out of a lock, and names the package that needs it', () => {
    const lock = {
      packages: {
        '': {},
        'node_modules/@tailwindcss/oxide': {
          version: '4.3.5',
          optionalDependencies: {
            '@tailwindcss/oxide-linux-x64-gnu': '4.3.5',
            '@tailwindcss/oxide-darwin-arm64': '4.3.5',
            '@tailwindcss/oxide-freebsd-x64': '4.3.5',
          },
        },
        'node_modules/@tailwindcss/oxide-linux-x64-gnu': { version: '4.3.5' },
      },
    };
    // freebsd is not a target: only macOS arm64 is reported.
    expect(missingPlatformPackages(lock)).toEqual([
      { parent: '@tailwindcss/oxide', version: '4.3.5', name: '@tailwindcss/oxide-darwin-arm64' },
    ]);
  });

  it('reads the platform from a binary package name', () => {
    expect(targetOf('@rolldown/binding-win32-arm64-msvc')).toEqual({ os: 'win32', cpu: 'arm64' });
    expect(targetOf('lightningcss-linux-x64-musl')).toEqual({ os: 'linux', cpu: 'x64' });
    expect(targetOf('@tailwindcss/oxide-wasm32-wasi')).toBeNull();
    expect(targetOf('lightningcss-linux-arm-gnueabihf')).toBeNull();
  });
});
