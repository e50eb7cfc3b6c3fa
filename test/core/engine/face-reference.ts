// reach when a move may force a face (forced-face.ts), as plain as it can be said: every
// (location, memory, face) state kept, text keys, the step rules and flip effects interpreted
// (step-reference.ts), the least entry found by a scan. States settle by (cost, label by code
// units, memory text with the face slot last), a state's predecessor is the earliest-settled one
// giving its least cost, and a step is within its starting state's face's limit. The oracle the
// numbered search, which drops dominated face states (reach-search.ts), must equal.
import { add, compare, sub, ZERO, type Rational } from '../../../src/core/rational.js';
import { withFace } from '../../../src/core/engine/forced-face.js';
import { allowanceOf } from '../../../src/core/engine/piece-values.js';
import { evalRule, RuleScope } from '../../../src/core/engine/rule-scope.js';
import { startMemory, type Mover } from '../../../src/core/engine/step-cost.js';
import { referenceFacts, referenceStep } from './step-reference.js';

/** The face the flip effects force on the step, read by the interpreter (no `last`, nothing left). */
function referenceFlip(mv: Mover, from: string, to: string, memory: readonly number[]): string | null {
  const { names, fns } = referenceFacts(mv, from, to, memory);
  const scope = new RuleScope(mv.game, mv.state, mv.piece, mv.mode, { ...names, last: false, left: ZERO }, fns);
  for (const r of mv.game.movementRules!.effects) {
    if (!r.flip || (r.when && !evalRule(r.when, scope, r.def.rule))) continue;
    const f = evalRule(r.flip, scope, r.def.rule) as string;
    if (f !== mv.piece.face.id && mv.piece.type.faces.some((x) => x.id === f)) return f;
  }
  return null;
}

interface State { loc: string; mem: number[]; text: string; cost: Rational; from: State | null; settled: boolean }

/** Each location reached: its cost, a cheapest path, and the face slot it is reached with (0: its own face). */
export function referenceFaceReach(mv: Mover, start: string, bonus: Rational, spent: Rational): { location: string; cost: Rational; path: string[]; face: number }[] {
  const board = (mv.game.board.hex ?? mv.game.board.graph!) as { neighbours(l: string): readonly string[] };
  const faces = mv.piece.type.faces.map((f) => f.id);
  const moverOf = (slot: number) => (slot === 0 ? mv : withFace(mv, faces[slot - 1]!));
  const limit = (slot: number) => {
    const a = allowanceOf(mv.game, moverOf(slot).piece);
    const v = a === null ? ZERO : sub(add(a, bonus), spent);
    return compare(v, ZERO) < 0 ? ZERO : v;
  };
  const states = new Map<string, State>();
  const key = (loc: string, mem: readonly number[]) => `${loc}\u0000${mem.join(',')}`;
  const first: State = { loc: start, mem: [...startMemory(mv.game.movementRules), 0], text: '', cost: ZERO, from: null, settled: false };
  first.text = first.mem.join(',');
  states.set(key(start, first.mem), first);
  const before = (a: State, b: State) => {
    const c = compare(a.cost, b.cost);
    if (c !== 0) return c < 0;
    return a.loc !== b.loc ? a.loc < b.loc : a.text < b.text;
  };
  const order: State[] = [];
  for (;;) {
    let s: State | undefined;
    for (const x of states.values()) if (!x.settled && (!s || before(x, s))) s = x;
    if (!s) break;
    s.settled = true;
    order.push(s);
    const n = s.mem.length - 1, slot = s.mem[n]!, m = moverOf(slot), cap = limit(slot);
    for (const to of board.neighbours(s.loc)) {
      const r = referenceStep(m, s.loc, to, s.mem.slice(0, n));
      if (r.cost === null) continue;
      let face = slot;
      if (slot === 0) { const f = referenceFlip(m, s.loc, to, s.mem.slice(0, n)); if (f !== null) face = faces.indexOf(f) + 1; }
      const mem = [...r.memory, face], total = add(s.cost, r.cost);
      if (compare(total, cap) > 0) continue;
      const k = key(to, mem), t = states.get(k);
      if (t && (t.settled || compare(total, t.cost) >= 0)) continue;
      if (t) { t.cost = total; t.from = s; } else states.set(k, { loc: to, mem, text: mem.join(','), cost: total, from: s, settled: false });
    }
  }
  const seen = new Set([start]);
  const out: { location: string; cost: Rational; path: string[]; face: number }[] = [];
  for (const s of order) {
    if (seen.has(s.loc)) continue;
    seen.add(s.loc);
    const path: string[] = [];
    for (let x: State | null = s; x && x.from; x = x.from) path.push(x.loc);
    out.push({ location: s.loc, cost: s.cost, path: path.reverse(), face: s.mem.at(-1)! });
  }
  return out;
}
