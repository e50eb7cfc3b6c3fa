import { spawnSync } from 'node:child_process';
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as openpgp from 'openpgp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPrivateKey, loadPublicKey, newKey, type PrivateKey, type PublicKey } from '../../src/log/keys.js';
import { SignatureError, signDetached, verifyDetached } from '../../src/log/signature.js';
import { hasGpg, TempGpg } from './gpg-helper.js';

const body = new TextEncoder().encode('{"game":"g1","prev":"00","seq":3}');
let anna: { priv: PrivateKey; pub: PublicKey; armoredPub: string; fp: string };
let karl: { priv: PrivateKey; pub: PublicKey };
const gpgs: TempGpg[] = [];

beforeAll(async () => {
  const a = await newKey({ name: 'Anna', email: 'anna@example.org' });
  const k = await newKey({ name: 'Karl', email: 'karl@example.org' });
  anna = { priv: await loadPrivateKey(a.privateKey), pub: await loadPublicKey(a.publicKey), armoredPub: a.publicKey, fp: a.fingerprint };
  karl = { priv: await loadPrivateKey(k.privateKey), pub: await loadPublicKey(k.publicKey) };
});
afterAll(() => gpgs.forEach((g) => g.dispose()));

async function refused(p: Promise<unknown>): Promise<SignatureError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(SignatureError);
    return e as SignatureError;
  }
  throw new Error('expected a SignatureError');
}

describe('detached signatures', () => {
  it('verifies a good signature against the pinned key', async () => {
    const sig = await signDetached(body, anna.priv);
    expect(sig).toContain('-----BEGIN PGP SIGNATURE-----');
    const ok = await verifyDetached(body, sig, anna.pub);
    expect(ok.fingerprint).toBe(anna.fp);
    expect(ok.keyId).toBe(anna.fp.slice(-16));
    expect(ok.created).toBeInstanceOf(Date);
  });

  it('refuses a flipped byte in the data', async () => {
    const sig = await signDetached(body, anna.priv);
    const bad = body.slice();
    bad[5]! ^= 1;
    const e = await refused(verifyDetached(bad, sig, anna.pub, { file: 'g.hexlog', place: 'segment 3' }));
    expect(e.reason).toBe('bad-signature');
    expect(e.message).toMatch(/^g\.hexlog: segment 3: BAD signature by/);
  });

  it('refuses a signature by another key, even a valid one', async () => {
    const sig = await signDetached(body, karl.priv);
    const e = await refused(verifyDetached(body, sig, anna.pub));
    expect(e.reason).toBe('wrong-signer');
    expect(e.message).toContain(`not the pinned key ${anna.fp}`);
  });

  it('refuses a signature moved from other data', async () => {
    const other = await signDetached(new TextEncoder().encode('{"seq":2}'), anna.priv);
    expect((await refused(verifyDetached(body, other, anna.pub))).reason).toBe('bad-signature');
  });

  it('refuses garbage, empty, double and text-mode signatures', async () => {
    expect((await refused(verifyDetached(body, 'garbage', anna.pub))).reason).toBe('malformed');
    expect((await refused(verifyDetached(body, '', anna.pub))).reason).toBe('malformed');
    expect((await refused(verifyDetached(body, 'x'.repeat(20_000), anna.pub))).message).toMatch(/more than 16384/);
    const sig = await signDetached(body, anna.priv);
    const damaged = sig.replace(/\n([A-Za-z0-9+/]{10})/, (_m, s: string) => '\n' + (s[0] === 'A' ? 'B' : 'A') + s.slice(1));
    await refused(verifyDetached(body, damaged, anna.pub));
    const double = await openpgp.sign({ message: await openpgp.createMessage({ binary: body }), signingKeys: [anna.priv, karl.priv], detached: true });
    expect((await refused(verifyDetached(body, double, anna.pub))).message).toMatch(/exactly one signature, found 2/);
    const text = await openpgp.sign({ message: await openpgp.createMessage({ text: '{"seq":3}' }), signingKeys: anna.priv, detached: true });
    expect((await refused(verifyDetached(new TextEncoder().encode('{"seq":3}'), text, anna.pub))).reason).toBe('not-binary');
  });

  it('accepts a signature made a while "in the future" by a fast clock', async () => {
    const future = new Date(Date.now() + 3600_000);
    const sig = await openpgp.sign({ message: await openpgp.createMessage({ binary: body }), signingKeys: anna.priv, detached: true, date: future });
    expect((await verifyDetached(body, sig, anna.pub)).created.getTime()).toBe(Math.floor(future.getTime() / 1000) * 1000);
  });

  it.runIf(hasGpg())('interoperates with GnuPG both ways', async () => {
    const g = new TempGpg();
    gpgs.push(g);
    const sig = await signDetached(body, anna.priv);
    writeFileSync(join(g.home, 'body.json'), body);
    writeFileSync(join(g.home, 'body.json.sig'), sig);
    g.ok(['--import'], anna.armoredPub);
    const good = g.run(['--status-fd', '1', '--verify', join(g.home, 'body.json.sig'), join(g.home, 'body.json')]);
    expect(good.status).toBe(0);
    expect(good.stdout).toContain(`[GNUPG:] VALIDSIG ${anna.fp.toUpperCase()}`);
    // gpgv with a one-key keyring: the "pinned key" check of docs/log-format.md.
    g.ok(['--output', join(g.home, 'anna.gpg'), '--dearmor'], anna.armoredPub);
    const gpgv = (file: string) => spawnSync('gpgv', ['--keyring', join(g.home, 'anna.gpg'), join(g.home, 'body.json.sig'), file]).status;
    expect(gpgv(join(g.home, 'body.json'))).toBe(0);
    writeFileSync(join(g.home, 'body.json'), Buffer.concat([body, Buffer.from(' ')]));
    expect(gpgv(join(g.home, 'body.json'))).not.toBe(0);
    const bad = g.run(['--status-fd', '1', '--verify', join(g.home, 'body.json.sig'), join(g.home, 'body.json')]);
    expect(bad.status).not.toBe(0);
    expect(bad.stdout).toContain('[GNUPG:] BADSIG');

    // A GnuPG-made key and signature verify with our code.
    g.ok(['--passphrase', '', '--quick-gen-key', 'G <g@example.org>', 'ed25519', 'sign', 'never']);
    writeFileSync(join(g.home, 'body.json'), body);
    g.ok(['--local-user', 'g@example.org', '--armor', '--detach-sign', '--output', join(g.home, 'g.sig'), join(g.home, 'body.json')]);
    const gpub = await loadPublicKey(g.ok(['--armor', '--export', 'g@example.org']));
    const gsig = readFileSync(join(g.home, 'g.sig'), 'utf8');
    await expect(verifyDetached(body, gsig, gpub)).resolves.toBeTruthy();
    expect((await refused(verifyDetached(body, gsig, anna.pub))).reason).toBe('wrong-signer');
    const gpriv = await loadPrivateKey(g.ok(['--armor', '--export-secret-keys', 'g@example.org']));
    await expect(verifyDetached(body, await signDetached(body, gpriv), gpub)).resolves.toBeTruthy();
  });

  it('refuses a .sig with anything before or after its one armored block (only the first block would be read)', async () => {
    const sig = await signDetached(body, anna.priv);
    const karls = await signDetached(body, karl.priv);
    const e = await refused(verifyDetached(body, `${sig}\n${karls}`, anna.pub));
    expect(e.message).toContain('text after the armored signature block');
    expect((await refused(verifyDetached(body, `${karls}\n${sig}`, anna.pub))).message).toContain('text after the armored signature block');
    expect((await refused(verifyDetached(body, `Anna signed this:\n${sig}`, anna.pub))).message).toContain('text before the armored signature block');
    expect((await refused(verifyDetached(body, `${sig}\nco-signed by Karl`, anna.pub))).message).toContain('text after');
    // line ends and spaces around the one block are fine
    await expect(verifyDetached(body, `\n${sig}\n\n`, anna.pub)).resolves.toBeTruthy();
  });

  it.runIf(hasGpg())('gpg reads every block of a two-block .sig: the opponent would look like a co-signer', async () => {
    const g = new TempGpg();
    gpgs.push(g);
    g.ok(['--import'], anna.armoredPub);
    g.ok(['--import'], karl.pub.armor());
    writeFileSync(join(g.home, 'body.json'), body);
    writeFileSync(join(g.home, 'two.sig'), `${await signDetached(body, anna.priv)}\n${await signDetached(body, karl.priv)}`);
    const r = g.run(['--status-fd', '1', '--verify', join(g.home, 'two.sig'), join(g.home, 'body.json')]);
    expect(r.stdout.match(/\[GNUPG:\] (GOODSIG|VALIDSIG|ERRSIG|BADSIG) /g)?.length ?? 0).toBeGreaterThan(1);
  });
});
