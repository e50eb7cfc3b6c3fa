// The checklist of the rules layer, computed from the schema and the vocabulary (not written by
// hand): every key of a rules-layer part of the module schema, every kind of outcome effect, every
// name and function a rules expression may read. `missing(module)` lists what a module shows no
// example of; skirmish, the conformance module, must show them all (test/modules/skirmish-conformance.test.ts).
import type { ZodType } from 'zod';
import { ModuleData } from '../../src/core/module/schema.js';
import { BIND_KINDS } from '../../src/core/module/procedure-schema.js';
import { procedureVocabulary, vocabulary, type RuleKind } from '../../src/core/rules/vocabulary.js';
import type { ModuleData as Data } from '../../src/core/module/schema.js';

/** The rules-layer parts of the module (docs/module-format.md): path → the keys that count there (all when omitted). */
export const RULES_LAYER: Record<string, string[] | undefined> = {
  movement: undefined,
  rules: undefined,
  procedures: undefined,
  tracks: ['owner', 'atLeast', 'atMost', 'reset', 'rule'],
  markerTypes: ['where', 'countdown', 'rule'],
  decks: ['plays', 'addWithDiscard'],
  'sequence.phases': ['permissions', 'refill', 'reinforcements', 'segments'],
  'sequence.phases[].segments': ['permissions', 'reinforcements'],
};

/** What skirmish does not show, and why (each a construct it cannot carry sensibly). Keep it short. */
export const EXEMPT: Record<string, string> = {
  'rules.stackLimit': 'the older single limit; skirmish shows its successor, rules.stacking',
  'rules.anySideMoves': 'the opposite of rules.permissions, which skirmish shows',
  'movement.bonus': 'the older form of movement.modes, which skirmish shows',
  'sequence.phases[].reinforcements': 'the same object as rules.reinforcements, which skirmish shows',
  'sequence.phases[].segments[].reinforcements': 'the same object as rules.reinforcements, which skirmish shows',
  'procedures[].binds[].kind=location': 'the location bind: shown by paths-of-glory (fort.fort, a point-to-point space)',
  'procedures[].binds[].kind=hexside': 'the hexside bind: shown by eylau-1807 (crossing=)',
  'name:bind:location.tags': 'tags of a point-to-point space (paths-of-glory)',
  'name:piece.nation': 'each skirmish side is one nation, named as the side (paths-of-glory, cold-war-1985 have several)',
  'name:bind:piece.nation': 'each skirmish side is one nation, named as the side (paths-of-glory, cold-war-1985 have several)',
  'name:bind:pieces.nations': 'each skirmish side is one nation, named as the side (paths-of-glory, cold-war-1985 have several)',
  'name:bind:location.<value>': 'a value a point-to-point space prints (paths-of-glory: fort.fort)',
  'name:bind:pieces.here.<value>': 'a value a point-to-point space prints (paths-of-glory: firing.here.fort)',
  'name:bind:piece.here.<value>': 'a value a point-to-point space prints (paths-of-glory)',
  'rules.reinforcements.arrive=turn-start': 'one arrival a module: skirmish arrives by phase; turn-start is the default (cold-war-1985 before 33.5)',
  'rules.reinforcements.arrive=turn-end': 'one arrival a module: skirmish arrives by phase (napoleon-basic arrives at turn-end)',
  'sequence.phases[].segments[].permissions.limits.uses': 'the phase\'s limits.uses, which skirmish shows; in a segment it nests deeper than half the depth cap',
  'rules.control.atWar': 'neutral nations: skirmish\'s two sides are at war from the start (paths-of-glory has neutrals)',
  'name:crossing.features': 'the hexside bind (eylau-1807)',
  'name:crossing.roads': 'the hexside bind (eylau-1807)',
  'name:crossing.along-road': 'the hexside bind (eylau-1807)',
  'name:bind:hexside.along-road': 'the hexside bind (eylau-1807)',
  'name:bind:hexside.roads': 'the hexside bind (eylau-1807); marker where shows hexside.roads',
  'name:bind:hexside.features': 'the hexside bind (eylau-1807); step rules show hexside.features',
  'name:bind:hexside.markers': 'the hexside bind (eylau-1807); step rules show hexside.markers',
};

type Def = { type: string; shape?: Record<string, ZodType>; innerType?: ZodType; element?: ZodType; options?: ZodType[];
  valueType?: ZodType; in?: ZodType; out?: ZodType; entries?: Record<string, string> };
const def = (s: ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Unwraps optional, default, nullable, pipe. */
function bare(s: ZodType): ZodType {
  for (;;) {
    const d = def(s);
    if (d.innerType && ['optional', 'default', 'nullable', 'prefault', 'readonly'].includes(d.type)) s = d.innerType;
    else if (d.type === 'pipe') s = d.in!;
    else return s;
  }
}

/** The object variants a schema may take (an object, a union of objects, an array's element). */
function objects(s: ZodType): { shape: Record<string, ZodType> }[] {
  const d = def(bare(s));
  if (d.type === 'object') return [{ shape: d.shape! }];
  if (d.type === 'union') return d.options!.flatMap(objects);
  return [];
}

/** A value's instances at one level: an array's items, or the value itself. */
const items = (v: unknown): Record<string, unknown>[] =>
  (Array.isArray(v) ? v : v && typeof v === 'object' ? [v] : []).filter((x) => x && typeof x === 'object') as Record<string, unknown>[];

function isArray(s: ZodType): boolean { return def(bare(s)).type === 'array'; }
function element(s: ZodType): ZodType { const d = def(bare(s)); return d.type === 'array' ? d.element! : d.type === 'record' ? d.valueType! : s; }

export interface Item { construct: string; present: boolean }

/** Walks a schema and the instances found at the same place, noting every key and union variant. */
function walk(schema: ZodType, values: Record<string, unknown>[], path: string, only: string[] | undefined, out: Item[]): void {
  const variants = objects(schema);
  const union = variants.length > 1;
  // keys every variant of a union has (an effect's `when` and `rule`) count once, for the union
  const shared = union ? Object.keys(variants[0]!.shape).filter((k) => variants.every((v) => Object.keys(v.shape).slice(1).includes(k))) : [];
  for (const k of shared) out.push({ construct: `${path}.${k}`, present: values.some((x) => x[k] !== undefined) });
  for (const v of variants) {
    const keys = Object.keys(v.shape).filter((k) => k !== '$schema' && !shared.includes(k));
    const first = keys[0]!;
    // an instance belongs to the variant whose first key it carries (effects: { "loss": … }, { "points": … })
    const mine = union ? values.filter((x) => first in x && variants.find((w) => Object.keys(w.shape)[0]! in x) === v) : values;
    const at = union ? `${path}{${first}}` : path;
    if (union) out.push({ construct: at, present: mine.length > 0 });
    for (const k of only ?? keys) {
      const sub = v.shape[k];
      if (!sub) throw new Error(`${at}: the schema has no key "${k}" (RULES_LAYER is out of date)`);
      const here = mine.filter((x) => x[k] !== undefined);
      const name = `${at}.${k}`.replace(/^\./, '');
      out.push({ construct: name, present: here.length > 0 });
      const inner = element(sub);
      const next = here.flatMap((x) => def(bare(sub)).type === 'record' ? Object.values(x[k] as object).flatMap(items) : items(x[k]));
      const childPath = `${name}${isArray(sub) ? '[]' : ''}`;
      if (objects(inner).length) walk(inner, next, childPath, RULES_LAYER[name], out);
      const d = def(bare(inner));
      if (d.type === 'enum' && k !== 'strict') {
        for (const e of Object.keys(d.entries!)) out.push({ construct: `${name}=${e}`, present: here.some((x) => x[k] === e) });
      }
    }
  }
}

/** Every name and function a rules expression may read, by the vocabulary's own lists. */
function vocabularyNames(m: Data): { names: Set<string>; functions: Set<string> } {
  const names = new Set<string>(), functions = new Set<string>();
  const kinds: RuleKind[] = ['mode', 'step', 'effect', 'facing', 'face', 'marker', 'procedure', 'zoc', 'track'];
  for (const k of kinds) {
    const v = vocabulary(m, k);
    for (const n of v.describe.split(', ')) names.add(n);
    for (const f of Object.keys(v.functions)) functions.add(f);
  }
  // each bind kind's names, as `<kind>.<name>`
  const binds = BIND_KINDS.map((kind) => ({ id: `b-${kind}`, name: kind, kind }));
  const desc = procedureVocabulary(m, { binds }).describe;
  for (const kind of BIND_KINDS) {
    const list = new RegExp(`b-${kind}\\.\\{([^}]*)\\}`).exec(desc)?.[1] ?? '';
    for (const n of list.split(',')) names.add(`bind:${kind}.${n}`);
  }
  names.add('bind:pieces.lowest.<value>'); names.add('bind:pieces.highest.<value>');
  names.add('result'); names.add('modifiers');
  return { names, functions };
}

/** Every rules expression of a module, with the bind kinds of its procedure. */
function expressions(raw: Record<string, unknown>): { text: string; binds: Map<string, string> }[] {
  const out: { text: string; binds: Map<string, string> }[] = [];
  const keys = new Set(['when', 'value', 'amount', 'exerts', 'where', 'cost', 'road', 'hex', 'sides', 'flip', 'times', 'by', 'rolls']);
  const visit = (v: unknown, binds: Map<string, string>, key: string, inRules: boolean): void => {
    if (typeof v === 'string' && inRules && keys.has(key)) out.push({ text: v, binds });
    else if (Array.isArray(v)) v.forEach((x) => visit(x, binds, key, inRules));
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      let b = binds;
      if (Array.isArray(o.binds)) {
        b = new Map((o.binds as { id: string; kind?: string }[]).map((x) => [x.id, x.kind ?? (x.id === 'crossing' ? 'hexside' : 'piece')]));
      }
      for (const [k, x] of Object.entries(o)) {
        const rules = inRules || ['movement', 'procedures', 'tracks', 'markerTypes', 'rules'].includes(k);
        if (k === 'remember') for (const e of Object.values(x as object)) visit(e, b, 'value', true);
        else visit(x, b, k, rules);
      }
    }
  };
  visit(raw, new Map(), '', false);
  return out;
}

/** The checklist of the rules layer over one module (its merged data as written). */
export function checklist(raw: Record<string, unknown>, m: Data): Item[] {
  const out: Item[] = [];
  const shape = def(ModuleData as unknown as ZodType).shape!;
  for (const [path, only] of Object.entries(RULES_LAYER)) {
    if (path.includes('.')) continue; // reached by the walk of its parent
    const schema = shape[path]!;
    const top = path === 'rules' || path === 'movement' ? items(raw[path]) : items(raw[path]);
    walk(isArray(schema) ? element(schema) : schema, top, `${path}${isArray(schema) ? '[]' : ''}`, only, out);
  }
  // sequence.phases: walked from the phase schema with its own key list
  const seq = def(bare(shape.sequence!)).shape!;
  const phases = items((raw.sequence as Record<string, unknown> | undefined)?.phases);
  walk(element(seq.phases!), phases, 'sequence.phases[]', RULES_LAYER['sequence.phases'], out);
  const { names, functions } = vocabularyNames(m);
  const exprs = expressions(raw);
  const tokens = new Set<string>(), calls = new Set<string>();
  const bindTokens = new Set<string>();
  for (const e of exprs) {
    const text = e.text.replace(/'[^']*'|"[^"]*"/g, ' ');
    for (const t of text.match(/[a-z][a-z0-9._-]*(?:\s*\()?/g) ?? []) {
      if (t.endsWith('(')) { calls.add(t.replace(/\s*\($/, '')); continue; }
      tokens.add(t);
      const dot = t.indexOf('.');
      const kind = dot > 0 ? e.binds.get(t.slice(0, dot)) : undefined;
      if (kind) bindTokens.add(`${kind}.${t.slice(dot + 1)}`);
    }
  }
  const values = new Set([...Object.keys(shapeValues(m))]);
  const placeholder = (n: string): boolean => {
    const bind = n.startsWith('bind:');
    const [head, ...rest] = n.replace(/^bind:/, '').split('.');
    const tail = rest.join('.');
    const pattern = (pre: string) => [...tokens, ...bindTokens].some((t) => t.startsWith(pre) && values.has(t.slice(pre.length)));
    if (n === 'piece.<value>') return pattern('piece.');
    if (n === 'track.<id>') return [...tokens].some((t) => t.startsWith('track.'));
    if (n === 'turn.<value>') return [...tokens].some((t) => t.startsWith('turn.') && !names.has(t));
    if (n === 'memory.<id>') return [...tokens].some((t) => t.startsWith('memory.'));
    if (bind) {
      if (tail === '<value>') return [...bindTokens].some((t) => t.startsWith(`${head}.`) && values.has(t.slice(head!.length + 1)));
      if (/^(lowest|highest)\.<value>$/.test(tail)) return [...bindTokens].some((t) => t.startsWith(`${head}.${tail.split('.')[0]}.`));
      return false;
    }
    return false;
  };
  for (const n of [...names].sort()) {
    const present = n.includes('<') ? placeholder(n) : n.startsWith('bind:') ? bindTokens.has(n.slice(5)) : tokens.has(n);
    out.push({ construct: `name:${n}`, present });
  }
  for (const f of [...functions].sort()) out.push({ construct: `function:${f}`, present: calls.has(f) });
  return out;
}

function shapeValues(m: Data): Record<string, true> {
  const out: Record<string, true> = {};
  for (const t of m.pieceTypes) { for (const f of t.faces) for (const k of Object.keys(f.values)) out[k] = true; for (const k of t.properties) out[k] = true; }
  return out;
}

/** The constructs a module lacks, less the exempt ones. */
export function missing(raw: Record<string, unknown>, m: Data): string[] {
  return checklist(raw, m).filter((i) => !i.present && !exempt(i.construct)).map((i) => i.construct);
}

/** Exempt: the construct, or a part it belongs to, is listed in EXEMPT. */
export function exempt(construct: string): boolean {
  return Object.keys(EXEMPT).some((e) => construct === e || (construct.startsWith(e) && /^[.[{=]/.test(construct.slice(e.length))));
}
