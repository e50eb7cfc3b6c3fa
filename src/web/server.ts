// The board page's local server: 127.0.0.1 only, a random token in every address, the Host header
// checked (no DNS rebinding), foreign origins refused, no CORS headers ever, a strict
// Content-Security-Policy, and only the page's own files served (the HTML, the CSS and the script's
// ES modules in static/board/, listed once at start). The private key stays in
// this process: the page sends command lines and gets answers.
import { readFile } from 'node:fs/promises';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { cjkFontFile } from '../export/cjk-font.js';
import { checkRequest, newToken } from './guard.js';
import type { PageSession } from './page-session.js';

/** Largest request body: a command line or a path is small. */
const MAX_BODY = 64 * 1024;

const TYPES: Record<string, string> = { html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' };

/** The page's files by request path, read once at start: a fixed list, nothing else under static/ is ever read. */
function staticFiles(dir: string): Map<string, { body: Buffer; type: string }> {
  const modules = readdirSync(`${dir}board`).filter((f) => /^[a-z][a-z-]*\.js$/.test(f)).map((f) => `board/${f}`);
  const names = ['index.html', 'board.css', ...modules];
  return new Map(names.map((f) => [f === 'index.html' ? '/' : `/${f}`,
    { body: readFileSync(`${dir}${f}`), type: TYPES[f.slice(f.lastIndexOf('.') + 1)]! }]));
}

const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  // The token is in the address: never send it on as a referrer.
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};

/** The page's files: beside the compiled server when copied there, else in the source tree. */
function staticDir(): string {
  const here = fileURLToPath(new URL('./static/', import.meta.url));
  if (existsSync(here)) return here;
  return fileURLToPath(new URL('../../../src/web/static/', import.meta.url));
}

export interface BoardServer {
  /** the page's address, token included */
  url: string;
  port: number;
  token: string;
  server: Server;
  close(): Promise<void>;
}

export async function startBoardServer(session: PageSession, options: { port?: number; log?: (line: string) => void } = {}): Promise<BoardServer> {
  const token = newToken();
  const dir = staticDir();
  const files = staticFiles(dir);
  let port = 0;
  // One request at a time: commands, undo and seal change the turn in order.
  let queue: Promise<unknown> = Promise.resolve();
  const server = createServer((req, res) => {
    // The page's own files change nothing: served at once, not behind the turn's queue.
    if (serveFile(req, res)) return;
    queue = queue.then(() => handle(req, res)).catch((e) => {
      options.log?.(`board page: ${(e as Error).message}`);
      if (!res.headersSent) send(res, 500, { error: 'internal error' });
    });
  });
  /** A GET of one of the page's files that passes the guard: answered now (true). */
  function serveFile(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET') return false;
    const verdict = checkRequest({ method: 'GET', url: req.url ?? '/', headers: req.headers }, token, port);
    const file = verdict.ok ? files.get(verdict.path) : undefined;
    if (!file) return false;
    res.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': file.type });
    res.end(file.body);
    return true;
  }
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const verdict = checkRequest({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers }, token, port);
    if (!verdict.ok) { req.resume(); return send(res, verdict.status, { error: verdict.reason }); }
    const path = verdict.path;
    if (path === '') { res.writeHead(308, { ...SECURITY_HEADERS, Location: `/t/${token}/` }); res.end(); return; }
    // the CJK font (board.css asks for it only for text in those scripts)
    if (req.method === 'GET' && path === '/fonts/cjk.otf') {
      const file = cjkFontFile();
      if (!file) return send(res, 404, { error: 'no CJK font installed' });
      res.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': 'font/otf' });
      res.end(await readFile(file));
      return;
    }
    if (req.method === 'GET') {
      if (path === '/api/layout') return send(res, 200, session.layout());
      if (path === '/api/state') return send(res, 200, session.state());
      if (path === '/api/replay') return send(res, 200, { replay: session.replay() });
      return send(res, 404, { error: 'not found' });
    }
    if (req.method !== 'POST') { req.resume(); return send(res, 405, { error: `${req.method} is not allowed` }); }
    // JSON only: a cross-site form cannot send it without a preflight, which is never granted.
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) { req.resume(); return send(res, 415, { error: 'expected application/json' }); }
    const input = await readJson(req);
    if (input === undefined) return send(res, 400, { error: 'expected a JSON object of at most 64 KB' });
    switch (path) {
      case '/api/command': return send(res, 200, session.command(String(input.line ?? '')));
      case '/api/undo': return send(res, 200, session.command('undo'));
      case '/api/preview-resolve': return send(res, 200, session.previewResolve(input.line as string));
      case '/api/preview-path': return send(res, 200, session.previewPath(input.piece as string, input.path as string[]));
      case '/api/seal':
        try {
          return send(res, 200, { ok: true, ...(await session.seal()) });
        } catch (e) {
          return send(res, 200, { ok: false, error: (e as Error).message });
        }
      case '/api/takeback':
        try {
          return send(res, 200, { ok: true, ...(await session.answerTakeback(input.answer)) });
        } catch (e) {
          return send(res, 200, { ok: false, error: (e as Error).message });
        }
      default: return send(res, 404, { error: 'not found' });
    }
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => { server.off('error', reject); resolve(); });
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/t/${token}/`, port, token, server,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > MAX_BODY) return undefined;
    chunks.push(c as Buffer);
  }
  try {
    const v: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
