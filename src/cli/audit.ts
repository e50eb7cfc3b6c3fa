// `hexpost audit`: were the dice fair? Per player and die type: rolls, face frequencies and a
// chi-square p-value; and the state of every hidden-draw audit.
import type { Command } from 'commander';
import { chiSquareTest } from '../core/random/chisquare.js';
import { pendingAudits, type DrawAudit, type VerifiedLog } from '../log/verify.js';
import { readLogFile, verifyForPlayer } from './log-io.js';
import { printJson, type Output } from './output.js';

export interface DiceAudit {
  side: string;
  die: string;
  /** dice thrown (a 2d6 roll counts two) */
  count: number;
  /** how often each face came up, face 1 first */
  faces: number[];
  /** chi-square p-value against a fair die; null with fewer than 5 expected per face */
  pValue: number | null;
}

export function diceAudit(v: VerifiedLog): DiceAudit[] {
  const groups = new Map<string, DiceAudit>();
  for (const r of v.rolls) {
    const m = /^(\d+)d(\d+)/.exec(r.dice);
    if (!m) continue;
    const sides = Number(m[2]);
    const key = `${r.author}|d${sides}`;
    const g = groups.get(key) ?? { side: r.author, die: `d${sides}`, count: 0, faces: new Array(sides).fill(0) as number[], pValue: null };
    for (const f of r.faces) { g.faces[f - 1]!++; g.count++; }
    groups.set(key, g);
  }
  for (const g of groups.values()) {
    // Void rolls count too: they came from the same stream and were seen by the opponent.
    g.pValue = g.count / g.faces.length >= 5 ? chiSquareTest(g.faces).pValue : null;
  }
  return [...groups.values()].sort((a, b) => (a.side + a.die < b.side + b.die ? -1 : 1));
}

export function drawAudits(v: VerifiedLog): DrawAudit[] {
  return [...v.audits, ...pendingAudits(v)];
}

export function registerAuditCommand(program: Command, o: Output): void {
  program.command('audit')
    .description('dice statistics per player and die type, and the state of every hidden-draw audit')
    .argument('<log>', 'the game log')
    .option('--json', 'machine-readable result')
    .action(async (path: string, opts: { json?: boolean }) => {
      const v = await verifyForPlayer(o, await readLogFile(path));
      const dice = diceAudit(v);
      const draws = drawAudits(v);
      const foreseeable = v.rolls.filter((r) => r.how !== 'sealed').map((r) => ({ seq: r.seq, side: r.author, counter: r.counter, dice: r.dice, faces: r.faces, purpose: r.purpose, void: r.void }));
      const free = v.rolls.filter((r) => r.free).length;
      const sealed = v.rolls.filter((r) => r.how === 'sealed').length;
      const waiting = (v.state.sealed ?? []).map((r) => ({ id: r.id, kind: r.kind, side: r.side ?? null, awaiting: r.awaiting }));
      if (opts.json) { printJson(o, { dice, rolls: { sealed, free, immediate: foreseeable }, waiting, draws }); return; }
      o.out(`rolls: ${sealed} sealed (no roller could foresee them), ${foreseeable.length} immediate, ${free} free (no procedure asked for them)`);
      for (const r of foreseeable) {
        o.out(`  segment ${r.seq} ${r.side} roll #${r.counter} ${r.purpose || r.dice}: ${r.faces.join(' + ')} — immediate: the roller could foresee it${r.void ? ' (void)' : ''}`);
      }
      for (const w of waiting) o.out(`  waiting: sealed ${w.kind} ${w.id} until ${w.awaiting.join(', ') || `${w.side} commits to his cards`}`);
      o.out('dice (every die thrown, undone rolls included):');
      if (!dice.length) o.out('  no rolls yet');
      for (const d of dice) {
        o.out(`  ${d.side.padEnd(10)} ${d.die.padEnd(4)} ${String(d.count).padStart(5)} thrown  faces ${d.faces.join(' ')}  ${d.pValue === null ? '(too few for a test)' : `p = ${d.pValue.toFixed(3)}`}`);
      }
      o.out('hidden draws:');
      if (!draws.length) o.out('  none');
      for (const a of draws) {
        const what = a.status === 'pending' ? 'pending until its hidden value is revealed' : a.status === 'passed' ? `passed (revealed in segment ${a.seq})` : `FAILED: ${a.message} in segment ${a.seq}`;
        o.out(`  ${a.side} ${a.deck} period ${a.period}: ${a.draws} draw${a.draws === 1 ? '' : 's'}, ${what}`);
      }
    });
}
