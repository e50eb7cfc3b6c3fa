// The board page's server as a local tool must be: loopback only, the token in every address,
// the Host header checked (DNS rebinding), foreign origins and non-JSON posts refused, no CORS
// headers, a strict Content-Security-Policy, only the page's own files served.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSkirmish, players } from '../helpers/game.js';
import type { BoardServer } from '../../src/web/server.js';
import { onDisk, servePage } from './page-fixtures.js';

interface Answer { status: number; headers: Record<string, string | string[] | undefined>; body: string }

function send(server: BoardServer, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method: options.method ?? 'GET',
      headers: { host: `127.0.0.1:${server.port}`, ...options.headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('board page server', () => {
  let server: BoardServer;
  let base: string;
  let logPath: string;
  beforeAll(async () => {
    const p = await players();
    const files = await onDisk(p, await newSkirmish(p), 'red');
    logPath = files.logPath;
    server = (await servePage(files.logPath, p, 'red')).server;
    base = `/t/${server.token}`;
  });
  afterAll(async () => { await server?.close(); });

  it('listens on 127.0.0.1 only, with a 32-byte token in its address', () => {
    expect(server.server.address()).toMatchObject({ address: '127.0.0.1' });
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/t/${server.token}/`);
    expect(Buffer.from(server.token, 'base64url')).toHaveLength(32);
  });

  it('serves the CJK font the page asks for text in those scripts, only with the token', async () => {
    const font = await send(server, `${base}/fonts/cjk.otf`);
    expect(font.status).toBe(200);
    expect(font.headers['content-type']).toBe('font/otf');
    expect(font.headers['content-security-policy']).toContain("font-src 'self'");
    expect(font.body.slice(0, 4)).toBe('OTTO'); // an OpenType font with CFF outlines
    expect((await send(server, '/fonts/cjk.otf')).status).not.toBe(200);
  });

  it('serves the page and its API with the token, with a strict policy and no CORS', async () => {
    const page = await send(server, `${base}/`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.body).not.toMatch(/<script>|https?:\/\/(?!www\.w3\.org)/); // no inline script, nothing from the network
    const state = await send(server, `${base}/api/state`);
    expect(state.status).toBe(200);
    expect(JSON.parse(state.body).side).toBe('red');
    for (const a of [page, state]) expect(Object.keys(a.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });

  it('serves every ES module the page imports, as JavaScript, to a module request of the page itself', async () => {
    const page = await send(server, `${base}/`);
    const entry = /<script type="module" src="([^"]+)"><\/script>/.exec(page.body)?.[1];
    expect(entry).toBe('board/main.js');
    // A module script is fetched in CORS mode: Origin and Sec-Fetch-* name the page itself.
    const own = { origin: `http://127.0.0.1:${server.port}`, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'script' };
    const seen = new Set<string>();
    const todo = [entry!];
    while (todo.length) {
      const file = todo.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const r = await send(server, `${base}/${file}`, { headers: own });
      expect(r.status, file).toBe(200);
      expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(r.headers['content-security-policy']).toContain("script-src 'self'");
      expect(r.body).not.toMatch(/\bimport\s*\(|\beval\s*\(|new Function/); // static imports only, nothing evaluated
      for (const m of r.body.matchAll(/^import [^;]* from '\.\/([a-z-]+\.js)';$/gm)) todo.push(`board/${m[1]}`);
    }
    expect(seen.size).toBeGreaterThan(10);
    // the page asks for them all at once: every module it imports is preloaded, and nothing else
    const preloaded = [...page.body.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
    expect(new Set([entry, ...preloaded])).toEqual(seen);
    expect(preloaded).toHaveLength(seen.size - 1);
    for (const f of ['board.js', 'board/../page-session.ts', 'board/README', 'board%2fmain.js']) expect((await send(server, `${base}/${f}`)).status, f).toBe(404);
  });

  it('refuses requests without the right token', async () => {
    expect((await send(server, '/')).status).toBe(404);
    expect((await send(server, '/api/state')).status).toBe(404);
    expect((await send(server, `/t/${'A'.repeat(43)}/api/state`)).status).toBe(404);
    expect((await send(server, `${base}/../../package.json`)).status).toBe(404);
    expect((await send(server, `${base}/page-session.ts`)).status).toBe(404);
  });

  it('refuses a foreign Host (DNS rebinding)', async () => {
    const r = await send(server, `${base}/api/state`, { headers: { host: `attacker.example:${server.port}` } });
    expect(r.status).toBe(421);
    expect(r.body).not.toContain('"pieces"');
    expect((await send(server, `${base}/api/state`, { headers: { host: `localhost:${server.port}` } })).status).toBe(200);
  });

  it('refuses cross-origin requests and posts that are not JSON', async () => {
    const line = JSON.stringify({ line: 'note "from elsewhere"' });
    const evil = await send(server, `${base}/api/command`, { method: 'POST', headers: { origin: 'http://attacker.example', 'content-type': 'application/json' }, body: line });
    expect(evil.status).toBe(403);
    const site = await send(server, `${base}/api/command`, { method: 'POST', headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' }, body: line });
    expect(site.status).toBe(403);
    const form = await send(server, `${base}/api/command`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: line });
    expect(form.status).toBe(415);
    const preflight = await send(server, `${base}/api/command`, { method: 'OPTIONS', headers: { origin: `http://127.0.0.1:${server.port}`, 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(405);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const big = await send(server, `${base}/api/command`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ line: 'x'.repeat(70_000) }) });
    expect(big.status).toBe(400);
    // Nothing of it reached the turn.
    expect(JSON.parse((await send(server, `${base}/api/state`)).body).commands).toBe(0);
  });

  it('answers a command from the page itself through the engine, and previews a path', async () => {
    const own = { origin: `http://127.0.0.1:${server.port}`, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' };
    const preview = JSON.parse((await send(server, `${base}/api/preview-path`, { method: 'POST', headers: own, body: JSON.stringify({ piece: 'red-1', path: ['0302', '0402'] }) })).body);
    expect(preview).toMatchObject({ ok: true, mp: '2', spent: '2', allowance: '4', text: '2 MP · 2 of 4 this phase' });
    const far = JSON.parse((await send(server, `${base}/api/preview-path`, { method: 'POST', headers: own, body: JSON.stringify({ piece: 'red-1', path: ['0402'] }) })).body);
    expect(far).toMatchObject({ ok: false, error: expect.stringContaining('not adjacent') });
    const r = JSON.parse((await send(server, `${base}/api/command`, { method: 'POST', headers: own, body: JSON.stringify({ line: 'move red-1 0302' }) })).body);
    expect(r).toMatchObject({ ok: true });
    expect(r.lines[0]).toContain('red-1 moves 0202 → 0302');
    const state = JSON.parse((await send(server, `${base}/api/state`)).body);
    expect(state.pieces.find((x: { id: string }) => x.id === 'red-1').at).toBe('0302');
    const bad = JSON.parse((await send(server, `${base}/api/command`, { method: 'POST', headers: own, body: JSON.stringify({ line: 'move blue-1 0807' }) })).body);
    expect(bad).toMatchObject({ ok: false, error: expect.stringContaining('belongs to blue') });
    expect(logPath).toBeTruthy();
  });
});
