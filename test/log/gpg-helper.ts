// Test helper: run GnuPG in a throw-away GNUPGHOME.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function hasGpg(): boolean {
  return spawnSync('gpg', ['--version'], { stdio: 'ignore' }).status === 0;
}

export class TempGpg {
  readonly home: string;
  constructor() {
    // Short path: gpg-agent's socket path must stay under ~100 characters.
    this.home = mkdtempSync(join(tmpdir(), 'hxg-'));
    // Cheap passphrase hashing: the default is calibrated to ~100 ms in C, far slower in openpgp.js.
    writeFileSync(join(this.home, 'gpg-agent.conf'), 's2k-count 65536\n');
  }

  /** Run gpg; returns {status, stdout, stderr}, never throws on a non-zero exit. */
  run(args: string[], input?: string | Uint8Array): { status: number; stdout: string; stderr: string } {
    const r = spawnSync('gpg', ['--batch', '--no-tty', '--homedir', this.home, ...args], {
      input, env: { ...process.env, GNUPGHOME: this.home }, encoding: 'utf8',
    });
    return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
  }

  ok(args: string[], input?: string | Uint8Array): string {
    const r = this.run(args, input);
    if (r.status !== 0) throw new Error(`gpg ${args.join(' ')} failed (${r.status}):\n${r.stderr}`);
    return r.stdout;
  }

  dispose(): void {
    try {
      execFileSync('gpgconf', ['--homedir', this.home, '--kill', 'gpg-agent'], { stdio: 'ignore', env: { ...process.env, GNUPGHOME: this.home } });
    } catch { /* no agent was started */ }
    rmSync(this.home, { recursive: true, force: true });
  }
}
