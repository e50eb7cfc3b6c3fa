import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { AtomicWriteError, writeFileAtomic } from '../../src/log/atomic-write.js';

const SIZE = 8 * 1024 * 1024;

/** Version n: 8-byte header with n, then SIZE-8 bytes all equal to n % 251. */
function version(n: number): Buffer {
  const b = Buffer.alloc(SIZE, n % 251);
  b.writeBigUInt64LE(BigInt(n), 0);
  return b;
}

function check(path: string): number {
  const b = readFileSync(path);
  expect(b.length).toBe(SIZE);
  const n = Number(b.readBigUInt64LE(0));
  const fill = n % 251;
  for (let k = 8; k < b.length; k += 4096) {
    if (b[k] !== fill) throw new Error(`damaged target: version ${n} but byte ${k} is ${b[k]}`);
  }
  if (b[b.length - 1] !== fill) throw new Error(`damaged target: version ${n}, bad last byte`);
  return n;
}

/** Transpile the modules to plain JS so a bare `node` child can run them. */
function buildChild(dir: string): string {
  for (const name of ['atomic-write', 'errors']) {
    const src = readFileSync(new URL(`../../src/log/${name}.ts`, import.meta.url), 'utf8');
    const out = ts.transpileModule(src, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } });
    writeFileSync(join(dir, `${name}.js`), out.outputText);
  }
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  const child = join(dir, 'child.js');
  writeFileSync(child, `
import { writeFileAtomic } from './atomic-write.js';
const [target, start] = [process.argv[2], Number(process.argv[3])];
for (let n = start; ; n++) {
  const b = Buffer.alloc(${SIZE}, n % 251);
  b.writeBigUInt64LE(BigInt(n), 0);
  await writeFileAtomic(target, b);
  process.stdout.write('w' + n + '\\n');
}
`);
  return child;
}

describe('writeFileAtomic', () => {
  it('replaces a file and leaves no temp file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexpost-aw-'));
    const target = join(dir, 'a.hexlog');
    await writeFileAtomic(target, 'one');
    await writeFileAtomic(target, new TextEncoder().encode('two'));
    expect(readFileSync(target, 'utf8')).toBe('two');
    expect(readdirSync(dir)).toEqual(['a.hexlog']);
  });

  it('on failure keeps the previous file and removes the temp file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexpost-aw-'));
    const target = join(dir, 'sub');
    mkdirSync(target);
    writeFileSync(join(target, 'keep'), 'x');
    await expect(writeFileAtomic(target, 'data')).rejects.toThrow(AtomicWriteError);
    await expect(writeFileAtomic(target, 'data')).rejects.toThrow(/sub: could not write the file/);
    expect(readdirSync(dir)).toEqual(['sub']);
    expect(readFileSync(join(target, 'keep'), 'utf8')).toBe('x');
    await expect(writeFileAtomic(join(dir, 'missing', 'x'), 'data')).rejects.toThrow(/ENOENT/);
  });

  it('survives SIGKILL in the middle of repeated large writes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexpost-aw-'));
    const child = buildChild(dir);
    const target = join(dir, 'big.hexlog');
    writeFileSync(target, version(0));
    let next = 1;
    let completedWrites = 0;
    for (let round = 0; round < 8; round++) {
      const proc = spawn(process.execPath, [child, target, String(next)], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      proc.stdout.on('data', (d: Buffer) => { out += d.toString(); });
      const exited = new Promise((r) => proc.on('close', r));
      // Kill at a varying moment. Even rounds: early, often before the first write completes.
      // Odd rounds: after the child reports a completed write (however slow the machine is), a
      // little later, so the kill lands in the middle of the next write.
      if (round % 2 === 0) {
        await new Promise((r) => setTimeout(r, 20 + ((round * 37) % 80)));
      } else {
        const t0 = Date.now();
        while (!out.includes('\n') && proc.exitCode === null && Date.now() - t0 < 40_000) await new Promise((r) => setTimeout(r, 5));
        await new Promise((r) => setTimeout(r, (round * 53) % 120));
      }
      proc.kill('SIGKILL');
      await exited;
      const lines = out.split('\n').filter(Boolean);
      completedWrites += lines.length;
      const n = check(target);
      // The target is the last completed version, or the one being renamed when the kill came.
      const lastDone = lines.length ? Number(lines[lines.length - 1]!.slice(1)) : next - 1;
      expect(n === lastDone || n === lastDone + 1).toBe(true);
      next = n + 1;
    }
    expect(completedWrites).toBeGreaterThan(0);
    // Kills that landed mid-write leave stray temp files: proof the test exercised the race.
    if (process.env.HEXPOST_DEBUG) console.log({ completedWrites, strays: readdirSync(dir).filter((f) => f.endsWith(".tmp")).length });
    expect(existsSync(target)).toBe(true);
  }, 120_000);
});
