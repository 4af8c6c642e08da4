import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

// The Cloud Function's runtime. Node 20 was decommissioned on 2026-10-30 (the project's own
// firebase-tools refuses to deploy it); the function runs on Node 24 (docs/deploy-firebase.md says
// why), and its tests run on that same Node through tools/function-node (scripts/test/function-node.sh).
const json = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));

describe('the function’s runtime', () => {
  it('is Node 24', () => {
    expect(json('functions/package.json').engines).toEqual({ node: '24' });
  });

  it('is the Node its tests run on (tools/function-node pins the same major, exactly)', () => {
    const pinned: string = json('tools/function-node/package.json').dependencies.node;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pinned.split('.')[0]).toBe(json('functions/package.json').engines.node);
    const locked = json('tools/function-node/package-lock.json').packages['node_modules/node'];
    expect(locked.version).toBe(pinned);
  });

  it('no configuration names another runtime', () => {
    const functions = json('firebase.json').functions as { runtime?: string }[];
    for (const codebase of functions) {
      expect([undefined, 'nodejs24']).toContain(codebase.runtime);
    }
    expect(fs.readFileSync('docs/deploy-firebase.md', 'utf8')).toMatch(/Node\.js 24/);
  });
});
