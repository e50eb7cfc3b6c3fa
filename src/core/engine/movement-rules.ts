// What the module's movement rules charge for a whole move, a change of facing and a change of
// face, and which movement mode a command declares. Shared by move, rotate, flip and reach, so
// they all charge the same. Pure functions of (game, state, piece, command data).
import { add, mul, parseRational, rational, ZERO, type Rational } from '../rational.js';
import { warning } from './context.js';
import { refuse } from './errors.js';
import type { Warning } from './events.js';
import type { Game } from './game.js';
import { facingKind, movementClass, type PieceView } from './piece-values.js';
import { evalRule, RuleScope } from './rule-scope.js';
import type { GameState } from './state.js';
import { forcedFaceAt, hasForcedFaces, withFace } from './forced-face.js';
import { startMemory, stepCost, type Mover } from './step-cost.js';

export interface DeclaredMode { mode: string; bonus: Rational }

/**
 * The mode a command declares (`--mode grand-tactical`): one of module.movement.modes, whose `when`
 * must hold for the piece (a warning, or a refusal where `allowance` is strict), or a name of the
 * older module.movement.bonus map (bonus only). No mode: '' and no bonus.
 */
export function declaredMode(game: Game, state: GameState, p: PieceView, mode: string | undefined, warnings: Warning[]): DeclaredMode {
  if (mode === undefined) return { mode: '', bonus: ZERO };
  const m = game.movementRules?.modes.get(mode);
  if (m) {
    if (m.when && !evalRule(m.when, new RuleScope(game, state, p, mode), m.def.rule)) {
      warnings.push(warning(game, 'prohibited', `${p.id} may not use ${m.def.name} (${m.def.rule}): ${m.def.note ?? `the module's condition ${m.def.when} does not hold`}`));
    }
    return { mode, bonus: m.bonus };
  }
  const legacy = game.module.movement?.bonus?.[mode];
  if (legacy !== undefined) return { mode, bonus: parseRational(legacy)! };
  const known = [...(game.movementRules?.modes.keys() ?? []), ...Object.keys(game.module.movement?.bonus ?? {})];
  return refuse(`module ${game.module.id} has no movement mode "${mode}" (modes: ${known.join(', ') || 'none'})`);
}

/** A face a move forced on the piece on its way (forced-face.ts): the face, and the MP of the steps up to it. */
export interface ForcedFlip { face: string; mp: Rational; mover: Mover }

/**
 * MP of a path [start, …] on the board played on, step by step with the module's rules. A step
 * whose effects force another face on the piece (forced-face.ts) is charged as the piece began; the
 * steps after it as it now stands (`flip`: the new face and the MP up to and including that step).
 */
export function pathMp(mv: Mover, labels: readonly string[]): { mp: Rational; prohibited: { from: string; to: string; cls: string }[]; rules: string[]; flip?: ForcedFlip } {
  let mp = ZERO;
  let memory: readonly number[] = startMemory(mv.game.movementRules);
  const prohibited: { from: string; to: string; cls: string }[] = [];
  const rules: string[] = [];
  const forcing = hasForcedFaces(mv.game);
  let at = mv, flip: ForcedFlip | undefined;
  for (let i = 1; i < labels.length; i++) {
    const r = stepCost(at, labels[i - 1]!, labels[i]!, memory);
    for (const x of r.rules) if (!rules.includes(x)) rules.push(x);
    if (r.cost === null) prohibited.push({ from: labels[i - 1]!, to: labels[i]!, cls: movementClass(at.piece) });
    else mp = add(mp, r.cost);
    if (forcing && !flip) {
      const f = forcedFaceAt(at, labels[i - 1]!, labels[i]!, memory);
      if (f !== null) { at = withFace(mv, f); flip = { face: f, mp, mover: at }; }
    }
    memory = r.memory;
  }
  return { mp, prohibited, rules, ...(flip ? { flip } : {}) };
}

export interface ChangeCost { mp: Rational | null; rule?: string; toggle?: string }

/**
 * MP of turning `steps` facings: the first module.movement.facing rule that applies (Eylau 5.42
 * facing about, 6.42 free in grand-tactical movement), else movement.turnCost × steps. null: the
 * class may not change facing.
 */
export function facingCost(game: Game, state: GameState, p: PieceView, mode: string, steps: number): ChangeCost | null {
  const scope = new RuleScope(game, state, p, mode, { steps: rational(steps), about: steps === 3 });
  for (const r of game.movementRules?.facing ?? []) {
    if (r.when && !evalRule(r.when, scope, r.def.rule)) continue;
    const mp = evalRule(r.cost, scope, r.def.rule) as Rational | null;
    return { mp, rule: r.def.rule, ...(r.def.toggle ? { toggle: r.def.toggle } : {}) };
  }
  const turnCost = game.module.movement?.turnCost;
  if (!turnCost) return null;
  const v = turnCost[movementClass(p)] ?? turnCost['*'];
  if (v === 'P') return { mp: null };
  return { mp: v === undefined ? ZERO : mul(parseRational(v)!, rational(steps)) };
}

/**
 * MP of changing face (formation) from the piece's face to `to`: the first module.movement.faces
 * rule that applies (mp null: the change is prohibited), or null when none does (no MP counted).
 */
export function faceCost(game: Game, state: GameState, p: PieceView, mode: string, to: string): (ChangeCost & { freeFacing?: boolean }) | null {
  const toFace = p.type.faces.find((f) => f.id === to)!;
  const scope = new RuleScope(game, state, p, mode, {
    from: p.face.id, to, 'from.facing': facingKind(p), 'to.facing': toFace.facing ?? p.type.facing,
  });
  for (const r of game.movementRules?.faces ?? []) {
    if (r.when && !evalRule(r.when, scope, r.def.rule)) continue;
    return { mp: evalRule(r.cost, scope, r.def.rule) as Rational | null, rule: r.def.rule, ...(r.def.freeFacing ? { freeFacing: true } : {}) };
  }
  return null;
}
