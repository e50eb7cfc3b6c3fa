// What every request to the board page must show before it is served: the secret token of this
// run, a Host header naming the loopback address and our port (a rebound DNS name is refused), and
// no foreign Origin. The server never sends CORS headers, so other sites cannot read its answers.
import { randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, URL-safe: the page's address carries it, every request must. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface GuardedRequest {
  method: string;
  /** the request target as sent: "/t/<token>/api/state" */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

export type GuardVerdict =
  | { ok: true; /** the path after the token: "/", "/board/main.js", "/api/state" */ path: string }
  | { ok: false; status: number; reason: string };

const header = (h: GuardedRequest['headers'], name: string): string | undefined => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};

/** The origins the page itself has: the two loopback names with our port. */
export function ownOrigins(port: number): string[] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
}

export function checkRequest(req: GuardedRequest, token: string, port: number): GuardVerdict {
  const host = header(req.headers, 'host');
  if (!host || !ownOrigins(port).includes(`http://${host.toLowerCase()}`)) {
    return { ok: false, status: 421, reason: `Host "${host ?? ''}" is not this local server` };
  }
  const origin = header(req.headers, 'origin');
  if (origin !== undefined && !ownOrigins(port).includes(origin.toLowerCase())) {
    return { ok: false, status: 403, reason: `cross-origin request from ${origin}` };
  }
  // A browser says where a request comes from; anything but our own page (or the address bar) is refused.
  const site = header(req.headers, 'sec-fetch-site');
  const m = /^\/t\/([A-Za-z0-9_-]+)(\/[^?#]*)?(?:\?.*)?$/.exec(req.url);
  const path = m?.[2] ?? '';
  // The one exception: the launch page (a file:// page, another "site") navigates to the page itself.
  const launching = req.method === 'GET' && header(req.headers, 'sec-fetch-mode') === 'navigate'
    && (path === '' || path === '/');
  if (site !== undefined && site !== 'same-origin' && site !== 'none' && !launching) {
    return { ok: false, status: 403, reason: `request from another site (${site})` };
  }
  if (!m || !sameToken(m[1]!, token)) return { ok: false, status: 404, reason: 'not found' };
  return { ok: true, path };
}

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given), b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
