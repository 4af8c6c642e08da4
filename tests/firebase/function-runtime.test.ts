import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// What the pinned firebase-tools (tools/firebase-cli, installed by scripts/test/firebase-cli.sh) says
// of the function's runtime, and the Node its tests run on (tools/function-node, installed by
// scripts/test/function-node.sh). Here rather than in tests/function: both are installed by the Firebase
// test script.
const require = createRequire(import.meta.url);
const { RUNTIMES } = require(
  `${process.cwd()}/tools/firebase-cli/node_modules/firebase-tools/lib/deploy/functions/runtimes/supported/types.js`,
) as {
  RUNTIMES: Record<string, { status: string; deprecationDate: string; decommissionDate: string }>;
};
const engines = JSON.parse(fs.readFileSync('functions/package.json', 'utf8')).engines.node;
const DAY = 86_400_000;

describe('the function’s runtime, as the pinned firebase-tools sees it', () => {
  it('is generally available, and not deprecated or decommissioned for at least 90 days', () => {
    const runtime = RUNTIMES[`nodejs${engines}`]!;
    expect(runtime.status).toBe('GA');
    expect(new Date(runtime.deprecationDate).getTime()).toBeGreaterThan(Date.now() + 90 * DAY);
    expect(new Date(runtime.decommissionDate).getTime()).toBeGreaterThan(Date.now() + 90 * DAY);
  });

  it('Node 20, the runtime before, can no longer be deployed', () => {
    expect(new Date(RUNTIMES.nodejs20!.decommissionDate).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('the function’s tests run on that Node', () => {
    const version = execFileSync('tools/function-node/node_modules/.bin/node', ['-v'], {
      encoding: 'utf8',
    }).trim();
    expect(version.split('.')[0]).toBe(`v${engines}`);
  });
});
