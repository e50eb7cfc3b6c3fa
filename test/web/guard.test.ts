import { describe, expect, it } from 'vitest';
import { checkRequest, newToken } from '../../src/web/guard.js';

const token = newToken();
const port = 41234;
const req = (url: string, headers: Record<string, string> = {}) => checkRequest({ method: 'GET', url, headers: { host: `127.0.0.1:${port}`, ...headers } }, token, port);

describe('board page guard', () => {
  it('makes 32-byte random tokens', () => {
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newToken()).not.toBe(token);
  });

  it('serves the token path on both loopback names', () => {
    expect(req(`/t/${token}/api/state`)).toEqual({ ok: true, path: '/api/state' });
    expect(req(`/t/${token}/`, { host: `localhost:${port}` })).toEqual({ ok: true, path: '/' });
    expect(req(`/t/${token}/`, { origin: `http://127.0.0.1:${port}`, 'sec-fetch-site': 'same-origin' })).toMatchObject({ ok: true });
  });

  it('refuses a missing or wrong token', () => {
    expect(req('/')).toMatchObject({ ok: false, status: 404 });
    expect(req(`/t/${token.slice(1)}x/api/state`)).toMatchObject({ ok: false, status: 404 });
    expect(req(`/api/state?t=${token}`)).toMatchObject({ ok: false, status: 404 });
  });

  it('refuses a Host that is not this server (DNS rebinding)', () => {
    expect(req(`/t/${token}/`, { host: `evil.example:${port}` })).toMatchObject({ ok: false, status: 421 });
    expect(req(`/t/${token}/`, { host: '127.0.0.1:80' })).toMatchObject({ ok: false, status: 421 });
    expect(checkRequest({ method: 'GET', url: `/t/${token}/`, headers: {} }, token, port)).toMatchObject({ ok: false, status: 421 });
  });

  it('refuses other origins and sites', () => {
    expect(req(`/t/${token}/api/state`, { origin: 'http://evil.example' })).toMatchObject({ ok: false, status: 403 });
    expect(req(`/t/${token}/api/state`, { origin: `http://127.0.0.1:${port + 1}` })).toMatchObject({ ok: false, status: 403 });
    expect(req(`/t/${token}/api/state`, { origin: 'null' })).toMatchObject({ ok: false, status: 403 });
    expect(req(`/t/${token}/api/state`, { 'sec-fetch-site': 'cross-site' })).toMatchObject({ ok: false, status: 403 });
    expect(req(`/t/${token}/api/state`, { 'sec-fetch-site': 'same-site' })).toMatchObject({ ok: false, status: 403 });
  });

  it('lets the launch page (a file:// page, another site) navigate to the page itself, and nothing else', () => {
    const nav = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' };
    expect(req(`/t/${token}/`, nav)).toMatchObject({ ok: true, path: '/' });
    expect(req(`/t/${token}`, nav)).toMatchObject({ ok: true, path: '' });
    expect(req(`/t/wrong/`, nav)).toMatchObject({ ok: false, status: 404 }); // the token is still required
    expect(req(`/t/${token}/api/state`, nav)).toMatchObject({ ok: false, status: 403 });
    expect(req(`/t/${token}/board/main.js`, nav)).toMatchObject({ ok: false, status: 403 });
    expect(req(`/t/${token}/`, { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' })).toMatchObject({ ok: false, status: 403 });
    const post = checkRequest({ method: 'POST', url: `/t/${token}/`, headers: { host: `127.0.0.1:${port}`, ...nav } }, token, port);
    expect(post).toMatchObject({ ok: false, status: 403 });
  });
});
