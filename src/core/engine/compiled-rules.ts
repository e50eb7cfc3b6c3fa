// A module's movement rules read once, when a game is prepared: every expression parsed and
// type-checked against its vocabulary (validation does the same and reports file and JSON path;
// here a bad module given straight to the engine is refused with the path).
import type { FaceRuleDef, FacingRuleDef, ModeDef, MoveEffectRuleDef, StepRuleDef } from '../module/rules-schema.js';
import type { ModuleData } from '../module/schema.js';
import { parseRational, type Rational } from '../rational.js';
import { checkExpression, type ExprType } from '../rules/check.js';
import { ExpressionError, type Expr } from '../rules/expression.js';
import { vocabulary, type RuleKind } from '../rules/vocabulary.js';
import { EngineError } from './errors.js';

export interface CompiledStep {
  def: StepRuleDef;
  when: Expr | null;
  road: Expr | null; hex: Expr | null; sides: Expr | null; cost: Expr | null;
  remember: { slot: number; value: Expr }[];
}
export interface CompiledEffect { def: MoveEffectRuleDef; when: Expr | null; flip: Expr | null }
export interface CompiledMode { def: ModeDef; bonus: Rational; when: Expr | null }
export interface CompiledChange<D> { def: D; when: Expr | null; cost: Expr }

export interface MovementRules {
  modes: ReadonlyMap<string, CompiledMode>;
  /** memory ids and their maxima, in declaration order (a step's memory is one number per id) */
  memory: readonly { id: string; max: number }[];
  steps: readonly CompiledStep[];
  facing: readonly CompiledChange<FacingRuleDef>[];
  faces: readonly CompiledChange<FaceRuleDef>[];
  /** zones of control (movement.zoc): which pieces exert one, and the hexside features it does not cross */
  zoc: { rule: string; exerts: Expr | null; notAcross: readonly string[] } | null;
  /** what a step does to the piece (movement.effects): a forced face, a marker, a check owed */
  effects: readonly CompiledEffect[];
}

/** One of a rule kind's expressions, checked; `path` names it in the error (movement.steps[2].when). */
export function compileExpression(m: ModuleData, kind: RuleKind, source: string | number | boolean, type: ExprType, path: string): Expr {
  try {
    return checkExpression(source, type, vocabulary(m, kind));
  } catch (e) {
    if (e instanceof ExpressionError) throw new EngineError(`module ${m.id}: ${path}: ${e.message}`);
    throw e;
  }
}

export function compileMovementRules(m: ModuleData): MovementRules | null {
  const mv = m.movement;
  if (!mv || (!mv.modes && !mv.memory && !mv.steps && !mv.facing && !mv.faces && !mv.zoc && !mv.effects)) return null;
  const opt = (kind: RuleKind, src: string | number | boolean | undefined, type: ExprType, path: string) =>
    src === undefined ? null : compileExpression(m, kind, src, type, path);
  const memory = (mv.memory ?? []).map((x) => ({ id: x.id, max: x.max }));
  const slots = new Map(memory.map((x, i) => [x.id, i]));
  const steps = (mv.steps ?? []).map((def, i): CompiledStep => {
    const at = `movement.steps[${i}]`;
    return {
      def,
      when: opt('step', def.when, 'bool', `${at}.when`),
      road: opt('step', def.road, 'cost', `${at}.road`),
      hex: opt('step', def.hex, 'cost', `${at}.hex`),
      sides: opt('step', def.sides, 'cost', `${at}.sides`),
      cost: opt('step', def.cost, 'cost', `${at}.cost`),
      remember: Object.entries(def.remember ?? {}).map(([id, src]) => {
        const slot = slots.get(id);
        if (slot === undefined) throw new EngineError(`module ${m.id}: ${at}.remember.${id}: unknown memory "${id}" (declare it in movement.memory)`);
        return { slot, value: compileExpression(m, 'step', src, 'number', `${at}.remember.${id}`) };
      }),
    };
  });
  const modes = new Map((mv.modes ?? []).map((def, i) => {
    const bonus = parseRational(def.bonus);
    if (!bonus) throw new EngineError(`module ${m.id}: movement.modes[${i}].bonus: "${def.bonus}" is not an exact fraction`);
    return [def.id, { def, bonus, when: opt('mode', def.when, 'bool', `movement.modes[${i}].when`) }];
  }));
  const change = <D extends { when?: string | number | boolean | undefined; cost: string | number | boolean }>(kind: RuleKind, list: D[] | undefined, key: string) =>
    (list ?? []).map((def, i) => ({
      def,
      when: opt(kind, def.when, 'bool', `movement.${key}[${i}].when`),
      cost: compileExpression(m, kind, def.cost, 'cost', `movement.${key}[${i}].cost`),
    }));
  const zoc = mv.zoc ? { rule: mv.zoc.rule, exerts: opt('zoc', mv.zoc.exerts, 'bool', 'movement.zoc.exerts'), notAcross: mv.zoc.notAcross ?? [] } : null;
  const effects = (mv.effects ?? []).map((def, i): CompiledEffect => ({
    def,
    // a flip is read while the move is charged (forced-face.ts): not `last`, `left` (the step names only)
    when: opt(def.flip !== undefined ? 'step' : 'effect', def.when, 'bool', `movement.effects[${i}].when`),
    flip: opt('step', def.flip, 'string', `movement.effects[${i}].flip`),
  }));
  return { modes, memory, steps, facing: change('facing', mv.facing, 'facing'), faces: change('face', mv.faces, 'faces'), zoc, effects };
}
