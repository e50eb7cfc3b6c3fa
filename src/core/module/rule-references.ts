// Validation of the rules layer (module.movement's modes, memory, step, facing and face rules):
// every expression parsed and type-checked against the names its kind of rule may read, every
// memory, marker and face named declared. Each problem is reported with its JSON path.
import { parseRational } from '../rational.js';
import { checkExpression, type ExprType } from '../rules/check.js';
import { ExpressionError } from '../rules/expression.js';
import { vocabulary, type RuleKind } from '../rules/vocabulary.js';
import type { RefIssue } from './references.js';
import type { ModuleData } from './schema.js';

export function checkRuleReferences(m: ModuleData): RefIssue[] {
  const out: RefIssue[] = [];
  const vocab = new Map<RuleKind, ReturnType<typeof vocabulary>>();
  const expr = (kind: RuleKind, src: string | number | boolean | undefined, type: ExprType, path: PropertyKey[]) => {
    if (src === undefined) return;
    if (!vocab.has(kind)) vocab.set(kind, vocabulary(m, kind));
    try { checkExpression(src, type, vocab.get(kind)!); } catch (e) {
      if (!(e instanceof ExpressionError)) throw e;
      out.push({ path, message: `${e.message} in ${JSON.stringify(src)}` });
    }
  };
  m.markerTypes.forEach((t, i) => expr('marker', t.where, 'bool', ['markerTypes', i, 'where']));
  const reinf = m.rules?.reinforcements;
  const sides = new Set(m.sides.map((x) => x.id));
  const phases = new Set(m.sequence.phases.map((x) => x.id));
  for (const [side, phase] of Object.entries(reinf?.phases ?? {})) {
    if (!sides.has(side)) out.push({ path: ['rules', 'reinforcements', 'phases', side], message: `unknown side "${side}"` });
    if (!phases.has(phase)) out.push({ path: ['rules', 'reinforcements', 'phases', side], message: `unknown phase "${phase}"` });
  }
  if (reinf?.arrive === 'phase' && !reinf.phases) {
    out.push({ path: ['rules', 'reinforcements', 'phases'], message: 'arrive "phase" needs the phase of each side (side → phase)' });
  }
  const mv = m.movement;
  if (!mv) return out;
  const memory = new Set<string>();
  (mv.memory ?? []).forEach((x, i) => {
    if (memory.has(x.id)) out.push({ path: ['movement', 'memory', i, 'id'], message: `duplicate memory id "${x.id}"` });
    memory.add(x.id);
  });
  (mv.steps ?? []).forEach((r, i) => {
    const at = ['movement', 'steps', i];
    expr('step', r.when, 'bool', [...at, 'when']);
    for (const k of ['road', 'hex', 'sides', 'cost'] as const) expr('step', r[k], 'cost', [...at, k]);
    for (const [id, v] of Object.entries(r.remember ?? {})) {
      if (!memory.has(id)) out.push({ path: [...at, 'remember', id], message: `unknown memory "${id}" (declare it in movement.memory)` });
      expr('step', v, 'number', [...at, 'remember', id]);
    }
    if (r.when === undefined && !r.road && !r.hex && !r.sides && !r.cost && !r.remember) {
      out.push({ path: at, message: 'a step rule with neither a condition nor an effect' });
    }
  });
  const modes = new Set<string>();
  (mv.modes ?? []).forEach((x, i) => {
    if (modes.has(x.id)) out.push({ path: ['movement', 'modes', i, 'id'], message: `duplicate mode id "${x.id}"` });
    modes.add(x.id);
    if (parseRational(x.bonus) === null) out.push({ path: ['movement', 'modes', i, 'bonus'], message: `not an exact MP: ${JSON.stringify(x.bonus)}` });
    expr('mode', x.when, 'bool', ['movement', 'modes', i, 'when']);
  });
  const markers = new Map(m.markerTypes.map((t) => [t.id, t]));
  (mv.facing ?? []).forEach((r, i) => {
    expr('facing', r.when, 'bool', ['movement', 'facing', i, 'when']);
    expr('facing', r.cost, 'cost', ['movement', 'facing', i, 'cost']);
    const t = r.toggle === undefined ? undefined : markers.get(r.toggle);
    if (r.toggle !== undefined && !t) out.push({ path: ['movement', 'facing', i, 'toggle'], message: `unknown marker "${r.toggle}"` });
    else if (t && !t.on.includes('piece')) out.push({ path: ['movement', 'facing', i, 'toggle'], message: `marker ${t.id} does not go on pieces` });
  });
  (mv.faces ?? []).forEach((r, i) => {
    expr('face', r.when, 'bool', ['movement', 'faces', i, 'when']);
    expr('face', r.cost, 'cost', ['movement', 'faces', i, 'cost']);
  });
  return out;
}
