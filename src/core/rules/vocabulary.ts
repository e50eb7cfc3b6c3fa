// What each kind of rule may read, by name and type: the vocabulary an expression is checked
// against at module validation (check.ts) and the names scope.ts answers at play. One list, so
// what validation accepts is exactly what the engine can compute. Documented in
// docs/module-format.md ("Rules expressions").
import { bindKind, type BindKind, type ProcedureDef } from '../module/procedure-schema.js';
import type { ModuleData } from '../module/schema.js';
import type { ExprType, FunctionType, Vocabulary } from './check.js';

export type RuleKind = 'mode' | 'step' | 'effect' | 'facing' | 'face' | 'marker' | 'procedure' | 'zoc' | 'track';

/** Fixed names every rule may read: the turn. */
const TURN: Record<string, ExprType> = {
  'turn.number': 'number', 'turn.type': 'string', 'turn.month': 'number', 'turn.hour': 'number',
  phase: 'string', segment: 'string', active: 'string',
};
/** Fixed names of rules about a piece: the piece that acts, where it stands. */
const PIECE: Record<string, ExprType> = {
  'piece.id': 'string', 'piece.type': 'string', 'piece.face': 'string', 'piece.side': 'string',
  'piece.nation': 'string', 'piece.markers': 'list', 'piece.facing': 'string',
  class: 'string', mode: 'string',
  'here.terrain': 'list', 'here.roads': 'list', 'here.markers': 'list', 'here.enemies': 'number',
};

/** What a step rule and a movement effect read of one step (the hexes, the hexside, the road). */
const STEP = {
  'along-road': 'bool', roads: 'list',
  'from.terrain': 'list', 'from.markers': 'list', 'from.road': 'bool',
  'to.terrain': 'list', 'to.markers': 'list', 'to.road': 'bool', 'to.enemies': 'number', 'to.friends': 'number',
  'to.enemy-types': 'list', 'to.enemy-fort': 'number', 'to.friend-types': 'list',
  'from.friend-faces': 'list', 'to.friend-faces': 'list',
  'hexside.features': 'list', 'hexside.markers': 'list', 'hexside.front': 'bool',
  'from.zoc': 'bool', 'to.zoc': 'bool',
} as const satisfies Record<string, ExprType>;
/** A step rule's own names: the cost parts so far. */
const STEP_COST = { road: 'cost', hex: 'cost', sides: 'cost', total: 'cost' } as const satisfies Record<string, ExprType>;
/** A movement effect's own names: the path's last step, the MP left, a turn to friends. */
const EFFECT_OWN = { last: 'bool', left: 'number', 'to.turn-to-friends': 'number' } as const satisfies Record<string, ExprType>;

/**
 * Every name of one step that step-program.ts computes (besides memory.* and the names fixed for a
 * command): its getters are keyed by this type, so a name added here without one does not compile.
 */
export type StepFactName = keyof typeof STEP | keyof typeof STEP_COST | keyof typeof EFFECT_OWN;

const BY_KIND: Record<RuleKind, Record<string, ExprType>> = {
  mode: {},
  step: { ...STEP, ...STEP_COST },
  effect: { ...STEP, ...EFFECT_OWN },
  zoc: {},
  track: {},
  facing: { steps: 'number', about: 'bool' },
  face: { from: 'string', to: 'string', 'from.facing': 'string', 'to.facing': 'string' },
  procedure: { 'crossing.features': 'list', 'crossing.roads': 'list', 'crossing.along-road': 'bool', 'board.sheets': 'number' },
  marker: {
    'target.kind': 'string', 'target.terrain': 'list', 'target.markers': 'list',
    'hexside.features': 'list', 'hexside.roads': 'list', side: 'string',
  },
};

const WITHIN: FunctionType = {
  args: ['number', 'list'], result: 'number',
  doc: 'enemy pieces within n hexes of the piece (of the hex entered, in a step rule), leaving out those with a marker listed',
};
const FUNCTIONS: Record<RuleKind, Record<string, FunctionType>> = {
  mode: { 'enemies-within': WITHIN },
  step: {
    'enemies-within': WITHIN,
    'sides-without': { args: ['list'], result: 'cost', doc: 'the hexside features crossed, leaving out those listed' },
  },
  effect: { 'enemies-within': WITHIN },
  facing: { 'enemies-within': WITHIN },
  face: { 'enemies-within': WITHIN },
  marker: {},
  zoc: {},
  track: {},
  procedure: {
    'enemies-within': WITHIN,
    distance: { args: ['list', 'string'], result: 'number', doc: 'the largest distance in hexes from the listed locations to a location' },
    'sides-between': { args: ['list', 'string'], result: 'list', doc: 'the hexside features between the listed hexes and an adjacent hex' },
    marked: { args: ['string'], result: 'number', doc: 'how many pieces carry the marker (basic rules 4.1: corps moved)' },
    'hexes-around': { args: ['string', 'list', 'list', 'list'], result: 'number',
      doc: 'hexes adjacent to a hex holding a piece of one of the sides, of one of the types (all: []), without the markers listed' },
    adjacent: { args: ['list', 'list'], result: 'bool', doc: 'every location of the first list is next to every one of the second (a hex beside it, a space connected to it)' },
    'friends-apart': { args: ['string', 'string'], result: 'number',
      doc: 'the most hexes adjacent to a hex holding pieces of a side, no two of them adjacent to each other (basic rules 10.5: cover)' },
  },
};

/** What a procedure's bind of each kind offers: `<bind>.<name>` (docs/module-format.md, "Procedures"). */
const BIND_NAMES: Record<BindKind, Record<string, ExprType>> = {
  piece: {
    id: 'string', type: 'string', face: 'string', side: 'string', nation: 'string', location: 'string',
    markers: 'list', terrain: 'list', 'here-markers': 'list', steps: 'number', supplied: 'bool',
  },
  pieces: {
    count: 'number', steps: 'number', ids: 'list', types: 'list', sides: 'list', markers: 'list', terrain: 'list', locations: 'list',
    'here-markers': 'list', location: 'string', nations: 'list', supplied: 'bool',
  },
  hexside: { features: 'list', roads: 'list', markers: 'list', 'along-road': 'bool' },
  location: { id: 'string', terrain: 'list', markers: 'list', tags: 'list', control: 'string' },
};

/** Names a bind may not take: they would hide a name every rule reads. */
export const RESERVED_BINDS = new Set(['turn', 'track', 'phase', 'segment', 'active', 'here', 'class', 'mode', 'memory', 'target', 'hexside']);

/** The vocabulary of one procedure's rules: the procedure kind's names plus those of its binds. */
export function procedureVocabulary(m: ModuleData, proc: Pick<ProcedureDef, 'binds'>): Vocabulary {
  const base = vocabulary(m, 'procedure');
  const values = valueNames(m), places = locationValueNames(m);
  const binds = new Map((proc.binds ?? []).map((b) => [b.id, bindKind(b)]));
  return {
    name(name) {
      const dot = name.indexOf('.');
      const kind = dot > 0 ? binds.get(name.slice(0, dot)) : undefined;
      if (kind) {
        const rest = name.slice(dot + 1);
        const t = BIND_NAMES[kind][rest];
        if (t) return t;
        if ((kind === 'piece' || kind === 'pieces') && values.has(rest)) return 'number';
        const m = /^(lowest|highest)\.(.+)$/.exec(rest);
        if (kind === 'pieces' && m && values.has(m[2]!)) return 'number';
        // a location's printed values (Paths of Glory §9: a fort's strength), for a piece: of its space
        if (kind === 'location' && places.has(rest)) return 'number';
        if ((kind === 'piece' || kind === 'pieces') && rest.startsWith('here.') && places.has(rest.slice(5))) return 'number';
      }
      return base.name(name);
    },
    functions: base.functions,
    describe: [base.describe, ...[...binds].map(([id, kind]) => `${id}.{${Object.keys(BIND_NAMES[kind]).join(',')}${kind.startsWith('piece') ? ',<value>,here.<value>' : kind === 'location' ? ',<value>' : ''}}`)].join(', '),
  };
}

/** The names a piece's values may be read by: every value any face, counter or property has. */
export function valueNames(m: ModuleData): Set<string> {
  const out = new Set<string>();
  for (const t of m.pieceTypes) {
    for (const f of t.faces) for (const k of Object.keys(f.values)) out.add(k);
    for (const k of t.properties) out.add(k);
  }
  for (const p of m.pieces) for (const k of Object.keys(p.values ?? {})) out.add(k);
  return out;
}

/** The names a location's values may be read by: every value a space of any board prints (a fort's strength). */
export function locationValueNames(m: ModuleData): Set<string> {
  const out = new Set<string>();
  for (const b of m.boards) if (b.kind === 'points') for (const sp of b.spaces) for (const k of Object.keys(sp.values ?? {})) out.add(k);
  return out;
}

export function vocabulary(m: ModuleData, kind: RuleKind): Vocabulary {
  const values = valueNames(m);
  const tracks = new Set(m.tracks.map((t) => t.id));
  const turnValues = new Set(m.sequence.turnTypes.flatMap((t) => Object.keys(t.values ?? {})));
  const memory = new Set((m.movement?.memory ?? []).map((x) => x.id));
  const noPiece = kind === 'marker' || kind === 'track';
  const fixed = { ...TURN, ...(noPiece ? {} : PIECE), ...BY_KIND[kind] };
  return {
    name(name) {
      if (fixed[name]) return fixed[name];
      const dot = name.indexOf('.');
      const head = name.slice(0, dot), rest = name.slice(dot + 1);
      if (head === 'piece' && !noPiece && values.has(rest)) return 'number';
      if (head === 'track' && tracks.has(rest)) return 'number';
      if (head === 'turn' && turnValues.has(rest)) return 'number';
      if (head === 'memory' && (kind === 'step' || kind === 'effect') && memory.has(rest)) return 'number';
      return undefined;
    },
    functions: FUNCTIONS[kind],
    describe: [...Object.keys(fixed), ...(noPiece ? [] : ['piece.<value>']), 'track.<id>', 'turn.<value>', ...(kind === 'step' || kind === 'effect' ? ['memory.<id>'] : [])].join(', '),
  };
}

/** What an outcome effect's `when` and `rolls` read: the procedure's names, the table result and the modifiers counted. */
export function effectVocabulary(m: ModuleData, proc: Pick<ProcedureDef, 'binds'>): Vocabulary {
  const base = procedureVocabulary(m, proc);
  const own: Record<string, ExprType> = { result: 'string', modifiers: 'list' };
  return { name: (n) => own[n] ?? base.name(n), functions: base.functions, describe: `result, modifiers, ${base.describe}` };
}
