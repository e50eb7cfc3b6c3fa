// Validation of the rules layer (module.movement's modes, memory, step, facing and face rules):
// every expression parsed and type-checked against the names its kind of rule may read, every
// memory, marker and face named declared. Each problem is reported with its JSON path.
import { parseRational } from '../rational.js';
import { checkExpression, type ExprType } from '../rules/check.js';
import { ExpressionError } from '../rules/expression.js';
import { vocabulary, type RuleKind } from '../rules/vocabulary.js';
import { checkControlReferences } from './control-references.js';
import { checkProcedureReferences } from './procedure-references.js';
import { checkSupplyLineReferences } from './supply-lines-references.js';
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
  out.push(...checkProcedureReferences(m), ...checkControlReferences(m), ...checkSupplyLineReferences(m));
  const trackIds = new Set(m.tracks.map((t) => t.id));
  const markerIds = new Set(m.markerTypes.map((t) => t.id));
  m.tracks.forEach((t, i) => {
    for (const k of ['atLeast', 'atMost'] as const) {
      if (t[k] !== undefined && !trackIds.has(t[k])) out.push({ path: ['tracks', i, k], message: `unknown track "${t[k]}"` });
    }
    if (t.reset && !m.sequence.phases.some((p) => p.id === t.reset!.phase)) out.push({ path: ['tracks', i, 'reset', 'phase'], message: `unknown phase "${t.reset.phase}"` });
    if (typeof t.reset?.to === 'string' && !trackIds.has(t.reset.to)) out.push({ path: ['tracks', i, 'reset', 'to'], message: `unknown track "${t.reset.to}"` });
    if (typeof t.reset?.to === 'number' && (t.reset.to < t.min || t.reset.to > t.max)) out.push({ path: ['tracks', i, 'reset', 'to'], message: `${t.reset.to} is outside ${t.min}–${t.max}` });
    if (t.reset && (t.reset.to === undefined) === (t.reset.value === undefined)) out.push({ path: ['tracks', i, 'reset'], message: 'give the reset either `to` (a number or a track) or `value` (an expression)' });
    for (const [k, type] of [['value', 'number'], ['when', 'bool']] as const) {
      const src = t.reset?.[k];
      if (src === undefined) continue;
      try { checkExpression(src, type, vocabulary(m, 'track')); } catch (e) {
        if (!(e instanceof ExpressionError)) throw e;
        out.push({ path: ['tracks', i, 'reset', k], message: `${e.message} in ${JSON.stringify(src)}` });
      }
    }
  });
  m.markerTypes.forEach((t, i) => {
    const b = t.countdown?.becomes;
    if (b !== undefined && !markerIds.has(b)) out.push({ path: ['markerTypes', i, 'countdown', 'becomes'], message: `unknown marker "${b}"` });
    const cp = t.countdown?.phase;
    if (cp !== undefined && !m.sequence.phases.some((p) => p.id === cp)) out.push({ path: ['markerTypes', i, 'countdown', 'phase'], message: `unknown phase "${cp}"` });
    (t.countdown?.clears ?? []).forEach((c, j) => {
      if (!markerIds.has(c)) out.push({ path: ['markerTypes', i, 'countdown', 'clears', j], message: `unknown marker "${c}"` });
    });
    for (const k of ['with', 'leaves'] as const) {
      t[k]?.forEach((x, j) => {
        if (!markerIds.has(x)) out.push({ path: ['markerTypes', i, k, j], message: `unknown marker "${x}"` });
      });
    }
  });
  const types = new Set(m.pieceTypes.map((t) => t.id));
  (m.rules?.stacking ?? []).forEach((r, i) => r.types.forEach((t, j) => {
    if (!types.has(t)) out.push({ path: ['rules', 'stacking', i, 'types', j], message: `unknown piece type "${t}"` });
  }));
  const reinf = m.rules?.reinforcements;
  const sides = new Set(m.sides.map((x) => x.id));
  const phases = new Set(m.sequence.phases.map((x) => x.id));
  for (const [side, phase] of Object.entries(reinf?.phases ?? {})) {
    if (!sides.has(side)) out.push({ path: ['rules', 'reinforcements', 'phases', side], message: `unknown side "${side}"` });
    if (!phases.has(phase)) out.push({ path: ['rules', 'reinforcements', 'phases', side], message: `unknown phase "${phase}"` });
  }
  expr('mode', reinf?.column?.hexes, 'number', ['rules', 'reinforcements', 'column', 'hexes']);
  if (reinf?.roadColumn && !m.pieceTypes.some((t) => t.faces.some((f) => f.id === reinf.roadColumn!.face))) {
    out.push({ path: ['rules', 'reinforcements', 'roadColumn', 'face'], message: `no piece type has a face "${reinf.roadColumn.face}"` });
  }
  for (const [side, segment] of Object.entries(reinf?.segments ?? {})) {
    const phase = m.sequence.phases.find((x) => x.id === reinf?.phases?.[side]);
    if (!phase?.segments?.some((x) => x.id === segment)) {
      out.push({ path: ['rules', 'reinforcements', 'segments', side], message: `"${segment}" is not a segment of ${side}'s reinforcement phase` });
    }
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
  (mv.effects ?? []).forEach((r, i) => {
    const at = ['movement', 'effects', i];
    // a flip is read while the move is charged (forced-face.ts): not `last`, `left` (the step names only)
    expr(r.flip !== undefined ? 'step' : 'effect', r.when, 'bool', [...at, 'when']);
    expr('step', r.flip, 'string', [...at, 'flip']);
    if (r.mark !== undefined && !m.markerTypes.some((t) => t.id === r.mark)) {
      out.push({ path: [...at, 'mark'], message: `unknown marker "${r.mark}"` });
    }
    if (r.check !== undefined && !m.procedures.some((p) => p.id === r.check)) {
      out.push({ path: [...at, 'check'], message: `unknown procedure "${r.check}"` });
    }
    if (r.flip === undefined && r.mark === undefined && r.check === undefined && r.warn === undefined) {
      out.push({ path: at, message: 'an effect needs flip, mark, check or warn' });
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
  if (mv.zoc) {
    expr('zoc', mv.zoc.exerts, 'bool', ['movement', 'zoc', 'exerts']);
    const sides = new Set(m.terrain.filter((t) => t.on === 'hexside').map((t) => t.id));
    (mv.zoc.notAcross ?? []).forEach((f, i) => {
      if (!sides.has(f)) out.push({ path: ['movement', 'zoc', 'notAcross', i], message: `unknown hexside feature "${f}"` });
    });
  }
  (mv.faces ?? []).forEach((r, i) => {
    expr('face', r.when, 'bool', ['movement', 'faces', i, 'when']);
    expr('face', r.cost, 'cost', ['movement', 'faces', i, 'cost']);
  });
  return out;
}
