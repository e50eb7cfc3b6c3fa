// Validation of procedures' rules (procedure-schema.ts): binds, the conditions of modifiers and the
// values of computed inputs (type-checked against the procedure's vocabulary), modifier groups, and
// outcomes (results of the table, binds, markers, tracks and cards they name). Each problem is
// reported with its JSON path.
import { checkExpression, type ExprType } from '../rules/check.js';
import { ExpressionError } from '../rules/expression.js';
import { effectVocabulary, procedureVocabulary, RESERVED_BINDS, valueNames, vocabulary } from '../rules/vocabulary.js';
import { bindKind, type EffectDef, type OwedDef, type ProcedureDef } from './procedure-schema.js';
import type { RefIssue } from './references.js';
import type { ModuleData } from './schema.js';

export function checkProcedureReferences(m: ModuleData): RefIssue[] {
  const out: RefIssue[] = [];
  const markers = new Set(m.markerTypes.map((t) => t.id));
  const tracks = new Set(m.tracks.map((t) => t.id));
  const cards = new Set(m.decks.flatMap((d) => d.cards.map((c) => c.id)));
  const values = valueNames(m);
  m.procedures.forEach((p, i) => {
    const at = (...path: PropertyKey[]) => ['procedures', i, ...path];
    const vocab = procedureVocabulary(m, p);
    const expr = (src: string | number | boolean | undefined, type: ExprType, path: PropertyKey[]) => {
      if (src === undefined) return;
      try { checkExpression(src, type, vocab); } catch (e) {
        if (!(e instanceof ExpressionError)) throw e;
        out.push({ path, message: `${e.message} in ${JSON.stringify(src)}` });
      }
    };
    const binds = new Set<string>();
    (p.binds ?? []).forEach((b, j) => {
      if (binds.has(b.id)) out.push({ path: at('binds', j, 'id'), message: `duplicate bind "${b.id}"` });
      if (RESERVED_BINDS.has(b.id)) out.push({ path: at('binds', j, 'id'), message: `"${b.id}" is a name every rule reads: call the bind otherwise` });
      binds.add(b.id);
    });
    const groups = new Set((p.groups ?? []).map((g) => g.id));
    (p.groups ?? []).forEach((g, j) => {
      if ((p.groups ?? []).findIndex((x) => x.id === g.id) !== j) out.push({ path: at('groups', j, 'id'), message: `duplicate group "${g.id}"` });
      if (g.min !== undefined && g.max !== undefined && g.min > g.max) out.push({ path: at('groups', j), message: `min ${g.min} is above max ${g.max}` });
    });
    p.modifiers.forEach((x, j) => {
      expr(x.when, 'bool', at('modifiers', j, 'when'));
      expr(x.amount, 'number', at('modifiers', j, 'amount'));
      if (x.named === false && x.when === undefined) out.push({ path: at('modifiers', j, 'named'), message: 'a modifier the player may not name needs a `when`' });
      if (x.when !== undefined && x.value === undefined && x.amount === undefined) out.push({ path: at('modifiers', j, 'when'), message: 'a modifier the board applies needs a fixed value or a computed amount' });
      if (x.amount !== undefined && x.value !== undefined) out.push({ path: at('modifiers', j, 'amount'), message: 'a modifier has a fixed value or a computed amount, not both' });
      if (x.group !== undefined && !groups.has(x.group)) out.push({ path: at('modifiers', j, 'group'), message: `unknown group "${x.group}" (declare it in groups)` });
      if (x.min !== undefined && x.max !== undefined && x.min > x.max) out.push({ path: at('modifiers', j), message: `min ${x.min} is above max ${x.max}` });
    });
    p.inputs.forEach((x, j) => expr(x.value, 'number', at('inputs', j, 'value')));
    (p.owed ?? []).forEach((o, j) => owedRules(m, o, (key) => at('owed', j, key), out));
    (p.owed ?? []).forEach((o, j) => owedEach(p, o, markers, (key) => at('owed', j, key), out));
    (p.requires ?? []).forEach((r, j) => expr(r.when, 'bool', at('requires', j, 'when')));
    const table = m.tables.find((t) => t.id === p.table);
    const results = new Set((table?.rows ?? []).flatMap((r) => (Array.isArray(r.result) ? r.result : [r.result])));
    const words = new Set([...results].flatMap((r) => [r, ...r.split(/\s+/)]));
    (p.outcomes ?? []).forEach((o, j) => {
      if (table && !words.has(o.result)) out.push({ path: at('outcomes', j, 'result'), message: `"${o.result}" is neither a result of table ${table.id} nor a word of one` });
      o.effects.forEach((fx: EffectDef, k) => {
        const here = (key: string) => at('outcomes', j, 'effects', k, key);
        for (const key of ['of', 'advance', 'into', 'on', 'at', ...('reply' in fx ? ['by'] as const : [])] as const) {
          const v = (fx as Record<string, unknown>)[key];
          if (typeof v === 'string' && !binds.has(v)) out.push({ path: here(key), message: `unknown bind "${v}" (the procedure binds: ${[...binds].join(', ') || 'nothing'})` });
        }
        if ('mark' in fx) {
          if (!markers.has(fx.mark)) out.push({ path: here('mark'), message: `unknown marker "${fx.mark}"` });
          if (fx.on === undefined && fx.at === undefined) out.push({ path: here('mark'), message: 'say where: "on" (the pieces of a bind) or "at" (its location)' });
        }
        if ('points' in fx) {
          if (!values.has(fx.value)) out.push({ path: here('value'), message: `unknown piece value "${fx.value}"` });
          if (fx.times !== undefined) {
            try { checkExpression(fx.times, 'number', vocabulary(m, 'mode')); } catch (e) {
              if (!(e instanceof ExpressionError)) throw e;
              out.push({ path: here('times'), message: `${e.message} in ${JSON.stringify(fx.times)}` });
            }
          }
        }
        if ('track' in fx && typeof fx.by !== 'number') {
          try { checkExpression(fx.by, 'number', vocabulary(m, 'track')); } catch (e) {
            if (!(e instanceof ExpressionError)) throw e;
            out.push({ path: here('by'), message: `${e.message} in ${JSON.stringify(fx.by)}` });
          }
        }
        if ('track' in fx && !tracks.has(fx.track)) out.push({ path: here('track'), message: `unknown track "${fx.track}"` });
        if ('remove-card' in fx && !cards.has(fx['remove-card'])) out.push({ path: here('remove-card'), message: `unknown card "${fx['remove-card']}"` });
        if ('unmark' in fx) {
          if (!markers.has(fx.unmark)) out.push({ path: here('unmark'), message: `unknown marker "${fx.unmark}"` });
          if (fx.on === undefined && fx.at === undefined) out.push({ path: here('unmark'), message: 'say where: "on" (the pieces of a bind) or "at" (its location)' });
        }
        if ('draw' in fx) drawRules(m, fx.draw, here, out);
        if ('loss-points' in fx && !values.has(fx.by)) out.push({ path: here('by'), message: `"${fx.by}" is no value of any piece (the loss factor each step absorbs)` });
        if ('reply' in fx && !m.procedures.some((x) => x.id === fx.reply)) out.push({ path: here('reply'), message: `unknown procedure "${fx.reply}"` });
        effectRules(m, p, fx, here, out);
      });
    });
  });
  const faces = new Map(m.pieceTypes.map((t) => [t.id, new Set(t.faces.map((f) => f.id))]));
  m.pieceTypes.forEach((t, i) => t.faces.forEach((f, j) => {
    if (f.stepLoss !== undefined && !faces.get(t.id)!.has(f.stepLoss)) out.push({ path: ['pieceTypes', i, 'faces', j, 'stepLoss'], message: `unknown face "${f.stepLoss}" of ${t.id}` });
    if (f.stepLoss === f.id) out.push({ path: ['pieceTypes', i, 'faces', j, 'stepLoss'], message: 'a step loss shows another face' });
  }));
  return out;
}

/** An effect's rules: its `when`, a reply's `rolls` expression, a `value` effect's name and amount. */
function effectRules(m: ModuleData, p: ProcedureDef, fx: EffectDef, here: (key: string) => PropertyKey[], out: RefIssue[]): void {
  const vocab = effectVocabulary(m, p);
  const expr = (src: string | number | boolean, type: ExprType, key: string) => {
    try { checkExpression(src, type, vocab); } catch (e) {
      if (!(e instanceof ExpressionError)) throw e;
      out.push({ path: here(key), message: `${e.message} in ${JSON.stringify(src)}` });
    }
  };
  if (fx.when !== undefined) expr(fx.when, 'bool', 'when');
  if ('reply' in fx && !/^[A-Za-z][A-Za-z0-9_-]*$/.test(fx.rolls)) expr(fx.rolls, 'number', 'rolls');
  if ('value' in fx && !('points' in fx)) {
    if (!valueNames(m).has(fx.value)) out.push({ path: here('value'), message: `unknown value "${fx.value}" (a face's values, a counter's, or a piece type's properties)` });
    if ((fx.by === undefined) === (fx.to === undefined)) out.push({ path: here('value'), message: 'say how: "by" (added) or "to" (set), one of them' });
  }
}

/** A draw a result asks for: known decks; of a list, each owned by another side (the roller draws from his). */
function drawRules(m: ModuleData, draw: string | string[], here: (key: string) => PropertyKey[], out: RefIssue[]): void {
  const list = typeof draw === 'string' ? [draw] : draw;
  const owners = new Set<string>();
  for (const id of list) {
    const d = m.decks.find((x) => x.id === id);
    if (!d) { out.push({ path: here('draw'), message: `unknown deck "${id}"` }); continue; }
    if (list.length === 1) continue;
    if (d.owner === undefined) out.push({ path: here('draw'), message: `deck "${id}" has no owner: a list names each side's own deck` });
    else if (owners.has(d.owner)) out.push({ path: here('draw'), message: `two decks of ${d.owner} listed: the roller's deck must be one` });
    else owners.add(d.owner);
  }
}

/** `each` names a marker type and `bind` a location bind of the procedure; neither goes without the other. */
function owedEach(p: ProcedureDef, o: OwedDef, markers: ReadonlySet<string>, here: (key: string) => PropertyKey[], out: RefIssue[]): void {
  if (o.each === undefined && o.bind === undefined) return;
  if (o.each === undefined) { out.push({ path: here('bind'), message: '`bind` goes with `each` (the marker whose locations owe a roll)' }); return; }
  if (!markers.has(o.each)) out.push({ path: here('each'), message: `unknown marker "${o.each}"` });
  const b = (p.binds ?? []).find((x) => x.id === o.bind);
  if (o.bind === undefined || !b || bindKind(b) !== 'location') {
    out.push({ path: here('bind'), message: `\`each\` needs \`bind\`, a location bind of procedure ${p.id} (binds: ${(p.binds ?? []).map((x) => x.id).join(', ') || 'none'})` });
  }
}

/** A roll a phase owes: a phase of the sequence, a segment of it, a side, a condition over the turn and the tracks. */
function owedRules(m: ModuleData, o: OwedDef, here: (key: string) => PropertyKey[], out: RefIssue[]): void {
  const phase = m.sequence.phases.find((x) => x.id === o.phase);
  if (!phase) out.push({ path: here('phase'), message: `unknown phase "${o.phase}"` });
  else if (o.segment !== undefined && !(phase.segments ?? []).some((x) => x.id === o.segment)) {
    out.push({ path: here('segment'), message: `phase ${o.phase} has no segment "${o.segment}"` });
  }
  if (!m.sides.some((x) => x.id === o.side)) out.push({ path: here('side'), message: `unknown side "${o.side}"` });
  if (o.when !== undefined) {
    try { checkExpression(o.when, 'bool', vocabulary(m, 'track')); } catch (e) {
      if (!(e instanceof ExpressionError)) throw e;
      out.push({ path: here('when'), message: `${e.message} in ${JSON.stringify(o.when)}` });
    }
  }
}
