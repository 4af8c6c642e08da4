import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The callable's CORS, as deployed: functions/src/index.ts loaded the way Cloud Functions loads it
// (no emulator), with SITE_ORIGIN as the deploy sets it, its exported handler served over HTTP.
// The Functions emulator cannot show this: it answers every origin by design (it turns on the
// SDK's `enableCors` debug feature). Needs functions/node_modules (scripts/test/firebase-cli.sh), hence
// this folder. Nothing here reaches Google: a preflight never runs the function's body.

const SITE = 'https://deestudiantes.mx';
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  vi.resetModules();
});

async function loadFunction(siteOrigin: string | undefined) {
  delete process.env.FUNCTIONS_EMULATOR;
  delete process.env.FIREBASE_DEBUG_MODE;
  delete process.env.FIREBASE_DEBUG_FEATURES;
  if (siteOrigin === undefined) delete process.env.SITE_ORIGIN;
  else process.env.SITE_ORIGIN = siteOrigin;
  vi.resetModules();
  // A computed path: the root typecheck (run before scripts/test/firebase-cli.sh installs
  // functions/node_modules) must not follow it into firebase-admin.
  const entry = new URL('../../functions/src/index.ts', import.meta.url).href;
  return (await import(/* @vite-ignore */ entry)) as { get_hero_profile_images: unknown };
}

async function preflight(
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => unknown,
  origin: string,
) {
  const server = http.createServer((req, res) => void handler(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,authorization',
      },
    });
    return res.headers.get('access-control-allow-origin');
  } finally {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }
}

describe('get_hero_profile_images serves only our site’s origin', () => {
  it('a preflight from the site is allowed; any other origin is never named (nor *)', async () => {
    const { get_hero_profile_images } = await loadFunction(SITE);
    const handler = get_hero_profile_images as unknown as Parameters<typeof preflight>[0];
    expect(await preflight(handler, SITE)).toBe(SITE);
    for (const other of [
      'https://otro-sitio.example',
      'https://deestudiantes.mx.evil.example',
      'http://deestudiantes.mx',
      'http://127.0.0.1:4174',
      'null',
    ]) {
      // The answer names our site only (or nothing): the browser refuses it for any other origin.
      const allowed = await preflight(handler, other);
      expect([SITE, null]).toContain(allowed);
      expect(allowed).not.toBe(other);
      expect(allowed).not.toBe('*');
    }
  });

  it('without SITE_ORIGIN (or with a non-https one) the function refuses to load', async () => {
    await expect(loadFunction(undefined)).rejects.toThrow(/SITE_ORIGIN/);
    await expect(loadFunction('http://deestudiantes.mx')).rejects.toThrow(/SITE_ORIGIN/);
  });
});
