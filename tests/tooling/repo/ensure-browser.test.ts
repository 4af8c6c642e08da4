import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * scripts/test/ensure-browser.sh, run with stand-ins for apt-get, npx and id on the PATH: it falls back
 * to Playwright's browser and never stops `npm test` because apt-get could not install Chromium.
 */
describe('ensure-browser.sh', () => {
  let dir: string;
  let log: string;

  const fake = (name: string, body: string) => {
    const file = path.join(dir, 'bin', name);
    fs.writeFileSync(file, `#!/bin/sh\necho "${name} $*" >> "${log}"\n${body}\n`);
    fs.chmodSync(file, 0o755);
  };
  const run = (chromium: string) => {
    const result = spawnSync('bash', ['scripts/test/ensure-browser.sh'], {
      encoding: 'utf8',
      env: { PATH: `${path.join(dir, 'bin')}:/usr/bin:/bin`, CHROMIUM_PATH: chromium },
    });
    const calls = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n') : [];
    return { status: result.status, out: result.stdout + result.stderr, calls };
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ensure-browser-'));
    fs.mkdirSync(path.join(dir, 'bin'));
    log = path.join(dir, 'calls.log');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('does nothing when the Chromium is already there', () => {
    const chromium = path.join(dir, 'chromium');
    fs.writeFileSync(chromium, '');
    fs.chmodSync(chromium, 0o755);
    fake('apt-get', 'exit 1');
    fake('npx', 'exit 1');
    expect(run(chromium)).toMatchObject({ status: 0, calls: [] });
  });

  it('falls back to Playwright’s browser when apt-get fails as root', () => {
    fake('id', 'echo 0');
    fake('apt-get', 'exit 100');
    fake('npx', 'exit 0');
    const { status, calls, out } = run(path.join(dir, 'none'));
    expect(status).toBe(0);
    expect(calls.filter((c) => c.startsWith('apt-get')).length).toBeGreaterThan(0);
    expect(calls).toContain('npx playwright install chromium');
    expect(out).toContain('apt-get could not install chromium');
  });

  it('does not try apt-get when not root, and downloads Playwright’s browser', () => {
    fake('id', 'echo 1000');
    fake('apt-get', 'exit 0');
    fake('npx', 'exit 0');
    const { status, calls } = run(path.join(dir, 'none'));
    expect(status).toBe(0);
    expect(calls).toEqual(['id -u', 'npx playwright install chromium']);
  });

  it('says what to do, and lets the suite go on, when no browser can be had', () => {
    fake('id', 'echo 0');
    fake('apt-get', 'exit 100');
    fake('npx', 'exit 1');
    const { status, out } = run(path.join(dir, 'none'));
    expect(status).toBe(0);
    expect(out).toContain('npx playwright install chromium');
    expect(out).toContain('apt-get update && apt-get install -y chromium');
    expect(out).toContain('CHROMIUM_PATH=');
  });
});
