import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { PreviewServer } from 'vite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brotliPreview } from '../../../scripts/build/brotli-preview';

type Middleware = (req: unknown, res: unknown, next: () => void) => void;

interface Answer {
  passed: boolean;
  status?: number;
  headers: Record<string, string>;
  body?: Buffer;
}

let root: string;
let middleware: Middleware;

/** What the preview's middleware answers a request (or that it passed it on to Vite's own). */
function ask(
  url: string,
  headers: Record<string, string> = { 'accept-encoding': 'gzip, br' },
  method = 'GET',
) {
  const answer: Answer = { passed: false, headers: {} };
  const res = {
    statusCode: 200,
    setHeader: (name: string, value: string) => (answer.headers[name.toLowerCase()] = value),
    end: (body?: Buffer) => {
      answer.status = res.statusCode;
      answer.body = body;
    },
  };
  middleware({ method, url, headers }, res, () => (answer.passed = true));
  return answer;
}

/** A whole second for app.js's time (fractions of a millisecond do not survive utimes). */
const SECONDS = 1_700_000_000;
const unbrotli = (answer: Answer) => zlib.brotliDecompressSync(answer.body!).toString();

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'brotli-preview-'));
  fs.mkdirSync(path.join(root, 'dist/assets'), { recursive: true });
  fs.writeFileSync(path.join(root, 'dist/index.html'), '<!doctype html><p>Hola</p>');
  fs.mkdirSync(path.join(root, 'dist/campus/udg-cucei'), { recursive: true });
  fs.writeFileSync(path.join(root, 'dist/campus/udg-cucei.html'), '<!doctype html><p>CUCEI</p>');
  fs.writeFileSync(path.join(root, 'dist/assets/app.js'), 'console.log("hola");'.repeat(50));
  fs.utimesSync(path.join(root, 'dist/assets/app.js'), SECONDS, SECONDS);
  fs.writeFileSync(path.join(root, 'dist/assets/app.css'), 'p{color:red}');
  fs.writeFileSync(
    path.join(root, 'dist/favicon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  fs.writeFileSync(path.join(root, 'dist/icon.png'), Buffer.from([137, 80, 78, 71]));
  fs.writeFileSync(path.join(root, 'secret.js'), 'no');
  fs.mkdirSync(path.join(root, 'dist2'));
  fs.writeFileSync(path.join(root, 'dist2/other.js'), 'no');
  const server = {
    config: { root, build: { outDir: 'dist' } },
    middlewares: { use: (fn: Middleware) => (middleware = fn) },
  } as unknown as PreviewServer;
  const hook = brotliPreview().configurePreviewServer as (server: PreviewServer) => void;
  hook(server);
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('brotliPreview', () => {
  it('serves pages and scripts in brotli, as the host does, with their types', () => {
    const page = ask('/');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(unbrotli(page)).toBe('<!doctype html><p>Hola</p>');
    const script = ask('/assets/app.js');
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript');
    expect(unbrotli(script)).toBe('console.log("hola");'.repeat(50));
    expect(Number(script.headers['content-length'])).toBe(script.body!.length);
    expect(ask('/assets/app.css').headers['content-type']).toBe('text/css');
    expect(ask('/favicon.svg').headers['content-type']).toBe('image/svg+xml');
  });

  it('answers HEAD with the headers alone', () => {
    const head = ask('/assets/app.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(ask('/assets/app.js').body!.length);
    expect(head.body).toBeUndefined();
  });

  it('compresses when the preview starts, not in the middle of a measured load', () => {
    // Same size and time, other bytes: only what was compressed at start can be served.
    const file = path.join(root, 'dist/assets/app.js');
    fs.writeFileSync(file, 'console.log("HOLA");'.repeat(50));
    fs.utimesSync(file, SECONDS, SECONDS);
    expect(unbrotli(ask('/assets/app.js'))).toBe('console.log("hola");'.repeat(50));
  });

  it('leaves to Vite what it does not compress: no brotli asked, images, missing or outside files', () => {
    expect(ask('/assets/app.js', { 'accept-encoding': 'gzip' }).passed).toBe(true);
    expect(ask('/icon.png').passed).toBe(true);
    expect(ask('/assets/missing.js').passed).toBe(true);
    expect(ask('/..%2Fsecret.js').passed).toBe(true);
    expect(ask('/..%2Fdist2/other.js').passed).toBe(true);
    expect(ask('/%E0%A4%A').passed).toBe(true);
  });

  it('answers a revalidation with 304, and a changed file with its new bytes', () => {
    const first = ask('/assets/app.js');
    const again = ask('/assets/app.js', {
      'accept-encoding': 'br',
      'if-none-match': first.headers.etag!,
    });
    expect(again.status).toBe(304);
    const file = path.join(root, 'dist/assets/app.js');
    fs.writeFileSync(file, 'console.log("adiós");');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    const changed = ask('/assets/app.js', {
      'accept-encoding': 'br',
      'if-none-match': first.headers.etag!,
    });
    expect(changed.status).toBe(200);
    expect(unbrotli(changed)).toBe('console.log("adiós");');
  });
  it('serves a clean address as its .html file, brotli, as the hosts do (issue 60)', () => {
    for (const url of ['/campus/udg-cucei', '/campus/udg-cucei/']) {
      const answer = ask(url);
      expect(answer.passed, url).toBe(false);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(unbrotli(answer)).toBe('<!doctype html><p>CUCEI</p>');
    }
    // No such page (the folder of its poster is not a page): Vite's own answer, the 404.
    expect(ask('/campus/no-existe').passed).toBe(true);
  });
});
