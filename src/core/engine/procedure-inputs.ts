// What a procedure reads from the board before its roll: a `resolve` bound to pieces, a hexside or
// a location (procedure `binds`: `attackers=red-1,red-2 defender=blue-1 crossing=0303|0304`) gets
// the inputs the module computes from them (`"differential": "attackers.strength - defender.strength"`)
// and the modifiers whose `when` holds for them (Eylau 6.32: −2 crossing a stream, −1 horse
// artillery), besides those the player names. A pure function of (game, state, command), so the
// roll's inputs are fixed when it is committed and whoever resolves it later — now, or when a
// sealed roll's other value arrives — computes the same. The bindings are recorded in the event.
import type { CommandOf } from './commands.js';
import { refuse } from './errors.js';
import type { Game } from './game.js';
import { pieceView } from './piece-values.js';
import { bindScope, checkBind, Unbound } from './procedure-binds.js';
import { evalRule, RuleScope } from './rule-scope.js';
import type { GameState } from './state.js';
import type { Rational } from '../rational.js';
import type { Expr } from '../rules/expression.js';
import { procedureVocabulary } from '../rules/vocabulary.js';
import { checkExpression } from '../rules/check.js';
import { ExpressionError } from '../rules/expression.js';
import { EngineError } from './errors.js';
import type { ProcedureDef } from '../module/schema.js';
import { bindKind, type RequirementDef } from '../module/procedure-schema.js';

type Resolve = CommandOf<'resolve'>;

export interface ProcedureInputs {
  /** the modifiers and inputs to roll with: the player's, then those the board gives, by id */
  modifiers: Resolve['modifiers'];
  /** what the roll is bound to (`piece`, `crossing`, `attackers`…), for the event */
  bound: Record<string, string>;
  /** ids of the modifiers and inputs the board gave */
  derived: string[];
  /** the procedure's `requires` that do not hold for what the roll is bound to */
  unmet: RequirementDef[];
}

interface Compiled { when: Map<string, Expr>; amounts: Map<string, Expr>; inputs: Map<string, Expr>; requires: Expr[] }
const compiled = new WeakMap<ProcedureDef, Compiled>();

function compile(game: Game, proc: ProcedureDef): Compiled {
  let c = compiled.get(proc);
  if (c) return c;
  const vocab = procedureVocabulary(game.module, proc);
  const check = (src: string | number | boolean, type: 'bool' | 'number', path: string) => {
    try { return checkExpression(src, type, vocab); } catch (e) {
      if (e instanceof ExpressionError) throw new EngineError(`module ${game.module.id}: procedures.${proc.id}.${path}: ${e.message}`);
      throw e;
    }
  };
  c = {
    when: new Map(proc.modifiers.flatMap((m, i) => (m.when === undefined ? [] : [[m.id, check(m.when, 'bool', `modifiers[${i}].when`)] as const]))),
    amounts: new Map(proc.modifiers.flatMap((m, i) => (m.amount === undefined ? [] : [[m.id, check(m.amount, 'number', `modifiers[${i}].amount`)] as const]))),
    inputs: new Map(proc.inputs.flatMap((x, i) => (x.value === undefined ? [] : [[x.id, check(x.value, 'number', `inputs[${i}].value`)] as const]))),
    requires: (proc.requires ?? []).map((r, i) => check(r.when, 'bool', `requires[${i}].when`)),
  };
  compiled.set(proc, c);
  return c;
}

export function procedureInputs(game: Game, state: GameState, c: Resolve): ProcedureInputs {
  const proc = game.procedures.get(c.procedure);
  const binds = new Map((proc?.binds ?? []).map((b) => [b.id, b]));
  const bound: Record<string, string> = {};
  const own = c.modifiers.filter((given) => {
    let m = given;
    const b = binds.get(m.id);
    if (!b) return true;
    // a hex label without a leading zero reads as a number (2713): a location bind takes it as its text
    if (typeof m.value === 'number' && bindKind(b) === 'location') m = { ...m, value: String(m.value) };
    if (typeof m.value !== 'string') refuse(`${m.id}= takes ${b.kind === 'pieces' ? 'piece ids' : b.id === 'crossing' || b.kind === 'hexside' ? 'a hexside such as 0303|0304' : 'a piece id'}`);
    if (bound[m.id] !== undefined) refuse(`${m.id} is given twice`);
    bound[m.id] = checkBind(game, state, b, m.value);
    return false;
  });
  if (!proc) return { modifiers: own, bound, derived: [], unmet: [] };
  for (const b of proc.binds ?? []) if (b.required && bound[b.id] === undefined) refuse(`procedure ${proc.id} is rolled for ${b.name}: give ${b.id}=…`);
  const { when, amounts, inputs, requires } = compile(game, proc);
  if (!when.size && !amounts.size && !inputs.size && !requires.length) return { modifiers: own, bound, derived: [], unmet: [] };
  const named = new Set(own.map((m) => m.id));
  const derived: string[] = [];
  const extraArgs: Resolve['modifiers'] = [];
  const single = bound['piece'] !== undefined && binds.get('piece') && (binds.get('piece')!.kind ?? 'piece') === 'piece';
  const { extra, fns } = bindScope(game, state, proc, bound);
  const scope = new RuleScope(game, state, single ? pieceView(game, state, bound['piece']!) : null, '', extra, fns);
  // a requirement reading a bind the command did not give does not apply
  const unmet = (proc.requires ?? []).filter((r, i) => {
    try { return !evalRule(requires[i]!, scope, r.rule ?? `${proc.id} requires`); } catch (err) {
      if (err instanceof ExpressionError && /is not given|names a piece, and this rule has none/.test(err.message)) return false;
      throw err;
    }
  });
  for (const input of proc.inputs) {
    const e = inputs.get(input.id);
    if (!e) continue;
    if (named.has(input.id)) refuse(`input ${input.id} is computed from the board (${input.value}); leave it out`);
    let v: Rational;
    try { v = evalRule(e, scope, input.rule ?? `${proc.id} ${input.id}`) as Rational; } catch (err) {
      if (err instanceof Unbound || (err instanceof ExpressionError && err.message.includes('is not given'))) {
        return refuse(`input ${input.id} of procedure ${proc.id} is computed from ${(err as Unbound).bind ?? 'what the roll is for'}: give ${(err as Unbound).bind ?? 'it'}=…`);
      }
      throw err;
    }
    if (v.den !== 1) refuse(`input ${input.id} of procedure ${proc.id} is ${v.num}/${v.den}, not a whole number: round it in the module (floor, ceil)`);
    extraArgs.push({ id: input.id, value: v.num });
    derived.push(input.id);
  }
  // the board can derive modifiers only for what the roll is bound to
  const chosen = new Set<string>();
  const groups = new Map((proc.groups ?? []).map((g) => [g.id, g]));
  for (const m of proc.modifiers) {
    const e = when.get(m.id), amount = amounts.get(m.id);
    if (amount && named.has(m.id)) refuse(`modifier ${m.id} is computed from the board (${m.amount}); leave it out`);
    if (m.named === false && named.has(m.id)) refuse(`modifier ${m.id} applies by itself where ${m.when} holds; leave it out`);
    if ((!e && !amount) || named.has(m.id)) continue;
    const g = m.group === undefined ? undefined : groups.get(m.group);
    // an exclusive group: the modifier the player named, else the first the board gives
    if (g?.pick === 'one' && (chosen.has(g.id) || own.some((o) => proc.modifiers.find((x) => x.id === o.id)?.group === g.id))) continue;
    let holds: boolean, v: Rational | undefined;
    try {
      holds = e ? evalRule(e, scope, m.rule ?? `${proc.id} ${m.id}`) as boolean : true;
      if (holds && amount) v = evalRule(amount, scope, m.rule ?? `${proc.id} ${m.id}`) as Rational;
    } catch (err) {
      if (err instanceof ExpressionError && /is not given|names a piece, and this rule has none/.test(err.message)) continue;
      throw err;
    }
    if (!holds) continue;
    if (v !== undefined) {
      // a computed amount counts only when it is not 0; it is written into the command (as an input is)
      if (v.den !== 1) refuse(`modifier ${m.id} of procedure ${proc.id} is ${v.num}/${v.den}, not a whole number: round it in the module (floor, ceil)`);
      if (v.num === 0) continue;
      extraArgs.push({ id: m.id, value: v.num });
    }
    derived.push(m.id);
    if (g) chosen.add(g.id);
  }
  const fromBoard = derived.filter((id) => !extraArgs.some((a) => a.id === id)).map((id) => ({ id }));
  return { modifiers: [...own, ...extraArgs, ...fromBoard], bound, derived, unmet };
}
