// Generates modules/cold-war-1985 (JSON) from the drawing below. Run after `npx tsc -p .`:
//   node tools/modules/cold-war-1985.mjs
// The map is our own drawing, loosely after the Hannover–Magdeburg region; rule numbers cite
// the seed rulebook (002, sections 15–38). See modules/cold-war-1985/README.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HexBoard } from '../../dist/src/core/geometry/hex-board.js';
import { chemicalRemoval, fortificationTimers, supplyLines } from './cold-war-1985-rules.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT = join(ROOT, 'modules', 'cold-war-1985');
const write = (rel, schema, obj) => {
  const p = join(OUT, rel);
  mkdirSync(dirname(p), { recursive: true });
  const depth = rel.split('/').length - 1;
  const body = { $schema: `${'../'.repeat(depth + 2)}schema/${schema}.schema.json`, ...obj };
  writeFileSync(p, JSON.stringify(body, null, 2) + '\n');
};

// ---------------------------------------------------------------- board geometry
const COLS = 54, ROWS = 27, HALF = 27;
const sections = [
  { id: 'west', origin: [0, 0], columns: HALF, rows: ROWS, label: { pattern: '{c:2}{r:2}' } },
  { id: 'east', origin: [HALF, 0], columns: COLS - HALF, rows: ROWS, label: { pattern: '{c:2}{r:2}', firstColumn: HALF + 1 } },
];
const geo = { orientation: 'flat', shifted: 'even', sections };
const hb = new HexBoard(geo);
const L = (c, r) => `${String(c).padStart(2, '0')}${String(r).padStart(2, '0')}`;
const cr = (label) => [Number(label.slice(0, 2)), Number(label.slice(2))];
// Our projection: 0.051° of longitude per column from 9.45°E, 0.036° of latitude per row from 52.66°N.
const at = (lat, lon) => L(
  Math.min(COLS, Math.max(1, Math.round((lon - 9.45) / 0.051) + 1)),
  Math.min(ROWS, Math.max(1, Math.round((52.66 - lat) / 0.036) + 1)),
);

// Places (real names; positions by the projection above, a few nudged so they do not collide).
const P = {
  hannover: at(52.37, 9.73), celle: at(52.62, 10.08), burgdorf: at(52.45, 10.01), lehrte: at(52.37, 9.98),
  sarstedt: at(52.24, 9.86), hildesheim: at(52.15, 9.95), alfeld: at(51.98, 9.82), peine: at(52.32, 10.23),
  braunschweig: at(52.27, 10.52), gifhorn: at(52.49, 10.55), wolfsburg: at(52.42, 10.79),
  wittingen: at(52.73, 10.74), salzgitter: at(52.15, 10.33), wolfenbuettel: at(52.16, 10.54),
  goslar: at(51.91, 10.43), badharzburg: at(51.88, 10.56), seesen: at(51.89, 10.18), osterode: at(51.73, 10.25),
  koenigslutter: at(52.25, 10.82), helmstedt: at(52.23, 11.01), schoeningen: at(52.14, 10.95),
  oebisfelde: at(52.43, 10.99), kloetze: at(52.63, 11.17), gardelegen: at(52.53, 11.39),
  marienborn: at(52.19, 11.11), haldensleben: at(52.29, 11.41), wolmirstedt: at(52.25, 11.63),
  magdeburg: at(52.13, 11.63), burg: at(52.27, 11.85), genthin: at(52.41, 12.14), stendal: at(52.60, 11.86),
  tangerhuette: at(52.43, 11.81), schoenebeck: at(52.02, 11.74), oschersleben: at(52.03, 11.23),
  halberstadt: at(51.90, 11.05), wernigerode: at(51.83, 10.78), quedlinburg: at(51.79, 11.15),
  stassfurt: at(51.85, 11.58), aschersleben: at(51.76, 11.46), bernburg: at(51.79, 11.74),
};
const NAMES = {
  hannover: 'Hannover', celle: 'Celle', burgdorf: 'Burgdorf', lehrte: 'Lehrte', sarstedt: 'Sarstedt',
  hildesheim: 'Hildesheim', alfeld: 'Alfeld', peine: 'Peine', braunschweig: 'Braunschweig', gifhorn: 'Gifhorn',
  wolfsburg: 'Wolfsburg', wittingen: 'Wittingen', salzgitter: 'Salzgitter', wolfenbuettel: 'Wolfenbüttel',
  goslar: 'Goslar', badharzburg: 'Bad Harzburg', seesen: 'Seesen', osterode: 'Osterode',
  koenigslutter: 'Königslutter', helmstedt: 'Helmstedt', schoeningen: 'Schöningen', oebisfelde: 'Oebisfelde',
  kloetze: 'Klötze', gardelegen: 'Gardelegen', marienborn: 'Marienborn', haldensleben: 'Haldensleben',
  wolmirstedt: 'Wolmirstedt', magdeburg: 'Magdeburg', burg: 'Burg', genthin: 'Genthin', stendal: 'Stendal',
  tangerhuette: 'Tangerhütte', schoenebeck: 'Schönebeck', oschersleben: 'Oschersleben', halberstadt: 'Halberstadt',
  wernigerode: 'Wernigerode', quedlinburg: 'Quedlinburg', stassfurt: 'Staßfurt', aschersleben: 'Aschersleben',
  bernburg: 'Bernburg',
};
const seen = new Map();
for (const [k, h] of Object.entries(P)) {
  if (seen.has(h)) throw new Error(`places ${k} and ${seen.get(h)} share hex ${h}`);
  seen.set(h, k);
}

// Inner-German border (our drawing): WP territory is every hex east of borderCol(row).
// Drawn so that the WP supply edges of rule 30.2 (2927-5427 and 5401-5427) are all WP territory.
const borderCol = (r) => (r <= 10 ? 30 : r <= 18 ? 32 : r <= 24 ? 26 : 28);
const isWP = (label) => { const [c, r] = cr(label); return c > borderCol(r); };

// A hexside line is the boundary between a region and the rest, clipped to a window.
function boundary(inA, keep) {
  const out = new Set();
  for (const a of hb.labels()) {
    if (!inA(a)) continue;
    for (const b of hb.neighbours(a)) if (!inA(b) && keep(a) && keep(b)) out.add(hb.hexside(a, b));
  }
  return [...out].sort();
}
const rows = (lo, hi) => (l) => { const [, r] = cr(l); return r >= lo && r <= hi; };
const cols = (lo, hi) => (l) => { const [c] = cr(l); return c >= lo && c <= hi; };
const westOf = (f) => (l) => { const [c, r] = cr(l); return c <= f(r); };
const northOf = (f) => (l) => { const [c, r] = cr(l); return r <= f(c); };

const hexsides = {
  border: boundary((l) => !isWP(l), () => true),
  // Leine (through Hannover), Oker (through Braunschweig): minor rivers running north.
  'minor-river': [
    ...boundary(westOf((r) => (r <= 9 ? 6 : 7)), rows(1, 27)),
    ...boundary(westOf((r) => (r <= 8 ? 22 : r <= 16 ? 21 : 20)), rows(6, 26)),
    // Aller: from the Drömling north-west past Wolfsburg and Gifhorn to Celle.
    ...boundary(northOf((c) => 1 + Math.round((c - 8) / 4)), cols(9, 32)),
    // Ohre (Drömling to the Elbe) and Bode (Harz to Staßfurt).
    ...boundary(northOf(() => 9), cols(33, 45)),
    ...boundary(northOf((c) => (c <= 38 ? 23 : 22)), cols(31, 45)),
  ],
  canal: boundary(northOf((c) => (c <= 30 ? 8 : 9)), cols(1, 45)), // Mittellandkanal
  'major-river': boundary(westOf((r) => (r <= 4 ? 50 : r <= 9 ? 48 : 46)), rows(1, 27)), // Elbe
};
// No hexside may carry two river features.
{
  const taken = new Set();
  for (const k of ['major-river', 'canal', 'minor-river']) {
    hexsides[k] = [...new Set(hexsides[k])].filter((h) => !taken.has(h));
    hexsides[k].forEach((h) => taken.add(h));
  }
}

// Hex terrain: rectangles as column runs ("2324-2327").
const rect = (c1, c2, r1, r2) => { const out = []; for (let c = c1; c <= c2; c++) out.push(r1 === r2 ? L(c, r1) : `${L(c, r1)}-${L(c, r2)}`); return out; };
const urban = [P.hannover, L(6, 9), L(5, 10), P.braunschweig, L(22, 12), P.magdeburg, L(46, 15), P.wolfsburg, P.salzgitter, P.hildesheim];
const townKeys = Object.keys(P).filter((k) => !['hannover', 'braunschweig', 'magdeburg', 'wolfsburg', 'salzgitter', 'hildesheim'].includes(k));
const terrainHexes = {
  forest: [
    ...rect(18, 27, 25, 27), ...rect(19, 25, 24, 24),       // Harz
    ...rect(25, 26, 11, 12), ...rect(30, 30, 13, 14),       // Elm, Lappwald
    ...rect(3, 5, 17, 20), ...rect(10, 14, 1, 2), ...rect(17, 21, 1, 3), // Deister, Heide
    ...rect(38, 42, 4, 7), ...rect(52, 54, 12, 16),         // Letzlinger Heide, Fläming edge
  ],
  rough: [...rect(28, 31, 24, 27), ...rect(8, 12, 21, 27), ...rect(2, 6, 21, 24), ...rect(33, 36, 25, 27)],
  marsh: [...rect(31, 33, 6, 8)], // Drömling
  urban,
  town: townKeys.map((k) => P[k]).filter((h) => !urban.includes(h)),
};

// Roads: waypoints joined hex by hex along the straightest line.
function path(points) {
  const out = [points[0]];
  for (let i = 1; i < points.length; i++) {
    for (const step of hb.line(points[i - 1], points[i])) {
      const h = step.hex ?? step.either.find((x) => x !== null && (out.length === 0 || hb.adjacent(out[out.length - 1], x))) ?? step.either.find((x) => x !== null);
      if (h && h !== out[out.length - 1]) out.push(h);
    }
  }
  for (let i = 1; i < out.length; i++) if (!hb.adjacent(out[i - 1], out[i])) throw new Error(`road gap ${out[i - 1]} ${out[i]}`);
  return out;
}
const roads = [
  { type: 'autobahn', name: 'Autobahn 2', path: path(['0108', '1107', P.peine, L(21, 9), P.koenigslutter, P.helmstedt, P.marienborn, P.wolmirstedt, P.burg, P.genthin, L(54, 9)]) },
  { type: 'autobahn', name: 'Autobahn 7', path: path([L(11, 1), P.burgdorf, '1106', '1107', P.hildesheim, P.seesen, L(14, 27)]) },
  { type: 'autobahn', name: 'Autobahn 39', path: path([P.braunschweig, P.salzgitter]) },
  { type: 'primary-road', name: 'B 3', path: path([P.celle, P.burgdorf, P.hannover]) },
  { type: 'primary-road', name: 'B 6', path: path([P.hannover, P.sarstedt, P.hildesheim, P.alfeld, L(9, 27)]) },
  { type: 'primary-road', name: 'B 65', path: path([L(1, 12), P.hannover, P.lehrte, P.peine, P.braunschweig]) },
  { type: 'primary-road', name: 'B 4', path: path([L(24, 1), P.wittingen, P.gifhorn, P.braunschweig, P.wolfenbuettel, P.goslar, P.badharzburg]) },
  { type: 'primary-road', name: 'B 188', path: path([P.gifhorn, P.wolfsburg, P.oebisfelde, P.gardelegen, P.stendal, L(54, 3)]) },
  { type: 'primary-road', name: 'B 1', path: path([P.braunschweig, P.koenigslutter, P.helmstedt, P.marienborn, P.magdeburg, P.burg]) },
  { type: 'primary-road', name: 'B 81', path: path([P.magdeburg, P.oschersleben, P.halberstadt, P.wernigerode, P.badharzburg]) },
  { type: 'primary-road', name: 'B 71', path: path([P.magdeburg, P.haldensleben, P.gardelegen, P.kloetze, L(38, 1)]) },
  { type: 'primary-road', name: 'B 189', path: path([P.magdeburg, P.wolmirstedt, P.tangerhuette, P.stendal]) },
  { type: 'primary-road', name: 'B 246', path: path([P.magdeburg, P.schoenebeck, P.stassfurt, P.aschersleben, L(44, 27)]) },
  { type: 'secondary-road', path: path([P.helmstedt, P.schoeningen, P.oschersleben]) },
  { type: 'secondary-road', path: path([P.halberstadt, P.quedlinburg, P.aschersleben, P.bernburg, L(54, 24)]) },
  { type: 'secondary-road', path: path([P.peine, P.salzgitter, P.goslar, P.seesen]) },
  { type: 'secondary-road', path: path([P.goslar, P.osterode, L(21, 27)]) },
  { type: 'secondary-road', path: path([P.wolfsburg, P.koenigslutter, P.schoeningen]) },
  { type: 'secondary-road', path: path([P.celle, P.gifhorn]) },
  { type: 'secondary-road', path: path([L(1, 4), P.celle, L(14, 1)]) },
  { type: 'secondary-road', path: path(['1107', '1206', P.peine]) },
  { type: 'secondary-road', path: path([P.alfeld, L(1, 22)]) },
  { type: 'secondary-road', path: path([P.haldensleben, P.oebisfelde]) },
  { type: 'secondary-road', path: path([P.stendal, L(54, 6)]) },
  { type: 'secondary-road', path: path([P.schoenebeck, L(54, 18)]) },
  { type: 'secondary-road', path: path([P.halberstadt, L(36, 27)]) },
];
const places = Object.fromEntries(Object.entries(P).map(([k, h]) => [h, NAMES[k]]));

write('boards/hannover-magdeburg.json', 'board', {
  id: 'hannover-magdeburg',
  name: 'Hannover – Magdeburg (two sheets)',
  kind: 'hex',
  orientation: 'flat',
  shifted: 'even',
  sections,
  scale: '4 km per hex (our map)',
  terrain: { default: 'clear', hexes: terrainHexes },
  hexsides,
  roads,
  places,
});

// ---------------------------------------------------------------- module.json
const mod = {
  id: 'cold-war-1985',
  version: '0.1.0',
  title: 'Cold War 1985: NORTHAG',
  description: 'Operational NATO vs Warsaw Pact, summer 1985, between Hannover and Magdeburg. Three-hour turns, brigades and regiments, attrition points, postures, air points per air zone, event and action cards. Built from seed rulebook 002 (sections 15–38); map, counters, tables and card texts are our own.',
  sides: [
    { id: 'wp', name: 'Warsaw Pact', color: '#b22222', nations: ['su', 'gdr'] },
    { id: 'nato', name: 'NATO', color: '#1f4e9a', nations: ['frg', 'uk', 'nl', 'be', 'us'] },
  ],
  dice: [{ id: 'd10', sides: 10, name: 'ten-sided die (0 reads 10)' }],
  terrain: [
    { id: 'clear', name: 'Clear', on: 'hex', color: '#e9e4c9', cost: { '*': 1 }, note: 'combat: no modifier' },
    { id: 'town', name: 'Town', on: 'hex', color: '#c9b79c', cost: { '*': 1 }, note: 'combat: -1 (ours)' },
    { id: 'rough', name: 'Rough', on: 'hex', color: '#b9a77a', cost: { tracked: 2, wheeled: 3, leg: 2, helicopter: 1 }, note: 'combat: -1 (ours)' },
    { id: 'forest', name: 'Forest', on: 'hex', color: '#5f8f4e', cost: { tracked: 3, wheeled: 4, leg: 2, helicopter: 1 }, note: 'combat: -2 (ours); no airborne drop into a hex wholly forest (38.1.2)' },
    { id: 'marsh', name: 'Marsh', on: 'hex', color: '#8fb8a8', cost: { tracked: 4, wheeled: 'P', leg: 3, helicopter: 1 }, note: 'combat: -1 (ours)' },
    { id: 'urban', name: 'Urban', on: 'hex', color: '#8c8c8c', cost: { tracked: 2, wheeled: 1, leg: 1, helicopter: 1 }, note: 'combat: -3 (ours); armour attacking here uses its defence value (15.5.2); no helicopter support (18.5)' },
    { id: 'minor-river', name: 'Minor river', on: 'hexside', color: '#4a7fd0', cost: { tracked: 3, wheeled: 4, leg: 2, helicopter: 0 }, note: 'added to cross without a bridge (hasty crossing, attrition roll); obstacle combat -2 (ours); pontoon 1 turn, Bailey bridge 2 turns (32.2.2, 32.3.2)' },
    { id: 'major-river', name: 'Major river', on: 'hexside', color: '#1f5fbf', cost: { tracked: 6, leg: 6, wheeled: 'P', helicopter: 0 }, note: 'obstacle combat -4 (ours); pontoon 2 turns, Bailey bridge 3 turns (32.2.2, 32.3.2)' },
    { id: 'canal', name: 'Canal', on: 'hexside', color: '#5b8fd8', cost: { tracked: 4, wheeled: 4, leg: 2, helicopter: 0 }, note: 'treated as a minor river for bridging (ours); obstacle combat -2 (ours)' },
    { id: 'border', name: 'Inner-German border', on: 'hexside', color: '#202020', cost: { '*': 0 }, note: 'marks WP territory (east); no movement effect' },
    { id: 'autobahn', name: 'Autobahn', on: 'road', color: '#d94f00', cost: { tracked: '1/2', wheeled: '1/3', leg: 1 }, note: 'a road crossing a river hexside is a permanent bridge (32.1)' },
    { id: 'primary-road', name: 'Primary road', on: 'road', color: '#b5651d', cost: { tracked: '1/2', wheeled: '1/2', leg: 1 } },
    { id: 'secondary-road', name: 'Secondary road', on: 'road', color: '#8b6b3d', cost: { tracked: 1, wheeled: '2/3', leg: 1 } },
  ],
  boxes: [
    { id: 'nato-eliminated', name: 'NATO eliminated units', owner: 'nato' },
    { id: 'wp-eliminated', name: 'WP eliminated units', owner: 'wp' },
    { id: 'nato-removed', name: 'NATO units removed from play (33.6.5)', owner: 'nato' },
    { id: 'nato-engineer-pool', name: 'NATO engineer markers not in use', owner: 'nato' },
    { id: 'wp-engineer-pool', name: 'WP engineer markers not in use', owner: 'wp' },
  ],
  tracks: [
    // 19.1.2: every air zone has a maximum, a current and a grounded value.
    ...[['nato', 'NORTHAG 2', 3], ['wp', 'Northern Front 2', 2]].flatMap(([side, zone, part]) => [
      { id: `${side}-air-max`, name: `${zone} zone: air points maximum (19.1)`, min: 0, max: 40, owner: side },
      // 29.4.3 "北约各空中区域，按空中点数上限的1/3判定停飞点数 … 华约各空中区域，按空中点数上限的1/2", only "若当前回合为夜间、
      // 大雾或降水天气" (29.4.1), kept where there are grounded points already (29.4.2), off in a clear turn (29.4.5).
      // Computed as the air point phase begins: the weather rolls are sealed, and the precipitation is known only with
      // NATO's reply, in the event phase (our reading of "在该回合的天气阶段结束时"; rounding down is ours).
      { id: `${side}-air-grounded`, name: `${zone} zone: grounded air points (19.1.6, 29.4: computed from the weather)`, min: 0, max: 40, owner: side,
        reset: { phase: 'air', rule: '29.4', value: `if turn.night == 1 or track.fog == 1 or track.precipitation == 1 then (if track.${side}-air-grounded > 0 then track.${side}-air-grounded else floor(track.${side}-air-max / ${part})) else 0` } },
      // 29.4.3c "若某空中区域的当前可用空中点数低于停飞点数，将该区域的当前空中点数标记放置在停飞点数+当前空中点数的1/2对应的槽位" (rounded down: ours)
      { id: `${side}-air-current`, name: `${zone} zone: current air points (19.1.5)`, min: 0, max: 40, owner: side, atLeast: `${side}-air-grounded`, atMost: `${side}-air-max`, rule: '19.1.5, 19.2.3, 29.4.3c',
        reset: { phase: 'air', rule: '29.4.3c', when: `track.${side}-air-current < track.${side}-air-grounded`, value: `track.${side}-air-grounded + floor(track.${side}-air-current / 2)` } },
    ]),
    ...[['ge1', 'nato', 'I. Korps (FRG)'], ['br1', 'nato', 'I (BR) Corps'], ['su3', 'wp', '3rd Shock Army']].flatMap(([hq, side, name]) => [
      { id: `${hq}-cp-max`, name: `${name}: command points maximum (33.4)`, min: 0, max: 20, owner: side },
      { id: `${hq}-cp`, name: `${name}: current command points`, min: 0, max: 20, owner: side, atMost: `${hq}-cp-max`, rule: '33.4 (current within the maximum: our reading)' },
      { id: `${hq}-eng`, name: `${name}: engineer points (31, 32, 33.3)`, min: 0, max: 12, owner: side },
      { id: `${hq}-ew`, name: `${name}: EW points (24.3, 33.2)`, min: 0, max: 12, owner: side },
    ]),
    { id: 'nato-nuclear', name: 'NATO nuclear points (27.2)', min: 0, max: 99, owner: 'nato' },
    { id: 'wp-nuclear', name: 'WP nuclear points (27.2)', min: 0, max: 99, owner: 'wp' },
    { id: 'wp-vp', name: 'Victory points (WP gains raise it)', min: 0, max: 99, initial: 0 },
    { id: 'chemical-turn', name: 'Turn WP declared chemical warfare (26.1; NATO may answer 24 turns later)', min: 0, max: 40, initial: 0, labels: { '0': 'not declared' } },
    // 29.1.2: the weather of the turn, set by the fog and precipitation rolls' results (F, P) and clear again as the next weather phase begins.
    { id: 'fog', name: 'Fog this turn (29.1.2: the fog roll\'s F sets it)', min: 0, max: 1, initial: 0, labels: { '0': 'no fog', '1': 'fog (F)' }, reset: { phase: 'weather', to: 0, rule: '29.1.2' } },
    { id: 'precipitation', name: 'Precipitation this turn (29.1.2: the precipitation roll\'s P sets it; rain, snow in winter, 29.2)', min: 0, max: 1, initial: 0, labels: { '0': 'none', '1': 'precipitation (P)' }, reset: { phase: 'weather', to: 0, rule: '29.1.2' } },
  ],
  movement: {
    allowance: 'movement',
    steps: [
      { rule: '32.2, 32.3', when: "any(hexside.markers, ['pontoon', 'bailey-bridge'])", sides: "sides-without(['minor-river', 'major-river', 'canal'])",
        note: '32.2 "浮桥搭建完成后，部队渡河的延迟与风险将大幅降低": our reading: a bridge in use carries the unit over the river at no river MP' },
      { rule: '32.1', when: "hexside.markers has 'bridge-destroyed'", road: 'prohibited',
        note: '32.1.1 "若爆破判定成功，在该桥梁格边上放置桥梁损毁标记": the road no longer crosses; the step pays the hex and the river' },
      { rule: '29.2', when: 'track.precipitation == 1 and turn.month >= 3 and turn.month <= 11 and road == prohibited', cost: 'total + 1',
        note: '29.2.1 "春、夏、秋季的降水回合为降雨天气：单位进入任意六边形格，均需额外消耗1个移动点，沿道路机动时除外"' },
      { rule: '29.2', when: 'track.precipitation == 1 and (turn.month <= 2 or turn.month == 12)', cost: 'total + 1',
        note: '29.2.2 "冬季的降水回合为降雪天气：单位进入任意六边形格，均需额外消耗1个移动点" (winter read as December to February)' },
      { rule: '29.2', when: 'turn.night == 1', cost: 'total * 2',
        note: '29.2.3 "夜间回合中，单位进入任意六边形格，需支付的地形类型与地形特征移动点成本翻倍", after the +1 of 29.2.5 ("先额外加1，再翻倍"); roads count as terrain features (our reading)' },
      // Markers are not terrain: their MP are added after the night doubling.
      { rule: '15.9', when: "to.markers has 'breakthrough' and mode != 'advance'", cost: 'total + 4',
        note: '15.9.2 "进入带有突破标记的六边形格，需额外消耗4个移动点；进攻单位执行战斗后推进时，不受该额外移动点成本限制" (advance: move --mode advance)' },
      { rule: '26.2.2', when: "to.markers has 'chemical-contamination' and piece.side == 'wp'", cost: 'total + 2',
        note: '26.2.2.6 "华约单位进入带有化学污染标记的六边形格时，需额外消耗2个移动点"' },
      { rule: '26.2.2', when: "to.markers has 'chemical-contamination' and piece.side == 'nato'", cost: 'total + 4',
        note: '26.2.2.7 "北约单位进入带有化学污染标记的六边形格时，需额外消耗4个移动点"' },
      { rule: '27.4', when: "to.markers has 'nuclear-contamination'", cost: 'total + 4',
        note: '27.4.2 "进入核污染格的单位，需额外消耗4个移动点"' },
      ...[1, 3].flatMap((n) => [['nato', 'wp'], ['wp', 'nato']].map(([own, enemy]) => ({
        rule: '31.3', when: `to.markers has '${enemy}-fortification-${n}' and piece.side == '${own}'`, cost: `total + ${n}`,
        note: '31.3.2 "单位进入有敌方防御工事的六边形格时，需额外消耗与防御工事等级数值相等的移动点"',
      }))),
    ],
    modes: [{ id: 'advance', name: 'Advance after combat (15.10)', rule: '15.9.2, 15.10', bonus: 0,
      note: 'an advance into the emptied hex does not pay the breakthrough marker (15.9.2); the MP it still owes are 15.10.4' }],
  },
  rules: {
    supplyLines: supplyLines(supplySources()),
    stackLimit: 3,
    reinforcements: {
      rule: '33.5', arrive: 'phase', phases: { wp: 'wp-maneuver', nato: 'nato-maneuver' }, payEntry: true, enemy: 'delay',
      note: '33.5 "玩家在友方机动阶段获得地面增援…玩家需支付增援单位进入格的移动点成本，且进入格内不得有敌军单位；若无有效进入格，该地面增援单位将延迟至下一回合投入战场"',
    },
  },
};
write('module.json', 'module', mod);

/** 30.2: the board-edge hexes where a road leaves the board, NATO's in its territory, WP's on 2927-5427 and 5401-5427. */
function supplySources() {
  const edge = (l) => { const [c, r] = cr(l); return c === 1 || c === COLS || r === 1 || r === ROWS; };
  const ends = [...new Set(roads.flatMap((r) => [r.path[0], r.path[r.path.length - 1]]).filter(edge))].sort();
  const wp = (l) => { const [c, r] = cr(l); return (r === ROWS && c >= 29) || c === COLS; };
  return { nato: ends.filter((l) => !isWP(l)), wp: ends.filter(wp) };
}

// ---------------------------------------------------------------- pieces.json
const face = (id, name, values, movementClass) => ({ id, name, values, ...(movementClass ? { movementClass } : {}) });
const combat = (id, name, cls, full, red) => ({
  id, name, properties: ['attrition'],
  faces: [
    face('full', 'Full strength', { ...full, attrition: 0 }, cls),
    face('reduced', 'Reduced', { ...red, attrition: 0 }, cls),
  ],
});
const pieceTypes = [
  combat('armor', 'Armour brigade/regiment', 'tracked', { attack: 8, defence: 6, movement: 12, cadre: 3 }, { attack: 5, defence: 4, movement: 12, cadre: 3 }),
  combat('mech', 'Mechanised infantry brigade/regiment', 'tracked', { attack: 6, defence: 7, movement: 12, cadre: 3 }, { attack: 4, defence: 5, movement: 12, cadre: 3 }),
  combat('motorised', 'Motorised / territorial infantry', 'wheeled', { attack: 3, defence: 5, movement: 10, cadre: 2 }, { attack: 2, defence: 3, movement: 10, cadre: 2 }),
  combat('infantry', 'Infantry (border troops)', 'leg', { attack: 1, defence: 3, movement: 6, cadre: 1 }, { attack: 1, defence: 2, movement: 6, cadre: 1 }),
  combat('recon', 'Reconnaissance', 'wheeled', { attack: 2, defence: 2, movement: 16, cadre: 3 }, { attack: 1, defence: 1, movement: 16, cadre: 3 }),
  { id: 'reserve-bn', name: 'Reserve (Teilaktiv) battalion (33.7)', properties: ['attrition'], faces: [
    face('inactive', 'Not mobilised: attack 0, defence 1, cannot move (33.7.3)', { attack: 0, defence: 1, movement: 0, cadre: 2, attrition: 0 }, 'wheeled'),
    face('mobilised', 'Mobilised', { attack: 2, defence: 3, movement: 10, cadre: 2, attrition: 0 }, 'wheeled'),
  ] },
  { id: 'artillery', name: 'Artillery (self-propelled, towed, rocket, missile)', properties: ['attrition'], faces: [
    face('full', 'Full strength', { attack: 0, defence: 1, barrage: 6, barrageReduced: 3, range: 6, movement: 10, attrition: 0 }, 'tracked'),
    face('reduced', 'Reduced', { attack: 0, defence: 1, barrage: 3, barrageReduced: 2, range: 6, movement: 10, attrition: 0 }, 'tracked'),
  ] },
  { id: 'helicopter', name: 'Attack helicopters (18)', properties: ['attrition'], faces: [
    face('ready', 'Ready (barrage once per action phase, 18.4)', { attack: 0, defence: 1, barrage: 6, range: 8, movement: 30, attrition: 0 }, 'helicopter'),
    face('used', 'Used this phase (flipped, 18.4)', { attack: 0, defence: 1, barrage: 0, range: 8, movement: 30, attrition: 0 }, 'helicopter'),
  ] },
  { id: 'hq', name: 'Headquarters', properties: ['attrition'], faces: [
    face('deployed', 'Deployed (展开)', { attack: 0, defence: 1, command: 6, movement: 0, attrition: 0 }, 'wheeled'),
    face('moving', 'Moving (移动)', { attack: 0, defence: 1, command: 3, movement: 12, attrition: 0 }, 'wheeled'),
  ] },
];

const M = (id, name, on, values, color) => ({ id, name, on, ...(values ? { values } : {}), ...(color ? { color } : {}) });
const HOURS = [0, 3, 6, 9, 12, 15, 18, 21];
// 32.2.1 / 32.3.1: pontoons and Bailey bridges span a river hexside.
const RIVER = "any(hexside.features, ['minor-river', 'major-river', 'canal'])";
const markerTypes = [
  // Postures (15.6.1 and the posture chart; the chart's numbers are ours).
  ...[
    ['assault-march', 'Assault march (突击行军)', { hastyMP: 3, deliberateMP: 6 }],
    ['tactical', 'Tactical (战术)', { hastyMP: 4, deliberateMP: 8 }],
    ['screen', 'Screen (警戒)', { defenceMod: 0 }],
    ['recon', 'Reconnaissance (侦察)', { defenceMod: 0 }],
    ['defence', 'Defence (防御)', { defenceMod: -2 }],
    ['strong-defence', 'Strong defence (坚固防御)', { defenceMod: -3 }],
    ['active-defence', 'Active defence (主动防御)', { defenceMod: -1 }],
    ['refit', 'Refit (整补)', { defenceMod: 2 }],
    ['barrage', 'Barrage (弹幕, artillery)', null],
    ['shoot-and-scoot', 'Shoot and scoot (打了就跑, artillery)', null],
    ['close-support', 'Close support (近距离支援, artillery)', null],
    ['farp', 'Forward arming and refuelling point (前沿武装加油点, helicopters)', null],
    ['transition', 'Changing posture (态势过渡): defence modifiers +2 (15.6.1.2)', { defenceMod: 2 }],
    ['rest', 'Resting (休整): attacker +3 (15.6.8)', { attackerMod: 3 }],
  ].map(([id, name, v]) => M(`posture-${id}`, name, ['piece'], v, '#f0e68c')),
  M('engaged', 'Engaged (交战): attacker +2 (15.6.14)', ['piece'], { attackerMod: 2 }, '#e04040'),
  M('half-engaged', 'Half-engaged (半交战): attacker +1 (15.6.14)', ['piece'], { attackerMod: 1 }, '#f08080'),
  M('delay', 'Delay (延迟): attacker +3 (15.6.15, 8.4)', ['piece'], { attackerMod: 3 }, '#ffa500'),
  // 15.9.4 "突破标记将在后续的整理阶段被移除": nothing moves between the cleanup phase and the next turn's start,
  // so a countdown that takes it off as the next turn begins has the same effect.
  { ...M('breakthrough', 'Breakthrough (突破): +4 MP to enter, removed in cleanup (15.9)', ['hex'], { mp: 4 }, '#ff00ff'), countdown: { rule: '15.9.4' } },
  // 31.3.2 "单位进入有敌方防御工事的六边形格时…": whose fortification it is matters, so each side has its own.
  ...[['nato', 'NATO'], ['wp', 'WP']].flatMap(([s, n]) => [
    M(`${s}-fortification-1`, `${n} fortification level 1 (-1; enemy units +1 MP to enter) (31.3)`, ['hex'], { level: 1 }, '#7b5e3b'),
    M(`${s}-fortification-3`, `${n} fortification level 3 (-3; enemy units +3 MP to enter) (31.3)`, ['hex'], { level: 3 }, '#5b3e1b'),
  ]),
  ...fortificationTimers(M),
  ...['ge1', 'br1', 'su3'].map((hq) => M(`engineer-${hq}`, `Engineer marker (${hq === 'ge1' ? 'I. Korps' : hq === 'br1' ? 'I (BR) Corps' : '3rd Shock Army'})`, ['hex', 'hexside', 'piece'], null, '#708090')),
  ...HOURS.map((h) => M(`time-h${String(h).padStart(2, '0')}`, `Time marker H${String(h).padStart(2, '0')}`, ['hex', 'hexside', 'piece'], { hour: h }, '#ffffff')),
  ...[['pontoon', 'Pontoon bridge (浮桥) in use: crossing pays no river MP (32.2; our reading)', '32.2.2'],
    ['bailey-bridge', 'Bailey bridge (拼接桥) in use: crossing pays no river MP (32.3; our reading)', '32.3.2'],
    ['pontoon-building', 'Pontoon bridge under construction (32.2.2.2-3: no effect until its time marker is reached)', '32.2.2'],
    ['bailey-bridge-building', 'Bailey bridge under construction (32.3.2.2-3: no effect until its time marker is reached)', '32.3.2'],
  ].map(([id, name, rule]) => ({ ...M(id, name, ['hexside'], null, '#4682b4'), rule, where: RIVER })),
  { ...M('bridge-destroyed', 'Bridge destroyed (32.1.1)', ['hexside'], null, '#000000'), rule: '32.1',
    where: "any(hexside.features, ['minor-river', 'major-river', 'canal']) and count(hexside.roads) > 0" },
  { ...M('bridge-mined', 'Bridge prepared for demolition (32.1.2)', ['hexside'], null, '#ff4500'), rule: '32.1',
    where: "any(hexside.features, ['minor-river', 'major-river', 'canal']) and count(hexside.roads) > 0" },
  M('chemical-contamination', 'Chemical contamination: WP +2 MP, NATO +4 MP, no supply through (26.2.2)', ['hex'], { mpWP: 2, mpNATO: 4 }, '#9acd32'),
  M('nuclear-contamination', 'Nuclear contamination: +4 MP, no supply through (27.4)', ['hex'], { mp: 4 }, '#ffd700'),
  M('interdiction', 'Interdiction (火力封锁)', ['hex'], null, '#dc143c'),
  M('cas-nato', 'NATO close-air-support zone centre, radius 4 (19.3.5)', ['hex'], { radius: 4 }, '#1f4e9a'),
  M('cas-wp', 'WP close-air-support zone centre, radius 4 (19.3.5)', ['hex'], { radius: 4 }, '#b22222'),
  M('intel-1', 'Intelligence +1 (25.3)', ['hex'], { detection: 1 }, '#c0c0c0'),
  M('intel-2', 'Intelligence +2 (25.3)', ['hex'], { detection: 2 }, '#c0c0c0'),
  ...['ge1', 'br1', 'su3'].map((hq) => M(`supply-hub-${hq}`, `Supply hub (${hq}) (30.3)`, ['hex'], { rangeHexes: hq === 'su3' ? 4 : 6 }, '#daa520')),
  M('engineers-attached', 'WP assault engineers attached (37.1)', ['piece'], null, '#708090'),
  M('out-of-command', 'Out of command (15.6.18, 24.4 E3)', ['piece'], null, '#999999'),
];

// Counters. Designations of divisions and brigades follow the 1985 order of battle as facts;
// values, regimental numbering and set-up are ours.
const pieces = [];
const add = (id, type, side, nation, name, values) => pieces.push({ id, type, side, nation, name, ...(values ? { values } : {}) });
// FRG I. Korps
add('ge-1k-hq', 'hq', 'nato', 'frg', 'I. Korps HQ', { command: 8 });
add('ge-1k-art', 'artillery', 'nato', 'frg', 'Korps artillery (rocket)', { barrage: 8, barrageReduced: 4, range: 8 });
add('ge-1k-heli', 'helicopter', 'nato', 'frg', 'PAH anti-tank helicopters');
for (const [div, divName, brigs] of [
  ['1pzd', '1. Panzerdivision', [['pzgren1', 'PzGrenBrig 1', 'mech'], ['pz2', 'PzBrig 2', 'armor'], ['pz3', 'PzBrig 3', 'armor']]],
  ['3pzd', '3. Panzerdivision', [['pzgren7', 'PzGrenBrig 7', 'mech'], ['pz8', 'PzBrig 8', 'armor'], ['pz9', 'PzBrig 9', 'armor']]],
  ['11pzgd', '11. Panzergrenadierdivision', [['pzgren31', 'PzGrenBrig 31', 'mech'], ['pzgren32', 'PzGrenBrig 32', 'mech'], ['pz33', 'PzBrig 33', 'armor']]],
]) {
  add(`ge-${div}-hq`, 'hq', 'nato', 'frg', `${divName} HQ`);
  add(`ge-${div}-art`, 'artillery', 'nato', 'frg', `${divName} artillery regiment`);
  add(`ge-${div}-recon`, 'recon', 'nato', 'frg', `${divName} reconnaissance`);
  for (const [b, n, t] of brigs) add(`ge-${b}`, t, 'nato', 'frg', n, t === 'armor' ? { attack: 9, defence: 7, cadre: 4 } : { attack: 7, defence: 8, cadre: 4 });
}
add('ge-hs51', 'motorised', 'nato', 'frg', 'HSchBrig 51 (territorial, 33.6)');
add('ge-hs52', 'motorised', 'nato', 'frg', 'HSchBrig 52 (territorial, 33.6)');
add('ge-1pzd-t', 'reserve-bn', 'nato', 'frg', '1. PzDiv Teilaktiv battalion (33.7)');
add('ge-3pzd-t', 'reserve-bn', 'nato', 'frg', '3. PzDiv Teilaktiv battalion (33.7)');
// I (BR) Corps
add('br-1c-hq', 'hq', 'nato', 'uk', 'I (BR) Corps HQ', { command: 8 });
add('br-1c-art', 'artillery', 'nato', 'uk', 'Corps artillery (heavy)', { barrage: 7, barrageReduced: 4, range: 7 });
add('br-1c-heli', 'helicopter', 'nato', 'uk', 'Army Air Corps regiment', { barrage: 5 });
for (const [div, divName, brigs] of [
  ['1ad', '1st Armoured Division', ['7', '12', '22']],
  ['4ad', '4th Armoured Division', ['11', '20', '33']],
]) {
  add(`br-${div}-hq`, 'hq', 'nato', 'uk', `${divName} HQ`);
  add(`br-${div}-art`, 'artillery', 'nato', 'uk', `${divName} artillery`);
  add(`br-${div}-recon`, 'recon', 'nato', 'uk', `${divName} armoured reconnaissance`);
  for (const b of brigs) add(`br-${b}ab`, 'armor', 'nato', 'uk', `${b}th Armoured Brigade`, { attack: 8, defence: 7, cadre: 4, movement: 10 });
}
// Soviet 3rd Shock Army (divisions as facts; regiment labels ours: 1st–3rd tank, MR regiment).
add('su-3sa-hq', 'hq', 'wp', 'su', '3rd Shock Army HQ', { command: 6 });
add('su-3sa-art', 'artillery', 'wp', 'su', 'Army artillery brigade', { barrage: 8, barrageReduced: 4, range: 7 });
add('su-3sa-mrl', 'artillery', 'wp', 'su', 'Army rocket regiment', { barrage: 9, barrageReduced: 5, range: 8 });
add('su-3sa-missile', 'artillery', 'wp', 'su', 'Army missile brigade (nuclear delivery, 27.2.3)', { barrage: 4, barrageReduced: 4, range: 20 });
add('su-3sa-heli', 'helicopter', 'wp', 'su', 'Army attack helicopter regiment');
const suDivs = [
  ['10gtd', '10th Guards Tank Division', 'tank'], ['12gtd', '12th Guards Tank Division', 'tank'],
  ['47gtd', '47th Guards Tank Division', 'tank'], ['7gtd', '7th Guards Tank Division', 'tank'],
  ['207mrd', '207th Motor Rifle Division', 'mr'],
];
for (const [div, divName, kind] of suDivs) {
  add(`su-${div}-hq`, 'hq', 'wp', 'su', `${divName} HQ`, { command: 4 });
  add(`su-${div}-art`, 'artillery', 'wp', 'su', `${divName} artillery regiment`);
  add(`su-${div}-recon`, 'recon', 'wp', 'su', `${divName} reconnaissance battalion`);
  const regs = kind === 'tank' ? [['tr1', 'armor'], ['tr2', 'armor'], ['tr3', 'armor'], ['mrr', 'mech']] : [['mrr1', 'mech'], ['mrr2', 'mech'], ['mrr3', 'mech'], ['tr', 'armor']];
  for (const [r, t] of regs) {
    const label = r.startsWith('tr') ? `${r === 'tr' ? '' : r.slice(2) + '. '}tank regiment` : `${r === 'mrr' ? '' : r.slice(3) + '. '}motor rifle regiment`;
    add(`su-${div}-${r}`, t, 'wp', 'su', `${divName}, ${label}`, t === 'armor' ? { attack: 5, defence: 3, cadre: 2 } : { attack: 4, defence: 4, cadre: 2 });
  }
}
add('gdr-gr1', 'infantry', 'wp', 'gdr', 'Border regiment (Grenztruppen)');
add('gdr-gr2', 'infantry', 'wp', 'gdr', 'Border regiment (Grenztruppen)');
// 15.5 which strength a unit fights with, as values the ground-combat procedure sums (derived from the printed ones):
// def-armour 15.5.1 armour defending against armour or in clear terrain uses its attack; def-open adds 15.5.3
// (mechanised, motorised, reconnaissance, infantry against armour in clear, not in a defensive posture);
// att-urban 15.5.2 armour attacking in an urban hex uses its defence.
const OPEN_TYPES = ['armor', 'mech', 'motorised', 'recon', 'infantry'];
const strengths = (type, v) => ({ 'def-armour': type === 'armor' ? v.attack : v.defence, 'def-open': OPEN_TYPES.includes(type) ? v.attack : v.defence, 'att-urban': type === 'armor' ? v.defence : v.attack });
for (const t of pieceTypes) for (const f of t.faces) if (f.values.attack !== undefined) Object.assign(f.values, strengths(t.id, f.values));
for (const p of pieces) if (p.values?.attack !== undefined) Object.assign(p.values, strengths(p.type, p.values));
write('pieces.json', 'pieces', { pieceTypes, markerTypes, pieces });

// ---------------------------------------------------------------- tables.json
const diffCols = [
  { id: '<=-8', max: -8 }, { id: '-7/-6', min: -7, max: -6 }, { id: '-5/-4', min: -5, max: -4 }, { id: '-3/-2', min: -3, max: -2 },
  { id: '-1/0', min: -1, max: 0 }, { id: '1/2', min: 1, max: 2 }, { id: '3/4', min: 3, max: 4 }, { id: '5/6', min: 5, max: 6 },
  { id: '7/8', min: 7, max: 8 }, { id: '9/11', min: 9, max: 11 }, { id: '12/14', min: 12, max: 14 }, { id: '>=15', min: 15 },
];
const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));
const crt = [];
for (let d = 1; d <= 10; d++) {
  crt.push({
    ...(d === 1 ? { max: 1 } : d === 10 ? { min: 10 } : { min: d, max: d }),
    result: diffCols.map((_, k) => {
      const a = clamp(Math.round((11 - k) / 3 + (5.5 - d) / 3), 0, 4);
      const df = clamp(Math.round((k - 2) / 3 + (d - 4) / 3), 0, 5);
      return `A${a}${a >= 3 ? 's' : ''} D${df}${df >= 3 ? 's' : ''}`;
    }),
  });
}
const d10rows = (fn, lo = 1, hi = 10) => {
  const out = [];
  for (let d = lo; d <= hi; d++) out.push({ ...(d === lo ? { max: d } : d === hi ? { min: d } : { min: d, max: d }), result: fn(d) });
  return out;
};
const supportCols = [{ id: '0', max: 0 }, { id: '1-2', min: 1, max: 2 }, { id: '3-4', min: 3, max: 4 }, { id: '5-7', min: 5, max: 7 }, { id: '8-11', min: 8, max: 11 }, { id: '12-16', min: 12, max: 16 }, { id: '17+', min: 17 }];
const support = (sign) => d10rows((d) => supportCols.map((_, k) => {
  const v = clamp(Math.floor((k * 2 + d - 3) / 4), 0, 5);
  return v === 0 ? '0' : `${sign}${v}`;
}));
const ewCols = [{ id: '0', max: 0 }, { id: '1', min: 1, max: 1 }, { id: '2-3', min: 2, max: 3 }, { id: '4-5', min: 4, max: 5 }, { id: '6-8', min: 6, max: 8 }, { id: '9+', min: 9 }];
const ew = d10rows((d) => ewCols.map((_, k) => {
  const s = k + d;
  if (s <= 5) return '0 0 -';
  if (s <= 8) return '+1 -1 -';
  if (s <= 10) return '+1 -1 E1';
  if (s <= 12) return '+2 -1 E2';
  return '+2 -2 E3';
}));
const seasons = [{ id: 'spring', min: 1, max: 1 }, { id: 'summer', min: 2, max: 2 }, { id: 'autumn', min: 3, max: 3 }, { id: 'winter', min: 4 }];
const fogAt = [2, 1, 3, 3]; // fog on a roll of at most this, by season (ours)
const precipFrom = [8, 9, 7, 7]; // precipitation on a total of at least this (ours)
const nukeCols = [{ id: '1', max: 1 }, { id: '2-3', min: 2, max: 3 }, { id: '4-6', min: 4, max: 6 }, { id: '7-10', min: 7, max: 10 }, { id: '11-15', min: 11, max: 15 }, { id: '16-25', min: 16, max: 25 }, { id: '26+', min: 26 }];
const bombCols = [{ id: '1-2', max: 2 }, { id: '3-5', min: 3, max: 5 }, { id: '6-9', min: 6, max: 9 }, { id: '10-14', min: 10, max: 14 }, { id: '15-20', min: 15, max: 20 }, { id: '21+', min: 21 }];
const tables = [
  { id: 'ground-combat', name: 'Ground combat table (15.1 step 10, 15.7)', index: 'd10', columns: diffCols, rows: crt,
    note: 'Column: final differential = attack strength - defence strength (15.1 step 4) shifted by every combat modifier (15.6). Result: attrition points added to the attacking units (A) and to each defending unit (D) (15.7.1); doubled for HQs (15.7.2). "s": committed WP assault engineers are lost if the WP side receives it (15.6.12.3). Numbers ours.' },
  { id: 'attacker-support', name: 'Attacker combat support table (16; 15.1 step 8)', index: 'd10', columns: supportCols, rows: support('+'),
    note: 'Column: support points (artillery barrage, helicopter barrage, air points x2 inside a CAS zone or x1 outside, 16.3), after EW halving (24.4.3). Roll even with 0 points (15.1.8). Result: combat modifier. Numbers ours.' },
  { id: 'defender-support', name: 'Defender combat support table (16; 15.1 step 8)', index: 'd10', columns: supportCols, rows: support('-'),
    note: 'As the attacker table; the result is a modifier against the attacker. Numbers ours.' },
  { id: 'electronic-warfare', name: 'Electronic warfare table (24.3, 24.4)', index: 'd10', columns: ewCols, rows: ew,
    note: 'Three entries (24.4.1): modifier when the attacker jams (red), modifier when the defender jams (blue), effect code: E1 enemy air/helicopter support halved, E2 enemy artillery support halved, E3 enemy out of command and no forward command (24.4.2). Numbers ours.' },
  { id: 'weather-fog', name: 'Weather table: fog (29.1.2)', index: 'd10', columns: seasons,
    rows: d10rows((d) => seasons.map((_, k) => (d <= fogAt[k] ? 'F' : '-'))),
    note: 'Rolled by the WP player only on turns where fog is possible (turn type value fog-possible). F = fog this turn. Numbers ours.' },
  { id: 'weather-precipitation', name: 'Weather table: precipitation (29.1.2)', index: 'd10 (+2 in fog)', columns: seasons,
    rows: d10rows((d) => seasons.map((_, k) => (d >= precipFrom[k] ? 'P' : '-')), 1, 12),
    note: 'Rolled by the WP player every turn; +2 in a fog turn (29.1.2.4). P = rain (snow in winter, 29.2). Numbers ours.' },
  // 34.3 "掷出10点时…抽取最上方的一张事件卡" and 34.4 "每增加一张棋盘，触发点数要求降低1点（例：使用两张棋盘的场景中，掷出9或10点即可触发事件）":
  // the table is the book's one-sheet table; the event-check procedure adds +1 per map sheet beyond the first (map-sheets), so two sheets draw on 9-10.
  { id: 'event-check', name: 'Event check (34.3, 34.4): a 10 draws, +1 per map sheet beyond the first', index: 'd10 + map sheets - 1', rows: [
    { max: 9, result: 'no event' }, { min: 10, result: 'draw an event card' }] },
  { id: 'air-points', name: 'Air point table (19.2)', index: 'd10 + modifiers', rows: [
    { max: 2, result: 'regain 1/4 of the air points used (round down)' },
    { min: 3, max: 5, result: 'regain 1/2 of the air points used (round down)' },
    { min: 6, max: 8, result: 'regain 3/4 of the air points used (round down)' },
    { min: 9, result: 'current air points back to the maximum' }], note: 'Never above the maximum (19.2.3). Numbers ours.' },
  { id: 'bombardment', name: 'Bombardment table', index: 'd10 + modifiers', columns: bombCols,
    rows: d10rows((d) => bombCols.map((_, k) => { const v = clamp(Math.floor((k + d - 4) / 3), 0, 4); return v ? `+${v}` : '-'; }), 0, 12),
    note: 'Column: barrage or air points committed. Result: attrition points added to the target unit. Chemical bombardment needs detection level 2+ (26.3.2.1). Rules and numbers ours (the seed text refers to bombardment without giving it).' },
  { id: 'interdiction', name: 'Interdiction table', index: 'd10', columns: bombCols,
    rows: d10rows((d) => bombCols.map((_, k) => (k + d >= 9 ? 'interdicted' : '-'))),
    note: 'Interdicted: place an interdiction marker (and chemical contamination if persistent agent was used, 26.2.2.5). Numbers ours.' },
  { id: 'chemical-combat', name: 'Chemical warfare combat modifier (26.3.1)', index: 'd10', rows: [
    { max: 3, result: '1' }, { min: 4, max: 7, result: '2' }, { min: 8, result: '3' }],
    note: 'The user chooses the sign (15.6.17.2, 26.3.1.2). Numbers ours (the seed omits the table).' },
  { id: 'chemical-bombardment', name: 'Chemical warfare bombardment modifier (26.3.2)', index: 'd10', rows: [
    { max: 4, result: '+1' }, { min: 5, max: 8, result: '+2' }, { min: 9, result: '+3' }], note: 'Numbers ours.' },
  { id: 'chemical-removal', name: 'Chemical contamination removal (26.2.2.9)', index: 'd10 + modifiers', rows: [
    { max: 5, result: 'contamination remains' }, { min: 6, result: 'remove the chemical contamination marker' }], note: 'Rolled for each marker in the end phase. Numbers ours.' },
  { id: 'nuclear-attack', name: 'Nuclear attack table (27.3)', index: 'd10 + best terrain modifier', columns: nukeCols,
    rows: d10rows((d) => nukeCols.map((_, k) => {
      const dir = clamp(Math.floor((2 * k + d) / 3), 0, 8);
      const ind = clamp(Math.floor((2 * k + d - 4) / 4), 0, 5);
      return `${dir}/${ind}`;
    }), -2, 10),
    note: 'direct/indirect attrition (27.3.2). Deployed units -1, units in column +1 if above 0 (27.3.3-4). Indirect 1+: pontoons and Bailey bridges in the hex destroyed; 2+: every bridge (27.3.5-6). Indirect 1+: place nuclear contamination and a time marker 3 hours before the current turn (27.4.1). Column 1 is used for contamination damage (27.4.4). Numbers ours.' },
  { id: 'nuclear-dissipation', name: 'Nuclear contamination dissipation (27.4.6)', index: 'd10', rows: [
    { max: 5, result: 'remove the contamination and its time marker' }, { min: 6, result: 'contamination remains' }] },
  { id: 'emergency-demolition', name: 'Emergency bridge demolition (32.1.1)', index: 'd10 + modifiers', rows: [
    { max: 4, result: 'fails: no further attempt on this bridge this engineer phase' }, { min: 5, result: 'bridge destroyed: place a bridge-destroyed marker' }] },
  { id: 'prepared-demolition', name: 'Prepared bridge demolition (32.1.3)', index: 'd10 + modifiers', rows: [
    { max: 2, result: 'fails; remove the mined marker' }, { min: 3, result: 'bridge destroyed; remove the mined marker' }] },
  { id: 'hasty-crossing', name: 'Hasty river crossing attrition', index: 'd10 + modifiers', rows: [
    { max: 2, result: '+2 attrition' }, { min: 3, max: 5, result: '+1 attrition' }, { min: 6, result: 'no loss' }],
    note: 'For a unit crossing an unbridged river (15.3.5, 15.8.6); -2 at night (29.2.4). Numbers ours.' },
  { id: 'disengagement', name: 'Disengagement (8.7)', index: 'd10 + modifiers', rows: [
    { max: 5, result: 'fails: stays, takes full combat result, engaged' }, { min: 6, result: 'succeeds: may retreat one hex, combat attrition -1' }],
    note: 'Rule 8.7 is outside the seed text; our own numbers.' },
  { id: 'airborne-drop', name: 'Airborne drop loss (38.1.4b)', index: 'd10', rows: [
    { max: 3, result: '+1 attrition' }, { min: 4, result: 'no loss' }] },
  { id: 'air-defence', name: 'Air defence fire (22.1)', index: 'd10 + modifiers', rows: [
    { max: 6, result: 'no loss' }, { min: 7, max: 8, result: '1 air point (or 1 attrition to a helicopter/airborne unit) lost' }, { min: 9, result: '2 air points (or 2 attrition) lost' }],
    note: 'Rule 22.1 is outside the seed text; our own numbers.' },
  { id: 'intelligence', name: 'Intelligence table (25.1, 25.2)', index: 'd10', columns: [{ id: '0-1', max: 1 }, { id: '2-3', min: 2, max: 3 }, { id: '4-5', min: 4, max: 5 }, { id: '6+', min: 6 }],
    rows: d10rows((d) => [0, 1, 2, 3].map((k) => (k + d >= 11 ? '+2' : k + d >= 7 ? '+1' : '-'))),
    note: 'Column: EW points of the HQ (signals, 25.1.3) or air points x2 (reconnaissance, 25.2.3). Numbers ours.' },
];

const mod_ = (id, name, value, rule, when, group) => ({ id, name, ...(value === undefined ? {} : { value }), ...(rule ? { rule } : {}), ...(when ? { when } : {}), ...(group ? { group } : {}) });
/** a modifier the turn's weather gives, and nothing else: the player may not name it */
const weather = (id, name, value, rule, when) => ({ ...mod_(id, name, value, rule, when), named: false });
/** a modifier whose amount the board gives (the player may not name it) */
const computed = (id, name, amount, rule, note) => ({ id, name, amount, rule, ...(note ? { note } : {}) });
// 15.4.3: combat units (作战单位) against support units (artillery, helicopters, HQs).
const COMBAT = "['armor', 'mech', 'motorised', 'infantry', 'recon', 'reserve-bn']";
// 15.6.13.3 "处于休整状态或整补态势的单位，不计入相邻单位的统计范围"
const NOT_COUNTED = "['posture-rest', 'posture-refit']";
// 15.7.1 "左侧数字适用于进攻单位，右侧数字适用于每一支防御单位"; 15.7.2 "所有施加给指挥部单位的地面战斗结果，均按双倍计算".
const HQ_DOUBLE = "if piece.type == 'hq' then 2 else 1";
// (a result of 3 or more always carries "s", 15.6.12.3: the table's A3s, D4s…)
// 15.6.12.3 "若工兵已投入战斗，且施加给华约的战斗结果中包含标识s，则移除该工兵标记，且投入的工兵点数将永久损耗": the marker
// leaves the units committed (their points were spent when attached, 37.1.3, and are not given back)
// 31.4.1 "若地面战斗中的防御方单位因战斗结果产生损耗点数，战斗流程结束后，其所在格内的防御工事等级将降低1级：3级防御工事降至1级，
// 1级防御工事则直接移除" (either side's; one under construction has no effect in combat, 31.1.5)
const FORT_DOWN = ['nato', 'wp'].flatMap((side) => {
  const has = (n) => `defenders.here-markers has '${side}-fortification-${n}'`;
  return [{ unmark: `${side}-fortification-1`, at: 'defenders', when: has(1), rule: '31.4.1' },
    { mark: `${side}-fortification-1`, at: 'defenders', when: has(3), rule: '31.4.1' },
    { unmark: `${side}-fortification-3`, at: 'defenders', when: has(3), rule: '31.4.1' }];
});
const ENGINEERS_LOST = (mod) => ({ unmark: 'engineers-attached', on: 'engineers', when: `modifiers has '${mod}'`, rule: '15.6.12.3' });
const combatOutcomes = [
  ...[1, 2, 3, 4].flatMap((n) => [n >= 3 ? `A${n}s` : `A${n}`].map((result) => ({ result,
    note: 'the attacking units share the points, their owner choosing among several (our reading: only the defenders\' number is "每一支")',
    effects: [{ points: n, value: 'attrition', of: 'attackers', times: HQ_DOUBLE, rule: '15.7.1, 15.7.2' },
      ...(result.endsWith('s') ? [ENGINEERS_LOST('wp-engineers-attack')] : [])] }))),
  ...[1, 2, 3, 4, 5].flatMap((n) => [n >= 3 ? `D${n}s` : `D${n}`].map((result) => ({ result,
    effects: [{ points: n, value: 'attrition', of: 'defenders', each: true, times: HQ_DOUBLE, rule: '15.7.1, 15.7.2' },
      ...(result.endsWith('s') ? [ENGINEERS_LOST('wp-engineers-defence')] : []), ...FORT_DOWN] }))),
];
// 15.6.1: the defence modifiers of the posture chart (ours; the posture markers carry the same values), and the postures it gives none
const POSTURE_MODS = { defence: -2, 'strong-defence': -3, 'active-defence': -1, refit: 2 };
const POSTURES_WITHOUT = "['posture-assault-march', 'posture-tactical', 'posture-screen', 'posture-recon', 'posture-barrage', 'posture-shoot-and-scoot', 'posture-close-support', 'posture-farp', 'posture-rest']";
const FORT = (n) => `any(defenders.here-markers, ['nato-fortification-${n}', 'wp-fortification-${n}'])`;
const SCREEN = (b) => `any(${b}.markers, ['posture-screen', 'posture-recon'])`;
// 15.5: the strengths the two sides fight with (the values above), for the whole attacking and defending groups.
const CLEAR = "not any(defenders.terrain, ['town', 'rough', 'forest', 'marsh', 'urban'])";
const ARMOUR_ATTACKS = "attackers.types has 'armor'";
const DEF_POSTURE = "any(defenders.markers, ['posture-defence', 'posture-strong-defence', 'posture-active-defence', 'posture-screen'])";
const ATTACK = "if defenders.terrain has 'urban' and any(defenders.types, ['mech', 'motorised', 'infantry']) then attackers.att-urban else attackers.attack";
const DEFENCE = `if ${ARMOUR_ATTACKS} and ${CLEAR} and not ${DEF_POSTURE} then defenders.def-open else if ${ARMOUR_ATTACKS} or ${CLEAR} then defenders.def-armour else defenders.defence`;
const SEASON = 'if turn.month >= 3 and turn.month <= 5 then 1 else if turn.month >= 6 and turn.month <= 8 then 2 else if turn.month >= 9 and turn.month <= 11 then 3 else 4';
const AIR_REGAIN = [['regain 1/4 of the air points used (round down)', '1 / 4'], ['regain 1/2 of the air points used (round down)', '1 / 2'],
  ['regain 3/4 of the air points used (round down)', '3 / 4'], ['current air points back to the maximum', 1]];
const procedures = [
  { id: 'ground-combat', name: 'Ground combat', dice: '1d10', table: 'ground-combat', rule: '15',
    // 15.1.4 "以进攻方的战斗战力值减去防御方的战斗战力值", with the strengths of 15.5.
    inputs: [{ id: 'differential', name: 'Initial differential: attack strength minus defence strength (15.1 step 4, 15.5)', value: `(${ATTACK}) - (${DEFENCE})`, rule: '15.1.4, 15.5' }],
    column: 'differential', modifiersTo: 'column',
    binds: [{ id: 'attackers', name: 'the attacking units', kind: 'pieces', required: true },
      { id: 'defenders', name: 'the defending units the defender names (15.4)', kind: 'pieces', required: true },
      { id: 'engineers', name: 'the WP units in the combat whose attached assault engineers the WP player commits (15.6.12.1)', kind: 'pieces' }],
    groups: [{ id: 'terrain', name: 'Best single terrain for the defender (15.6.5.1)', pick: 'lowest', rule: '15.6.5' },
      { id: 'fortification', name: 'The fortification of the defenders\' hex', pick: 'lowest', rule: '15.6.6' },
      { id: 'engagement', name: 'Half-engaged +1 or engaged +2 (15.6.14.1)', pick: 'highest', rule: '15.6.14' },
      { id: 'posture', name: 'The defenders\' posture: the modifier worst for the defender (15.6.1.3)', pick: 'highest', rule: '15.6.1' },
      { id: 'weakening', name: 'A fortification one level less: engineer points or attached engineers, once (31.4.2d, 37.3.3)', pick: 'highest', rule: '31.4, 37.3.3' }],
    modifiers: [
      mod_('hasty', 'Hasty assault', -2, '15.2, 15.6.2'),
      // 15.6.3 "以进攻方的骨干战力评级减去防御方的骨干战力评级 … 取所有防御单位中最低的骨干战力评级": several attackers count
      // with their lowest rating too (ours: the book names one attacker).
      computed('cadre', 'Cadre: attacker rating minus the lowest defender rating', 'attackers.lowest.cadre - defenders.lowest.cadre', '15.6.3'),
      // 15.6.4 "若不同国籍的北约单位在同一六边形格内共同防御，进攻方获得+2的战斗修正值"
      mod_('nato-mixed', 'NATO units of different nations defend together', 2, '15.6.4', "defenders.sides has 'nato' and count(defenders.nations) > 1"),
      mod_('terrain-town', 'Defender in town (best single terrain modifier only)', -1, '15.6.5 (value ours)', `defenders.terrain has 'town'`, 'terrain'),
      mod_('terrain-rough', 'Defender in rough (best single terrain modifier only)', -1, '15.6.5 (value ours)', `defenders.terrain has 'rough'`, 'terrain'),
      mod_('terrain-marsh', 'Defender in marsh (best single terrain modifier only)', -1, '15.6.5 (value ours)', `defenders.terrain has 'marsh'`, 'terrain'),
      mod_('terrain-forest', 'Defender in forest (best single terrain modifier only)', -2, '15.6.5 (value ours)', `defenders.terrain has 'forest'`, 'terrain'),
      mod_('terrain-urban', 'Defender in urban (best single terrain modifier only)', -3, '15.6.5 (value ours)', `defenders.terrain has 'urban'`, 'terrain'),
      mod_('obstacle-minor', 'Attack across a minor river or canal (best single obstacle only)', -2, '15.6.5 (value ours)'),
      mod_('obstacle-major', 'Attack across a major river (best single obstacle only)', -4, '15.6.5 (value ours)'),
      mod_('fort-1', 'Fortification level 1 in the defender\'s hex', -1, '15.6.6, 31.3.3', FORT(1), 'fortification'),
      mod_('fort-3', 'Fortification level 3 in the defender\'s hex', -3, '15.6.6, 31.3.3', FORT(3), 'fortification'),
      mod_('fort-weakened', 'Fortification weakened by engineer points: one level less (1: 0, 3: -2)', 1, '31.4.2d', undefined, 'weakening'),
      // 37.3.3 "配属工兵力量的华约单位，可将敌方防御工事带来的…战斗修正值…降低1级…该效果的触发无需将工兵力量投入战斗"
      mod_('fort-engineers', 'WP attacker with engineers attached: the fortification one level less', 1, '37.3.3',
        `attackers.sides has 'wp' and attackers.markers has 'engineers-attached' and (${FORT(1)} or ${FORT(3)})`, 'weakening'),
      // 15.6.7 "以进攻方单位的损耗点数减去防御方单位的损耗点数 … 累加所有防御单位的总损耗点数": the book's sign, as written.
      computed('attrition', 'Attrition points: the attackers\' minus the defenders\' total', 'attackers.attrition - defenders.attrition', '15.6.7'),
      mod_('defender-resting', 'A defending unit is resting', 3, '15.6.8', "defenders.markers has 'posture-rest'"),
      mod_('ew', 'Electronic warfare result (give the amount)', undefined, '15.6.9, 24.4'),
      mod_('attacker-support', 'Attacker combat support result (give the amount)', undefined, '15.6.10, 16'),
      mod_('defender-support', 'Defender combat support result (give the amount, negative)', undefined, '15.6.10, 16'),
      mod_('recon', 'Supporting reconnaissance unit (+1 attrition to it)', 2, '15.6.11'),
      // 15.6.12.1-2 "华约玩家可选择投入该工兵力量 … 在华约发起攻击时提供+2 … 在华约执行防御时提供-1": committing them is naming
      // the units in `engineers=`; 15.6.12.4 "投入多个工兵单位，无额外修正效果": one modifier however many
      { ...mod_('wp-engineers-attack', 'WP assault engineers committed, WP attacking', 2, '15.6.12.2', "engineers.count > 0 and attackers.sides has 'wp'"), named: false },
      { ...mod_('wp-engineers-defence', 'WP assault engineers committed, WP defending', -1, '15.6.12.2', "engineers.count > 0 and defenders.sides has 'wp'"), named: false },
      // 15.6.1 "进攻方与防御方单位的态势，均可能提供战斗修正值（详见态势表）" (the chart's values ours: the posture markers'
      // defence modifiers; our chart gives an attacker's posture none); 15.6.1.3 "若有多个单位参与防御，取对防御方最不利的战斗修正值"
      ...Object.entries(POSTURE_MODS).map(([p, v]) => mod_(`posture-${p}`, `A defender in ${p} posture`, v, '15.6.1 (value ours)', `defenders.markers has 'posture-${p}'`, 'posture')),
      mod_('posture-other', 'A defender in a posture the chart gives no modifier', 0, '15.6.1 (value ours)', `any(defenders.markers, ${POSTURES_WITHOUT})`, 'posture'),
      // 15.6.1.2 "若任意防御单位处于态势过渡状态，其态势带来的所有战斗修正值均增加2": derived for a single defender; with
      // several the player names it when the unit in transition gives the worst modifier (the markers of several are not told apart)
      mod_('posture-transition', 'The defender is changing posture: its posture modifier +2', 2, '15.6.1.2', "defenders.count == 1 and defenders.markers has 'posture-transition'"),
      // 15.6.13 "每有一个额外的、包含进攻方作战单位且与遭攻击格相邻的六边形格，进攻方获得+2 … 包含防御方作战单位 … -1":
      // the hexes around the defenders' hex holding the side's combat units not resting or refitting, the attack's own hex not counted.
      computed('adjacent-attackers', 'Each further hex of attacking combat units adjacent to the target: +2 each',
        `2 * max(0, hexes-around(defenders.location, attackers.sides, ${COMBAT}, ${NOT_COUNTED}) - 1)`, '15.6.13'),
      computed('adjacent-defenders', 'Each further hex of defending combat units adjacent to the target: -1 each',
        `0 - hexes-around(defenders.location, defenders.sides, ${COMBAT}, ${NOT_COUNTED})`, '15.6.13'),
      mod_('defender-half-engaged', 'A defending unit is half-engaged', 1, '15.6.14', "defenders.markers has 'half-engaged'", 'engagement'),
      mod_('defender-engaged', 'A defending unit is engaged', 2, '15.6.14', "defenders.markers has 'engaged'", 'engagement'),
      mod_('attacker-half-engaged', 'The attacking unit is half-engaged', -2, '15.6.14', "attackers.markers has 'half-engaged'"),
      mod_('defender-delayed', 'A defending unit is delayed', 3, '15.6.15', "defenders.markers has 'delay'"),
      weather('night', 'Night', -1, '15.6.16 (value ours)', 'turn.night == 1'),
      weather('fog', 'Fog', -2, '15.6.16 (value ours)', 'track.fog == 1'),
      weather('precipitation', 'Precipitation', -1, '15.6.16 (value ours)', 'track.precipitation == 1'),
      mod_('chemical', 'Chemical weapons (give the amount and sign)', undefined, '15.6.17, 26.3.1'),
      // 15.6.18 by each unit's posture: derived for a single unit (the markers of several are not told apart), named otherwise.
      mod_('attacker-ooc-screen', 'Attacker out of command, screen/recon posture', -2, '15.6.18', `attackers.count == 1 and attackers.markers has 'out-of-command' and ${SCREEN('attackers')}`),
      mod_('attacker-ooc', 'Attacker out of command, other posture', -4, '15.6.18', `attackers.count == 1 and attackers.markers has 'out-of-command' and not ${SCREEN('attackers')}`),
      mod_('defender-ooc-screen', 'A defender out of command, screen/recon posture', 1, '15.6.18', `defenders.count == 1 and defenders.markers has 'out-of-command' and ${SCREEN('defenders')}`),
      mod_('defender-ooc', 'A defender out of command, other posture', 3, '15.6.18', `defenders.count == 1 and defenders.markers has 'out-of-command' and not ${SCREEN('defenders')}`),
      mod_('forward-command-attacker', 'Attacker uses forward command', 2, '15.6.19'),
      mod_('forward-command-defender', 'Defender uses forward command', -2, '15.6.19'),
      mod_('wp-into-rear', 'WP attacks a hex in its rear area', -3, '15.6.20'),
      mod_('wp-from-rear', 'WP defends against an attack from its rear area', 3, '15.6.20'),
      mod_('event', 'Event or action card (give the amount)', undefined, '15.6.21'),
    ],
    requires: [
      { rule: '15.6.12.1', when: "engineers.markers has 'engineers-attached' and not any(engineers.sides, ['nato']) and (any(engineers.ids, attackers.ids) or any(engineers.ids, defenders.ids))",
        message: 'the engineers committed are attached to WP units in this combat (15.6.12.1: "若直接参与战斗的华约单位已分配工兵力量")' },
      { rule: '15.4', when: "defenders.location != ''", message: 'the defending units stand in the one hex attacked (15.4: "遭攻击的六边形格内")' },
      { rule: '15', when: "count(attackers.sides) == 1 and not any(attackers.sides, defenders.sides)", message: 'the attackers are one side\'s units, the defenders the other\'s' },
      { rule: '15', when: "distance(attackers.locations, defenders.location) == 1 and not (attackers.locations has defenders.location)",
        message: 'every attacking unit is adjacent to the defenders\' hex (15: "对包含敌军单位的相邻六边形格发起攻击")' },
    ],
    outcomes: combatOutcomes },
  { id: 'attacker-support', name: 'Attacker combat support', dice: '1d10', table: 'attacker-support', column: 'support',
    inputs: [{ id: 'support', name: 'Attacker support points' }], rule: '16, 15.1 step 8' },
  { id: 'defender-support', name: 'Defender combat support', dice: '1d10', table: 'defender-support', column: 'support',
    inputs: [{ id: 'support', name: 'Defender support points' }], rule: '16, 15.1 step 8' },
  { id: 'electronic-warfare', name: 'Electronic warfare', dice: '1d10', table: 'electronic-warfare', column: 'ew',
    inputs: [{ id: 'ew', name: 'EW points of the HQs in reach (24.3.1-2)' }],
    modifiers: [mod_('enemy-ew', 'Enemy EW points committed to this combat: -1 per 2 (give the amount)', undefined, '24.3.3 (ours)')], rule: '24.3' },
  // 29.1.2 "若大雾为可能出现的天气，华约玩家掷骰查阅天气表：若结果为F，当前回合为大雾天气" — the season from the turn's month (ours:
  // spring 3-5, summer 6-8, autumn 9-11, winter 12-2), the roll only in a turn where fog is possible, F sets the fog track.
  { id: 'fog', name: 'Weather: fog', dice: '1d10', table: 'weather-fog', column: 'season', rule: '29.1.2',
    inputs: [{ id: 'season', name: 'Season (from the month: 1 spring, 2 summer, 3 autumn, 4 winter)', value: SEASON, rule: '29.1.2 (seasons ours)' }],
    requires: [{ rule: '29.1.2.2', when: 'turn.fog-possible == 1', message: 'fog is not possible this turn (29.1.2.1: the turn record says so)' },
      { rule: '29.1.2', when: "phase == 'weather'", message: 'the weather is rolled in the weather phase' }],
    // owed by WP in every weather phase of a turn where fog is possible: the phase cannot end before it
    owed: [{ phase: 'weather', side: 'wp', when: 'turn.fog-possible == 1', rule: '29.1.2.2' }],
    outcomes: [{ result: 'F', effects: [{ track: 'fog', by: 1, rule: '29.1.2.2' }] }] },
  // 29.1.2.3 "无论大雾判定结果如何，华约玩家需再次掷骰查阅天气表判定降水：若结果为P，当前回合为降水天气"; 29.1.2.4 "大雾回合中，降水判定的掷骰需施加+2修正值".
  { id: 'precipitation', name: 'Weather: precipitation', dice: '1d10', table: 'weather-precipitation', column: 'season', rule: '29.1.2',
    inputs: [{ id: 'season', name: 'Season (from the month: 1 spring, 2 summer, 3 autumn, 4 winter)', value: SEASON, rule: '29.1.2 (seasons ours)' }],
    modifiers: [weather('fog', 'Fog this turn', 2, '29.1.2.4', 'track.fog == 1')],
    requires: [{ rule: '29.1.2', when: "phase == 'weather'", message: 'the weather is rolled in the weather phase' }],
    // "无论大雾判定结果如何": owed by WP in every weather phase
    owed: [{ phase: 'weather', side: 'wp', rule: '29.1.2.3' }],
    outcomes: [{ result: 'P', effects: [{ track: 'precipitation', by: 1, rule: '29.1.2.3' }] }] },
  // 34.3 "掷出10点时，从己方事件牌组抽取最上方的一张事件卡"; 34.4 "每增加一张棋盘，触发点数要求降低1点": +1 per map sheet beyond the first.
  { id: 'event-check', name: 'Event check (a 10 draws; each map sheet beyond the first +1)', dice: '1d10', table: 'event-check', rule: '34.3, 34.4',
    modifiers: [computed('map-sheets', 'Map sheets beyond the first: +1 each', 'board.sheets - 1', '34.4')],
    requires: [{ rule: '34.3', when: "phase == 'event'", message: 'the event check is rolled in the event phase' }],
    // 34.3 "事件阶段，双方各自掷骰": each side owes its roll in its segment of the event phase
    owed: [{ phase: 'event', segment: 'wp-event-roll', side: 'wp', rule: '34.3' }, { phase: 'event', segment: 'nato-event-roll', side: 'nato', rule: '34.3' }],
    // "掷出10点时，从己方事件牌组抽取最上方的一张事件卡": the roller owes the draw from his own deck (his next segment: the
    // draw is sealed with the opponent's reply); "若己方事件牌组无卡可抽，此次掷骰结果无效": an empty deck owes none
    outcomes: [{ result: 'draw an event card', effects: [{ draw: ['nato-events', 'wp-events'], count: 1, rule: '34.3' }] }] },
  ...[['nato', 'NORTHAG 2'], ['wp', 'Northern Front 2']].map(([side, zone]) => ({
    id: `${side}-air-points`, name: `Air point recovery: ${zone} zone`, dice: '1d10', table: 'air-points', rule: '19.2',
    // 29.4.4 "夜间、降水或大雾回合中 … 在查阅空中点数表时可能需承受负向掷骰修正值": from the turn and the weather tracks.
    modifiers: [weather('night', 'Night turn', -2, '29.4.4 (value ours)', 'turn.night == 1'), weather('fog', 'Fog', -1, '29.4.4 (value ours)', 'track.fog == 1'),
      weather('precipitation', 'Precipitation', -1, '29.4.4 (value ours)', 'track.precipitation == 1'),
      ...(side === 'wp' ? [mod_('wp', 'Warsaw Pact zone', -1, '19.2.2 (value ours)', 'true')] : []),
      mod_('airfields-hit', 'Enemy deep strike on airfields this turn (give the amount)', undefined, 'ours')],
    requires: [{ rule: '19.2', when: "phase == 'air'", message: 'air points are regained in the air point phase' }],
    // 19.2.1 "空中点数阶段，玩家需为每个空中区域参照空中点数表掷骰": each zone's owner owes its roll
    owed: [{ phase: 'air', side, rule: '19.2.1' }],
    // 19.2.1 "按掷骰结果为对应区域补充当前可用空中点数"; 19.2.3 never above the maximum.
    outcomes: AIR_REGAIN.map(([result, part]) => ({ result, effects: [{ track: `${side}-air-current`, rule: '19.2.1, 19.2.3',
      by: `floor((track.${side}-air-max - track.${side}-air-current)${part === 1 ? '' : ` * ${part}`})` }] })),
  })),
  { id: 'bombardment', name: 'Bombardment', dice: '1d10', table: 'bombardment', column: 'points',
    inputs: [{ id: 'points', name: 'Barrage or air points committed' }],
    modifiers: [mod_('detection', 'Target detection level (give the amount)', undefined, 'ours'),
      mod_('chemical', 'Chemical bombardment modifier (26.3.2)', undefined, '26.3.2'), mod_('terrain', 'Target terrain (give the amount)', undefined, 'ours')],
    modifierLimit: { min: -1, max: 2 } },
  { id: 'interdiction', name: 'Interdiction', dice: '1d10', table: 'interdiction', column: 'points',
    inputs: [{ id: 'points', name: 'Barrage or air points committed' }] },
  { id: 'chemical-combat', name: 'Chemical warfare combat modifier', dice: '1d10', table: 'chemical-combat', rule: '26.3.1' },
  { id: 'chemical-bombardment', name: 'Chemical warfare bombardment modifier', dice: '1d10', table: 'chemical-bombardment', rule: '26.3.2' },
  chemicalRemoval,
  { id: 'nuclear-attack', name: 'Nuclear attack', dice: '1d10', table: 'nuclear-attack', column: 'points', rule: '27.3',
    inputs: [{ id: 'points', name: 'Nuclear points delivered (air point: up to 4; missile unit: up to 5; gun: up to its full barrage, 27.2)' }],
    modifiers: [mod_('terrain', 'Best single terrain modifier for the target (give the amount)', undefined, '27.3.1')] },
  { id: 'nuclear-dissipation', name: 'Nuclear contamination dissipation', dice: '1d10', table: 'nuclear-dissipation', rule: '27.4.6' },
  { id: 'emergency-demolition', name: 'Emergency bridge demolition', dice: '1d10', table: 'emergency-demolition', rule: '32.1.1',
    modifiers: [mod_('enemy-adjacent', 'Bridge adjacent to enemy combat units (needs 7+)', -2, '32.1.1a')] },
  { id: 'prepared-demolition', name: 'Prepared bridge demolition', dice: '1d10', table: 'prepared-demolition', rule: '32.1.3',
    modifiers: [mod_('enemy-adjacent', 'Bridge adjacent to enemy combat units (needs 5+)', -2, '32.1.3.2')] },
  { id: 'hasty-crossing', name: 'Hasty river crossing', dice: '1d10', table: 'hasty-crossing', rule: '15.3.5, 15.8.6, 29.2.4',
    modifiers: [mod_('night', 'Night', -2, '29.2.4'), mod_('major', 'Major river', -1, 'ours')] },
  { id: 'disengagement', name: 'Disengagement', dice: '1d10', table: 'disengagement', rule: '8.7 (ours), 15.3, 15.8',
    modifiers: [mod_('support', 'Combat support committed by the disengaging side (give the amount)', undefined, '16'),
      mod_('night', 'Night', 1, 'ours'), mod_('engaged', 'Unit engaged', -2, 'ours'), mod_('enemy-recon', 'Enemy reconnaissance adjacent', -1, 'ours')] },
  { id: 'airborne-drop', name: 'Airborne drop', dice: '1d10', table: 'airborne-drop', rule: '38.1.4b' },
  { id: 'air-defence', name: 'Air defence fire', dice: '1d10', table: 'air-defence', rule: '22.1 (ours)',
    modifiers: [mod_('aa', 'Air defence strength in range (give the amount)', undefined, 'ours'), mod_('ew', 'EW suppression (give the amount)', undefined, 'ours')] },
  { id: 'signals-intelligence', name: 'Signals intelligence', dice: '1d10', table: 'intelligence', column: 'ew',
    inputs: [{ id: 'ew', name: 'EW points of the deployed HQ' }], rule: '25.1' },
  { id: 'recon-intelligence', name: 'Reconnaissance intelligence', dice: '1d10', table: 'intelligence', column: 'air',
    inputs: [{ id: 'air', name: 'Air points spent (up to 3) x 2' }], rule: '25.2' },
];
write('tables.json', 'tables', { tables, procedures });

// ---------------------------------------------------------------- sequence.json
// 3-hour turns; night by month (29.1.1): Dec-Jan H18-H06, Feb/Mar/Oct/Nov H18-H03, Apr/May/Jul-Sep H21-H03, Jun H00-H03.
const night = (id, name, months, hours) => ({ id, name, months, hours, values: { night: 1, 'fog-possible': 1 } });
const sequence = {
  firstTurn: 1,
  lastTurn: 40,
  clock: { start: '1985-08-04T06:00+02:00', minutes: 180 },
  turnTypes: [
    night('night-winter', 'Night (December, January: H18-H06)', '12,1', '0-5,18-23'),
    night('night-equinox', 'Night (February, March, October, November: H18-H03)', '2-3,10-11', '0-2,18-23'),
    night('night-summer', 'Night (April, May, July-September: H21-H03)', '4-5,7-9', '0-2,21-23'),
    night('night-june', 'Night (June: H00-H03)', '6', '0-2'),
    { id: 'morning', name: 'Morning (fog possible)', hours: '3-11', values: { night: 0, 'fog-possible': 1 } },
    { id: 'day', name: 'Day', hours: '12-23', values: { night: 0, 'fog-possible': 0 } },
  ],
  phases: [
    { id: 'weather', name: 'Weather phase (29.1: fog and precipitation rolled by WP; grounded air points 29.4)', active: 'wp' },
    { id: 'event', name: 'Event phase (34.3: each side rolls event-check; new cards join the decks at its start, 34.2, 35.2; air/EW/engineer/command reinforcements 33.1-33.4)', active: 'all',
      // phases both sides play end when each has said next (34.3 "双方各自掷骰", 19.2, 19.3, 25; README):
      // the scenario's scheduled cards and WP's roll pass at one next, NATO's roll (the last) waits for both
      ends: 'each',
      segments: [{ id: 'add-cards', name: 'Add scheduled cards and reshuffle', ends: 'any' }, { id: 'wp-event-roll', name: 'WP event roll', ends: 'any' }, { id: 'nato-event-roll', name: 'NATO event roll' }] },
    { id: 'air', name: 'Air point phase (19.2: each air zone rolls on the air point table)', active: 'all', ends: 'each' },
    { id: 'command', name: 'Command phase (14: orders, CAS zones 19.3)', active: 'all', ends: 'each' },
    { id: 'bombardment', name: 'Bombardment phase (bombardment, interdiction, intelligence 25)', active: 'all', ends: 'each' },
    { id: 'wp-engineer', name: 'WP engineer phase (31, 32, 37)', active: 'wp' },
    { id: 'wp-maneuver', name: 'WP maneuver phase (movement, ground combat 15, ground reinforcements 33.5)', active: 'wp' },
    { id: 'wp-attrition', name: 'WP attrition removal phase (30: supply hubs)', active: 'wp' },
    { id: 'nato-engineer', name: 'NATO engineer phase (31, 32)', active: 'nato' },
    { id: 'nato-maneuver', name: 'NATO maneuver phase (movement, ground combat 15, reinforcements 33.5-33.7)', active: 'nato' },
    { id: 'nato-attrition', name: 'NATO attrition removal phase (30)', active: 'nato' },
    { id: 'cleanup', name: 'Cleanup phase (remove breakthrough markers 15.9.4)', active: 'none' },
    { id: 'end', name: 'End phase (chemical 26.2.2.9 and nuclear 27.4.6 contamination rolls)', active: 'none' },
  ],
};
write('sequence.json', 'sequence', sequence);

// ---------------------------------------------------------------- decks (card texts ours)
const card = (id, name, phase, text, extra = {}) => ({ id, name, values: { phase }, text, ...extra });
const dup = (base, n, make) => Array.from({ length: n }, (_, i) => make(`${base}-${i + 1}`));
const natoEvents = [
  ...dup('ne-air-reinforcement', 2, (id) => card(id, 'Allied squadrons arrive', 'event', 'Raise the NORTHAG 2 air point maximum and current value by 2.')),
  card('ne-jammer-failure', 'Enemy jammer failure', 'maneuver', 'Play in a ground combat: the WP side may not use EW points in this combat.'),
  card('ne-stay-behind', 'Stay-behind sabotage', 'bombardment', 'Choose a WP supply hub more than 4 hexes from any NATO unit: it is removed until the next WP attrition removal phase.'),
  card('ne-heimatschutz', 'Territorials mobilise early', 'maneuver', 'One Heimatschutz brigade due on a later turn arrives now (33.6 placement rules apply).'),
  card('ne-bridge-ready', 'Demolition charges in place', 'engineer', 'Place a bridge-mined marker on one permanent bridge in NATO territory at no engineer cost.'),
  card('ne-good-intel', 'Reconnaissance photographs', 'bombardment', 'Place an intel-2 marker on any hex within 6 hexes of a NATO unit.'),
  card('ne-counterattack', 'Local counterattack', 'maneuver', 'Play in a ground combat in which NATO attacks: +2 combat modifier.'),
  card('ne-refugees', 'Refugee columns', 'wp-maneuver', 'Play at the start of the WP maneuver phase: WP units pay +1 MP per road hex in NATO territory this phase.'),
  card('ne-air-defence', 'Air defence ambush', 'any', 'Play when WP air points are committed: halve them (round down) before air defence fire.'),
];
const natoSets = { opening: natoEvents.filter((c) => !['ne-heimatschutz', 'ne-air-reinforcement-2'].includes(c.id)).map((c) => c.id), 'day-2': ['ne-heimatschutz', 'ne-air-reinforcement-2'] };
const wpEvents = [
  ...dup('we-second-echelon', 2, (id) => card(id, 'Second echelon on time', 'maneuver', 'One WP ground reinforcement group due next turn enters this turn.')),
  // 34.7 "事件卡使用完毕后，放入己方弃牌堆": the card goes to the discard pile; the supply hub it names leaves the game.
  card('we-spetsnaz', 'Spetsnaz raid', 'bombardment', 'Remove one NATO supply hub from the game (30.3.3.2).'),
  card('we-rec', 'Radio-electronic combat', 'maneuver', 'Play in a ground combat: NATO HQs count as out of command for it (E3).'),
  card('we-frontal-aviation', 'Frontal Aviation surge', 'event', 'Raise the Northern Front 2 current air points by 4 (not above the maximum).'),
  card('we-maskirovka', 'Maskirovka', 'bombardment', 'Remove every intel marker within 4 hexes of one WP HQ.'),
  card('we-traffic', 'Traffic jam at the crossings', 'nato-event', 'Drawn by WP but bad news: WP units crossing the Elbe this turn pay +2 MP. Play at once.'),
  card('we-commander', 'Divisional commander killed', 'nato-event', 'Drawn by WP but bad news: one WP division HQ of the NATO player\'s choice is out of command this turn.'),
  card('we-chemical-stocks', 'Chemical stocks released', 'event', 'If chemical warfare has been declared, one combat this turn may add the chemical modifier twice.'),
  card('we-bridge-seized', 'Bridge seized intact', 'maneuver', 'Remove a bridge-mined marker from one bridge adjacent to a WP unit.'),
];
const wpSets = { opening: wpEvents.filter((c) => !['we-chemical-stocks', 'we-second-echelon-2'].includes(c.id)).map((c) => c.id), 'day-2': ['we-chemical-stocks', 'we-second-echelon-2'] };
write('decks/nato-events.json', 'deck', {
  id: 'nato-events', name: 'NATO event deck (34)', owner: 'nato', secret: true, reshuffle: 'never',
  cards: natoEvents, sets: natoSets, initial: ['opening'],
});
write('decks/wp-events.json', 'deck', {
  id: 'wp-events', name: 'WP event deck (34)', owner: 'wp', secret: true, reshuffle: 'never',
  cards: wpEvents, sets: wpSets, initial: ['opening'],
});
const natoActions = [
  card('na-deep-strike', 'Follow-on forces attack', 'bombardment', 'Spend 2 air points: one WP unit not adjacent to a NATO unit gains 2 attrition points.'),
  card('na-sf-raid', 'Special forces raid', 'bombardment', 'One WP HQ within 8 hexes of a NATO unit loses 1 command point.'),
  card('na-airmobile', 'Airmobile insertion', 'maneuver', 'One NATO airborne-capable unit makes an airborne drop (38).'),
  card('na-counter-battery', 'Counter-battery programme', 'bombardment', 'One WP artillery unit within 6 hexes of a NATO artillery unit gains 1 attrition point.'),
  card('na-barrier', 'Barrier minefield', 'engineer', 'Place a nato-fortification-1 marker in an empty NATO-held hex without spending engineer points.'),
  card('na-reforger', 'Reforger air-lift', 'event', 'Raise the NORTHAG 2 air point maximum by 1 for the rest of the game.'),
];
const wpActions = [
  card('wa-air-assault', 'Air-assault landing', 'maneuver', 'One WP airborne-capable unit makes an airborne drop (38).'),
  card('wa-omg', 'Operational manoeuvre group', 'maneuver', 'One WP division whose units are all in tactical or assault-march posture ignores NATO blocking units this phase.'),
  card('wa-deep-air', 'Air operation against airfields', 'air', 'Spend 4 air points: NATO rolls on the air point table at -2 this turn.'),
  card('wa-bridge-seizure', 'Spetsnaz bridge seizure', 'engineer', 'Remove the bridge-mined marker from any one bridge.'),
  card('wa-artillery-offensive', 'Artillery offensive', 'maneuver', 'Every WP artillery unit may use its barrage once this phase without gaining attrition.'),
  card('wa-chemical-prep', 'Chemical preparation', 'maneuver', 'If chemical warfare has been declared: one ground combat this phase gains +2 in addition to the chemical roll.'),
];
write('decks/nato-actions.json', 'deck', {
  // 35.1 "随后将牌组置于一旁，'行动/ДЕЙСТВИЕ'面朝上" and 35 "玩家可完全自主控制行动卡的使用时机与使用方式": the owner holds the whole
  // deck in an open hand and plays any card at will (35.3: no limit a turn); played, it goes to his discard pile (35.4).
  id: 'nato-actions', name: 'NATO action deck (35): the whole deck is in NATO\'s open hand', owner: 'nato', secret: false, openHand: true, reshuffle: 'never',
  cards: natoActions, sets: { opening: ['na-deep-strike', 'na-sf-raid', 'na-counter-battery', 'na-barrier'], airmobile: ['na-airmobile', 'na-reforger'] }, initial: ['opening'],
});
write('decks/wp-actions.json', 'deck', {
  id: 'wp-actions', name: 'WP action deck (35): the whole deck is in WP\'s open hand', owner: 'wp', secret: false, openHand: true, reshuffle: 'never',
  cards: wpActions, sets: { opening: ['wa-omg', 'wa-deep-air', 'wa-bridge-seizure', 'wa-artillery-offensive'], airborne: ['wa-air-assault', 'wa-chemical-prep'] }, initial: ['opening'],
});

// ---------------------------------------------------------------- scenario
const wpHex = (c, r) => { const l = L(c, r); if (!isWP(l)) throw new Error(`${l} is not WP territory`); return l; };
const natoHex = (c, r) => { const l = L(c, r); if (isWP(l)) throw new Error(`${l} is WP territory`); return l; };
const setup = [];
const put = (piece, at, extra = {}) => setup.push({ piece, at, ...extra });
const posture = (m) => ({ markers: [`posture-${m}`] });
// NATO covering force and main defence (ours).
put('ge-1k-hq', P.hannover, { face: 'deployed' });
put('ge-1k-art', natoHex(14, 11), posture('barrage'));
put('ge-1k-heli', natoHex(12, 10), posture('farp'));
put('ge-1pzd-hq', P.braunschweig, { face: 'deployed' });
put('ge-1pzd-art', natoHex(24, 11), posture('barrage'));
put('ge-1pzd-recon', natoHex(29, 11), posture('screen'));
put('ge-pzgren1', natoHex(28, 13), posture('defence'));
put('ge-pz2', natoHex(27, 10), posture('tactical'));
put('ge-pz3', natoHex(25, 14), posture('tactical'));
put('ge-3pzd-hq', P.gifhorn, { face: 'deployed' });
put('ge-3pzd-art', natoHex(23, 5), posture('barrage'));
put('ge-3pzd-recon', natoHex(29, 4), posture('screen'));
put('ge-pzgren7', natoHex(27, 3), posture('defence'));
put('ge-pz8', natoHex(28, 7), posture('tactical'));
put('ge-pz9', natoHex(25, 6), posture('tactical'));
put('ge-1pzd-t', P.peine, { face: 'inactive' });
put('ge-3pzd-t', P.celle, { face: 'inactive' });
put('br-1c-hq', P.hildesheim, { face: 'deployed' });
put('br-1c-art', natoHex(18, 18), posture('barrage'));
put('br-1c-heli', natoHex(16, 17), posture('farp'));
put('br-1ad-hq', P.salzgitter, { face: 'deployed' });
put('br-1ad-art', natoHex(22, 19), posture('barrage'));
put('br-1ad-recon', natoHex(26, 19), posture('screen'));
put('br-7ab', natoHex(27, 17), posture('defence'));
put('br-12ab', natoHex(26, 20), posture('defence'));
put('br-22ab', natoHex(24, 17), posture('tactical'));
// Warsaw Pact first echelon (ours).
put('su-3sa-hq', P.magdeburg, { face: 'deployed' });
put('su-3sa-art', wpHex(38, 14), posture('barrage'));
put('su-3sa-mrl', wpHex(37, 11), posture('barrage'));
put('su-3sa-missile', wpHex(44, 17), posture('barrage'));
put('su-3sa-heli', wpHex(40, 12), posture('farp'));
const suPlace = {
  '47gtd': [[36, 12], [31, 9], [33, 12], [34, 14], [32, 8], [33, 11], [35, 11]],
  '10gtd': [[37, 19], [33, 17], [28, 20], [33, 16], [33, 15], [30, 19], [34, 18]],
  '207mrd': [[38, 5], [32, 3], [31, 5], [33, 6], [33, 3], [34, 4], [35, 5]],
  '12gtd': [[42, 9], [40, 8], [41, 10], [43, 11], [42, 7], [40, 10], [44, 9]],
};
for (const [div, spots] of Object.entries(suPlace)) {
  const kind = div === '207mrd' ? ['mrr1', 'mrr2', 'mrr3', 'tr'] : ['tr1', 'tr2', 'tr3', 'mrr'];
  const ids = [`su-${div}-hq`, `su-${div}-art`, `su-${div}-recon`, ...kind.map((k) => `su-${div}-${k}`)];
  ids.forEach((id, i) => put(id, wpHex(...spots[i]), id.endsWith('-hq') ? { face: 'deployed' } : posture(id.endsWith('-art') ? 'barrage' : id.endsWith('-recon') ? 'recon' : i > 4 && div === '12gtd' ? 'tactical' : 'assault-march')));
}
put('gdr-gr1', wpHex(31, 22), posture('screen'));
put('gdr-gr2', wpHex(30, 25), posture('screen'));
const reinforcements = [];
const rein = (piece, turn, at, note, extra = {}) => reinforcements.push({ piece, turn, at, note, ...extra });
// 11. PzGrenDiv from the west along the autobahn, 4th Armoured Division from the south-west (ours).
for (const [i, id] of ['ge-11pzgd-hq', 'ge-11pzgd-art', 'ge-11pzgd-recon', 'ge-pzgren31', 'ge-pzgren32', 'ge-pz33'].entries()) rein(id, 3 + Math.floor(i / 3), '0108', 'enters along Autobahn 2 (33.5)', id.endsWith('-hq') ? { face: 'moving' } : {});
for (const [i, id] of ['br-4ad-hq', 'br-4ad-art', 'br-4ad-recon', 'br-11ab', 'br-20ab', 'br-33ab'].entries()) rein(id, 5 + Math.floor(i / 3), L(9, 27), 'enters on the B 6 at the south edge (33.5)', id.endsWith('-hq') ? { face: 'moving' } : {});
rein('ge-hs51', 4, P.hannover, 'Heimatschutz: placed in a town or urban hex at least 5 hexes from the enemy (33.6); listed hex is a suggestion');
rein('ge-hs52', 6, P.hildesheim, 'Heimatschutz (33.6)');
for (const [i, id] of ['su-7gtd-hq', 'su-7gtd-art', 'su-7gtd-recon', 'su-7gtd-tr1', 'su-7gtd-tr2', 'su-7gtd-tr3', 'su-7gtd-mrr'].entries()) rein(id, 6 + Math.floor(i / 4), L(54, 9), 'second echelon: enters on Autobahn 2 at the east edge (33.5)', id.endsWith('-hq') ? { face: 'moving' } : {});

write('scenarios/hannover-breakthrough.json', 'scenario', {
  id: 'hannover-breakthrough',
  name: 'Breakthrough to Hannover (4-6 August 1985)',
  description: 'The 3rd Shock Army crosses the inner-German border at dawn against the FRG I. Korps and the British 1st Armoured Division; NATO reserves arrive along the autobahns. Two map sheets (event check +1, 34.4). Turn 1 is H06 on 4 August; August nights are H21-H03 (29.1.1). New event cards (set "day-2") join both event decks at the start of the event phase of turn 9 (H06, 5 August) and the decks are reshuffled (34.2); the WP "airborne" action set joins on turn 5.',
  board: 'hannover-magdeburg',
  firstTurn: 1,
  lastTurn: 16,
  startPhase: 'weather',
  setup,
  markers: [
    { marker: 'supply-hub-ge1', at: P.braunschweig }, { marker: 'supply-hub-ge1', at: P.gifhorn },
    { marker: 'supply-hub-br1', at: P.salzgitter },
    { marker: 'supply-hub-su3', at: P.haldensleben }, { marker: 'supply-hub-su3', at: P.oschersleben },
    // 30.3.2 "场景部署阶段，双方玩家可按自身战术需求部署配属的补给枢纽": how many hubs a top HQ has is not in the seed;
    // ours are enough for every unit set up to trace its line (30.1), each on a road hex beside friendly units and
    // not beside the enemy (30.3.1.2, 30.3.1.4); the first leg reaches each from a source of 30.2
    ...['1110', '2807', '1202'].map((at) => ({ marker: 'supply-hub-ge1', at })),
    ...['2119', '1014'].map((at) => ({ marker: 'supply-hub-br1', at })),
    ...['3406', '3123', '3314', '3908', '4316', '4510'].map((at) => ({ marker: 'supply-hub-su3', at })),
    { marker: 'cas-nato', at: L(26, 12) }, { marker: 'cas-wp', at: P.helmstedt },
    { marker: 'nato-fortification-1', at: L(28, 13) }, { marker: 'nato-fortification-1', at: L(27, 17) },
    { marker: 'engineers-attached', at: 'su-47gtd-tr1' }, { marker: 'engineers-attached', at: 'su-10gtd-tr1' },
  ],
  tracks: {
    'nato-air-max': 10, 'nato-air-current': 10, 'nato-air-grounded': 0,
    'wp-air-max': 14, 'wp-air-current': 14, 'wp-air-grounded': 0,
    'ge1-cp-max': 6, 'ge1-cp': 6, 'ge1-eng': 4, 'ge1-ew': 2,
    'br1-cp-max': 5, 'br1-cp': 5, 'br1-eng': 4, 'br1-ew': 2,
    'su3-cp-max': 8, 'su3-cp': 8, 'su3-eng': 6, 'su3-ew': 4,
    'nato-nuclear': 20, 'wp-nuclear': 30, 'wp-vp': 0, 'chemical-turn': 0, fog: 0, precipitation: 0,
  },
  decks: { 'nato-events': { sets: ['opening'] }, 'wp-events': { sets: ['opening'] }, 'nato-actions': { sets: ['opening'] }, 'wp-actions': { sets: ['opening'] } },
  reinforcements,
  victory: 'WP scores 3 VP for each of Hannover, Braunschweig, Hildesheim, Salzgitter and Wolfsburg it controls at the end, 1 VP per other NATO-territory town, 1 VP per NATO brigade eliminated; NATO subtracts 1 VP per two WP regiments eliminated. 0-8 NATO decisive, 9-14 NATO marginal, 15-20 WP marginal, 21+ WP decisive. Chemical use shifts the result one level toward NATO (26.1.2); first nuclear use shifts it one level against the user (27.1.2); a tenth of a side\'s VP is lost for each chemical or nuclear strike on an urban hex (26.1.4, 27.1.3). (Victory levels ours.)',
});
console.log(`cold-war-1985: ${hb.size} hexes, ${roads.length} roads, ${pieces.length} pieces, ${setup.length} set up, ${reinforcements.length} reinforcements`);
