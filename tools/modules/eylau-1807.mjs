#!/usr/bin/env node
// Writes the generated files of modules/eylau-1807: module.json (terrain, boxes, tracks with one
// fatigue track per brigade), pieces.json (counter mix from the order of battle), both boards
// and both scenarios. Deterministic: run it again and the files come out byte for byte the same.
// sequence.json, tables.json and README.md are written by hand.
//
//   node tools/modules/eylau-1807.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { boardJson, drawBattlefield, label, neighbour, sheetOf } from './eylau-1807-map.mjs';
import { ALLIES, FRENCH } from './eylau-1807-oob.mjs';
import { MOVEMENT } from './eylau-1807-rules.mjs';
import { pretty } from './json-pretty.mjs';

/**
 * Reinforcements enter in road column at a road hex on the map edge (6.7), each later unit of a
 * group behind the one before (6.71): enter(brigades, turn, [col, row], note) lists them, the
 * brigade's leader with its first unit.
 */
function enterer(reinforcements, B) {
  return (ids, turn, hex, note) => {
    for (const id of ids) {
      const b = B(id);
      b.units.forEach((u, i) => {
        reinforcements.push({ turn, piece: u.id, at: label(...hex), face: 'road-column', ...(i === 0 ? { note } : {}) });
        if (i === 0) reinforcements.push({ turn, piece: b.leader, at: label(...hex) });
      });
    }
  };
}

const OUT = new URL('../../modules/eylau-1807/', import.meta.url);
const write = (rel, data) => {
  const url = new URL(rel, OUT);
  mkdirSync(new URL('.', url), { recursive: true });
  writeFileSync(url, `${pretty(data, '')}\n`);
};

// ---- Terrain effects on movement (rules 6.2-6.6) as data ------------------------------------
// Movement classes: infantry (formed: column and line), infantry-extended-line, open-order
// (infantry in open order, skirmishers, gun crews), light-cavalry, heavy-cavalry, artillery,
// leader, road-column (any arm in road column, 6.6). A class a table does not list takes "*".
const TERRAIN = [
  { id: 'clear', name: 'Clear', on: 'hex', color: '#eeeadb', cost: { '*': 1, 'road-column': 'P' }, note: '6.2: at least 1 MP. Road column may not leave the road (6.62: it must change formation first).' },
  { id: 'town', name: 'Town / village (hard cover)', on: 'hex', color: '#b5651d', cost: { '*': 2, artillery: 3, leader: 1, 'road-column': 'P' }, note: '6.21, 6.3: 2 MP (limbered artillery 3). Formed infantry and light cavalry go to open order; heavy cavalry and artillery are disordered. Leader cost 1 is ours.' },
  { id: 'woods', name: 'Woods (soft cover)', on: 'hex', color: '#5e8c4a', cost: { '*': 2, 'heavy-cavalry': 'P', artillery: 'P', 'road-column': 'P' }, note: '6.21: infantry and light cavalry 2 MP and open order (skirmishers excepted); heavy cavalry and artillery only along a road (6.52: movement.steps charge 2 MP, or 1 after an obstacle along the same road; the disorder is left to the players).' },
  { id: 'light-cover', name: 'Light cover', on: 'hex', color: '#c9d49a', cost: { '*': 1, artillery: 2, 'road-column': 'P' }, note: '6.21, 6.3: 1 MP, artillery 2.' },
  { id: 'farm', name: 'Farm', on: 'hex', color: '#d9a066', cost: { '*': 1, 'heavy-cavalry': 2, artillery: 2, 'road-column': 'P' }, note: '6.21: infantry and light cavalry 1 MP; heavy cavalry and artillery 2 MP and disordered.' },
  { id: 'frozen-marsh', name: 'Frozen marsh', on: 'hex', color: '#cfe3ea', cost: { '*': 2, artillery: 'P', 'road-column': 'P' }, note: '6.21: 2 MP for all; formed infantry and light cavalry to open order, heavy cavalry disordered; artillery only along a road, may not retreat or unlimber there.' },
  { id: 'light-cover-side', name: 'Light-cover hexside', on: 'hexside', color: '#8a9a5b', cost: { '*': 1, 'open-order': 0, leader: 0 }, note: '6.22: formed infantry and cavalry +1; artillery +1, disordered and a gun-damage check (6.32, -2).' },
  { id: 'stream', name: 'Stream', on: 'hexside', color: '#6fa8dc', cost: { '*': 1, 'open-order': 0, leader: 0 }, note: '6.22: formed units +1; artillery also checks for gun damage (6.32, -2). Along a road +1 without disorder or check (6.52).' },
  { id: 'river', name: 'River', on: 'hexside', color: '#3d85c6', cost: { '*': 2, 'light-cavalry': 1, 'heavy-cavalry': 1, 'open-order': 1, leader: 1 }, note: '6.22: formed infantry +2 (or +1 and disordered); cavalry +1 and disordered; artillery +2, disordered and a gun-damage check. Open-order and leader cost +1 is ours. Along a road +1 (6.52).' },
  { id: 'major-river', name: 'Major river', on: 'hexside', color: '#1c4587', cost: { '*': 2, artillery: 'P' }, note: '6.22: infantry and cavalry +2 and disordered; skirmishers and disordered units +2 only; artillery only along a road.' },
  { id: 'slope', name: 'Slope', on: 'hexside', color: '#a0785a', cost: { '*': 0, artillery: 1 }, downhill: { '*': 0 }, note: '6.23, 6.31: no cost for infantry and cavalry; artillery +1 climbing it, nothing going down. The board lists each slope "high hex|low hex".' },
  { id: 'steep-slope', name: 'Steep slope', on: 'hexside', color: '#6b4226', cost: { '*': 1, artillery: 2, leader: 0 }, downhill: { '*': 0, artillery: 1 }, note: '6.23, 6.31: infantry and cavalry +1 climbing, nothing going down; artillery +2 climbing, +1 going down. Listed "high hex|low hex".' },
  { id: 'primary-road', name: 'Primary road', on: 'road', color: '#7f6000', cost: { 'road-column': '1/2', leader: '1/2' }, note: '6.6: road column 1/2 MP per hex along the road whatever the terrain and hexsides; a leader moving alone takes road column at no cost (6.64). Other formations pay the terrain (6.51, 6.52).' },
  { id: 'secondary-road', name: 'Secondary road', on: 'road', color: '#bf9000', cost: { 'road-column': '2/3', leader: '2/3' }, note: '6.6: road column 2/3 MP per hex along the road; leaders too (6.64).' },
];

// ---- Pieces ---------------------------------------------------------------------------------
const PIECE_TYPES = [
  {
    id: 'infantry', name: 'Infantry battalion', facing: 'vertex', size: 9, properties: ['strength', 'effectiveness'],
    faces: [
      { id: 'column', name: 'Column (front)', movementClass: 'infantry', values: { movement: 5, strength: 10, effectiveness: 5, fire: 2 } },
      { id: 'line', name: 'Line (back)', movementClass: 'infantry', values: { movement: 4, strength: 10, effectiveness: 5, fire: 2 } },
      // 5.1 "横队、延展横队（三格正面朝向）": the extended line faces a hexside, whose front is that hexside and
      // its two neighbours (three), where line and column face a vertex (two hexsides beside it)
      { id: 'extended-line', name: 'Extended line (line side, Extended Line marker)', movementClass: 'infantry-extended-line', facing: 'hexside', values: { movement: 3 } },
      { id: 'square', name: 'Square (column side, Square marker)', movementClass: 'infantry', facing: 'none', values: { movement: 1 } },
      { id: 'open-order', name: 'Open order (Open Order marker)', movementClass: 'open-order', facing: 'none', values: { movement: 5 } },
      { id: 'road-column', name: 'Road column (Road Column marker)', movementClass: 'road-column', facing: 'none', values: { movement: 6 } },
    ],
  },
  {
    id: 'skirmishers', name: 'Skirmisher company', facing: 'none', size: 9, properties: ['strength'],
    faces: [{ id: 'skirmishers', name: 'Skirmishers', movementClass: 'open-order', values: { movement: 6, strength: 2, effectiveness: 5, fire: 3 } }],
  },
  ...[['light-cavalry', 'Light cavalry regiment', 10, 'light-cavalry', 'vertex'], ['heavy-cavalry', 'Heavy cavalry regiment', 8, 'heavy-cavalry', 'vertex'], ['cossacks', 'Cossack regiment (all-round, 19.2)', 10, 'light-cavalry', 'none']].map(([id, name, mp, cls, facing]) => ({
    id, name, facing, size: 9, properties: ['strength', 'effectiveness'],
    faces: [
      { id: 'fresh', name: 'Fresh (front)', movementClass: cls, values: { movement: mp, strength: 8, effectiveness: 5 } },
      { id: 'blown', name: 'Blown (back)', movementClass: cls, values: { movement: mp / 2, strength: 8, effectiveness: 4 } },
      // 6.21 "列阵步兵、轻骑兵进入后强制转为常规散阵": light cavalry in open order (5.2 B: all round), fresh or blown
      ...(id === 'light-cavalry' ? [
        { id: 'open-order', name: 'Open order (front, Open Order marker)', movementClass: cls, facing: 'none', values: { movement: mp, strength: 8, effectiveness: 5 } },
        { id: 'blown-open-order', name: 'Open order, blown (back, Open Order marker)', movementClass: cls, facing: 'none', values: { movement: mp / 2, strength: 8, effectiveness: 4 } },
      ] : []),
      { id: 'road-column', name: 'Road column (Road Column marker)', movementClass: 'road-column', facing: 'none', values: { movement: mp - 2 } },
    ],
  })),
  ...[['foot-artillery', 'Foot battery', 5], ['horse-artillery', 'Horse battery', 9]].map(([id, name, mp]) => ({
    id, name, facing: 'vertex', size: 9, properties: ['strength', 'effectiveness'],
    faces: [
      { id: 'limbered', name: 'Limbered (front; all-round, 5.2 D)', movementClass: 'artillery', facing: 'none', values: { movement: mp, strength: 6, effectiveness: 5, fire: 2 } },
      { id: 'unlimbered', name: 'Unlimbered (back)', movementClass: 'artillery', values: { movement: 1, strength: 6, effectiveness: 5, fire: 2 } },
      { id: 'road-column', name: 'Road column (Road Column marker)', movementClass: 'road-column', facing: 'none', values: { movement: mp + 1 } },
    ],
  })),
  {
    id: 'gun-crew', name: 'Gun crew (7.6)', facing: 'none', size: 9, properties: ['strength'],
    faces: [{ id: 'crew', name: 'Crew', movementClass: 'open-order', values: { movement: 4, strength: 2 } }],
  },
  // 2.3.2 "该类指挥官的移动能力由当前指挥状态决定（见规则17.6节）": an army, corps (wing) or division
  // commander's MP depends on his command status, standby (待命) or mobilised (动员, 4.1 G, 17.61).
  // 17.6 is cut from our text, so both allowances are ours: standby 6, mobilised 12. The status is
  // the face (`flip <cdr> mobilised`); brigade commanders are not concerned (10 MP either way).
  ...[['commander', 'Commander (army, corps, wing)', 5], ['division-leader', 'Division commander', 4]].map(([id, name, command]) => ({
    id, name, facing: 'none', size: 9,
    faces: [
      { id: 'standby', name: `${name}: standby (待命, 17.6)`, movementClass: 'leader', values: { command, movement: 6 } },
      { id: 'mobilised', name: `${name}: mobilised (动员, 17.6)`, movementClass: 'leader', values: { command, movement: 12 } },
    ],
  })),
  {
    id: 'brigade-leader', name: 'Brigade commander', facing: 'none', size: 9,
    faces: [
      { id: 'original', name: 'Original commander (front)', movementClass: 'leader', values: { command: 3, movement: 10 } },
      { id: 'replacement', name: 'Replacement commander (back, 2.3.2)', movementClass: 'leader', values: { command: 2, movement: 10 } },
    ],
  },
];

const MARKER_TYPES = [
  ...Array.from({ length: 20 }, (_, i) => ({ id: `strength-${i + 1}`, name: `Strength ${i + 1}`, on: ['piece'], values: { strength: i + 1 }, color: '#ffffff' })),
  { id: 'formation-extended-line', name: 'Extended Line', on: ['piece'] },
  { id: 'formation-square', name: 'Square', on: ['piece'] },
  { id: 'formation-open-order', name: 'Open Order', on: ['piece'] },
  { id: 'formation-road-column', name: 'Road Column', on: ['piece'] },
  { id: 'road-column-length', name: 'Road column length (6.65)', on: ['hex'] },
  { id: 'disordered', name: 'Disordered', on: ['piece'], color: '#f1c232',
    // 4.1 8A "法军所有混乱单位可直接重整，无需掷骰判定"; the Allies roll (3A, 13.4: cut, no table in our text)
    lifts: [{ phase: 'french-rally', sides: ['french'], rule: '4.1 8A' }] },
  { id: 'routed', name: 'Routed', on: ['piece'], color: '#cc0000' },
  { id: 'faced-to-rear', name: 'Faced to Rear (5.42)', on: ['piece'] },
  { id: 'out-of-command', name: 'Out of Command (17.11)', on: ['piece'] },
  { id: 'ammo-depleted', name: 'Ammunition Depleted (11.9)', on: ['piece'] },
  { id: 'charge-zone', name: 'Charge Zone (12.52)', on: ['hex'] },
  // 17.35 is cut from our text: the markers counting down one a turn to "received" are our reading
  { id: 'order-delay-1', name: 'Order delay 1 turn (17.35)', on: ['piece'], countdown: { becomes: 'order-received', rule: '17.35 (ours)' } },
  { id: 'order-delay-2', name: 'Order delay 2 turns (17.35)', on: ['piece'], countdown: { becomes: 'order-delay-1', rule: '17.35 (ours)' } },
  { id: 'order-delay-3', name: 'Order delay 3 turns (17.35)', on: ['piece'], countdown: { becomes: 'order-delay-2', rule: '17.35 (ours)' } },
  { id: 'order-received', name: 'Order Received (17.52)', on: ['piece'] },
  { id: 'attack-order-brigade', name: 'Brigade Attack Order (17.71)', on: ['piece'] },
  { id: 'attack-order-division', name: 'Division Attack Order (17.71)', on: ['piece'] },
  { id: 'attack-order-wing', name: 'Wing / Corps Attack Order (17.71)', on: ['piece'] },
  { id: 'fatigue', name: 'Brigade fatigue (15.1)', on: ['piece'] },
  { id: 'charge-fatigue', name: 'Charge fatigue (15.21)', on: ['piece'] },
  { id: 'unrelated', name: 'Moves next (5.41 reminder)', on: ['hex'] },
];

const KIND_TYPE = { inf: 'infantry', lc: 'light-cavalry', hc: 'heavy-cavalry', cos: 'cossacks', fa: 'foot-artillery', ha: 'horse-artillery' };
const slug = (s) => s.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Flattens the orders of battle into pieces; keeps brigade membership for placement. */
function buildForces() {
  const pieces = [];
  const brigades = new Map(); // brigade id -> { units: [piece ids], leader: piece id, side, corps }
  const formations = new Map(); // corps / division id -> leader piece id
  const corpsList = [];
  for (const [side, prefix, list] of [['french', 'fr', FRENCH], ['allies', 'al', ALLIES]]) {
    for (const corps of list) {
      const cn = corps.nation ?? (side === 'french' ? 'france' : 'russia');
      const cid = `${corps.id}-cdr`;
      pieces.push({ id: cid, type: 'commander', side, name: `${corps.leader} (${corps.name})`, nation: cn, values: { command: corps.rating, ...(corps.bonus ? { bonus: corps.bonus } : {}) } });
      formations.set(corps.id, cid);
      corpsList.push({ ...corps, side, prefix });
      for (const div of corps.divisions) {
        const dn = div.nation ?? cn;
        const did = `${div.id}-cdr`;
        pieces.push({ id: did, type: 'division-leader', side, name: `${div.leader} (${div.name}, ${corps.name})`, nation: dn, values: { command: div.rating } });
        formations.set(div.id, did);
        for (const bde of div.brigades) {
          const bid = `${bde.id}-cdr`;
          pieces.push({ id: bid, type: 'brigade-leader', side, name: `${bde.leader} (${bde.name})`, nation: dn, values: { command: bde.rating } });
          const units = [];
          for (const [kind, code, name, count, strength, eff, fire] of bde.units) {
            for (let i = 1; i <= count; i++) {
              const id = count > 1 ? `${code}-${i}` : code;
              const ord = ['I', 'II', 'III'][i - 1];
              pieces.push({
                id, type: KIND_TYPE[kind], side, nation: dn,
                name: count > 1 ? `${ord}/${name} (${bde.name}, ${div.name}, ${corps.name})` : `${name} (${bde.name}, ${div.name}, ${corps.name})`,
                values: { strength, effectiveness: eff, ...(kind === 'lc' || kind === 'hc' || kind === 'cos' ? {} : { fire }) },
              });
              units.push({ id, kind });
            }
          }
          brigades.set(bde.id, { id: bde.id, name: bde.name, side, corps: corps.id, division: div.id, leader: bid, units });
        }
      }
    }
  }
  // Skirmisher companies and gun crews in each side's pool (detached during play, 6.0, 7.6).
  for (const [side, prefix, nation] of [['french', 'fr', 'france'], ['allies', 'al', 'russia']]) {
    for (let i = 1; i <= 8; i++) pieces.push({ id: `${prefix}-skirm-${i}`, type: 'skirmishers', side, nation, name: `Skirmisher company ${i}` });
    for (let i = 1; i <= 6; i++) pieces.push({ id: `${prefix}-crew-${i}`, type: 'gun-crew', side, nation, name: `Gun crew ${i}` });
  }
  return { pieces, brigades, formations, corpsList };
}

// ---- Module-level data ------------------------------------------------------------------------
/**
 * 6.12 "全程必须遵守堆叠上限规则，一旦超限，移动单位与格子内原有单位全部陷入混乱（见9.1）": the limits of 9.1 are cut from
 * our text, so every figure here is ours (per side and hex: two battalions, two cavalry regiments, one battery);
 * 6.64 "道路纵队单位不受常规堆叠数量限制": road column is neither counted nor checked.
 */
// the disorder is said, not applied: it follows from 9.1's limits, which are ours
const DISORDER = '"一旦超限，移动单位与格子内原有单位全部陷入混乱": the mover and every unit there are disordered (mark each)';
const STACKING = [
  { rule: '6.12', types: ['infantry'], limit: 2, exceptFaces: ['road-column'], consequence: DISORDER,
    note: '9.1 is cut: two battalions a hex is ours' },
  { rule: '6.12', types: ['light-cavalry', 'heavy-cavalry', 'cossacks'], limit: 2, exceptFaces: ['road-column'], consequence: DISORDER,
    note: '9.1 is cut: two cavalry regiments a hex is ours' },
  { rule: '6.12', types: ['foot-artillery', 'horse-artillery'], limit: 1, exceptFaces: ['road-column'], consequence: DISORDER,
    note: '9.1 and 9.4 are cut: one battery a hex is ours' },
];

function moduleJson(forces) {
  const tracks = [
    { id: 'turn', name: 'Turn record (red = hourly turns)', min: 1, max: 61, follows: 'turn' },
    { id: 'fr-army-morale', name: 'French army morale (14.0)', min: 0, max: 60, owner: 'french', labels: { 0: 'at or below 0: army collapse check (4.1 A, 14.2)' } },
    { id: 'al-army-morale', name: 'Allied army morale (14.0)', min: 0, max: 60, owner: 'allies', labels: { 0: 'at or below 0: army collapse check (4.1 A, 14.2)' } },
    ...forces.corpsList.filter((c) => !c.army).map((c) => ({
      id: `${c.id}-morale`, name: `${c.name} morale (14.0)`, min: 0, max: 30, owner: c.side, initial: c.morale, labels: { 0: 'at or below 0: corps collapse check (4.1 A, 14.2)' },
    })),
    { id: 'fr-command-points', name: 'French command points (17.21)', min: 0, max: 20, owner: 'french' },
    { id: 'al-command-points', name: 'Allied command points (17.21)', min: 0, max: 20, owner: 'allies' },
    { id: 'snow', name: 'Snow (18.2)', min: 0, max: 3, initial: 0, labels: { 0: 'no snow', 1: 'light snow', 2: 'heavy snow', 3: 'snowstorm' } },
    { id: 'visibility', name: 'Visibility in hexes (18.3)', min: 1, max: 20, initial: 20, labels: { 2: 'evening / night (4.3, 4.4)', 4: 'dawn / dusk (4.2)' } },
    ...[...forces.brigades.values()].map((b) => ({
      id: `fatigue-${b.id}`, name: `Fatigue: ${b.name} (15.1)`, min: 0, max: 12, initial: 0, owner: b.side,
      labels: { 0: 'fresh', 3: 'may recover (15.12)', 6: 'tired', 9: 'worn', 12: 'spent' },
    })),
  ];
  return {
    $schema: '../../schema/module.schema.json',
    id: 'eylau-1807',
    version: '0.1.0',
    title: 'Eylau, 7-8 February 1807 (grand-tactical, v1.5 rules)',
    description: 'Battalion-level battle of Preussisch-Eylau: Napoleon\'s Grande Armee against Bennigsen\'s Russians and L\'Estocq\'s Prussians. Four 25.5" x 33" map sheets joined into one board, 116-yard hexes, 15-minute turns. Generated in part by tools/modules/eylau-1807.mjs; see README.md for what is from the rulebook and what is ours.',
    sides: [
      { id: 'french', name: 'French (Grande Armee)', color: '#2a4d9b', nations: ['france'] },
      { id: 'allies', name: 'Allies (Russia and Prussia)', color: '#3a6b35', nations: ['russia', 'prussia'] },
    ],
    dice: [{ id: 'd10', sides: 10, name: 'the one ten-sided die (2.6)' }],
    terrain: TERRAIN,
    boxes: [
      { id: 'fr-brigade-display', name: 'French brigade commitment / fatigue display (15.1, 17.52)', owner: 'french', note: 'uncommitted brigade and division commanders wait here until ordered onto the map' },
      { id: 'al-brigade-display-right', name: 'Allied brigade display: right wing and advanced guard', owner: 'allies' },
      { id: 'al-brigade-display-centre', name: 'Allied brigade display: centre and reserve', owner: 'allies' },
      { id: 'al-brigade-display-left', name: 'Allied brigade display: left wing and Prussians', owner: 'allies' },
      { id: 'fr-detached', name: 'French skirmishers and gun crews not on the map', owner: 'french' },
      { id: 'al-detached', name: 'Allied skirmishers and gun crews not on the map', owner: 'allies' },
      { id: 'fr-eliminated', name: 'French eliminated', owner: 'french' },
      { id: 'al-eliminated', name: 'Allied eliminated', owner: 'allies' },
    ],
    tracks,
    movement: MOVEMENT,
    rules: { strict: [], anySideMoves: false, stackByEntry: true, stacking: STACKING, reinforcements: REINFORCEMENTS },
  };
}

// 6.7-6.72: reinforcements come as their side's movement segment begins (so the MP they spend
// entering count against that movement), along the entry hex's road, one after another.
const REINFORCEMENTS = {
  rule: '6.7', arrive: 'phase', phases: { french: 'french-movement', allies: 'allied-movement' },
  segments: { french: 'b-movement', allies: 'b-movement' }, payEntry: true,
  column: {
    rule: '6.71',
    // 6.65 "步兵：兵力每满8点（不足8点按一档计算）占用1格道路…骑兵、炮兵：兵力每满4点…占用1格道路";
    // leaders, skirmishers and crews have no road column length there: none (ours)
    hexes: "if piece.type == 'infantry' then ceil(piece.strength / 8) else if piece.type in ['light-cavalry', "
      + "'heavy-cavalry', 'cossacks', 'foot-artillery', 'horse-artillery'] then ceil(piece.strength / 4) else 0",
  },
  roadColumn: { rule: '6.7', face: 'road-column', clear: 6 },
  choice: { rule: '6.72', delay: 3, shift: 4, exceptFaces: ['square'] },
  note: '6.7 "若入场格子周边6格范围内没有敌方单位，作战单位可以道路纵队阵型从道路格子驶入战场地图"; 6.71 "同一格子批量入场的多个单位需按照单列纵队从地图外依次进场…后方入场的单位，其可用移动点数会根据前方已入场单位的数量相应扣减"; 6.72 "玩家可选择将该批增援延迟1、2或3个回合入场。每延迟1个回合，这批单位的可选入场位置可在原入场格子周边最多4格范围内选取"',
};

// ---- Scenarios ----------------------------------------------------------------------------------
const FACE_EAST = 1, FACE_WEST = 4, FACE_SE = 2, FACE_SW = 3; // vertex facings, flat-topped hexes
const DIR = { N: 0, NE: 1, SE: 2, S: 3, SW: 4, NW: 5 };
const defaultFace = (kind) => (kind === 'inf' ? 'line' : kind === 'fa' || kind === 'ha' ? 'unlimbered' : 'fresh');

/**
 * Places brigades in lines: each unit in the next free hex from `at` going `dir`, skipping hexes
 * the arm may not stand in (marsh and woods for guns and horse), so the setup is always legal.
 */
function deployer(drawing, sheetFilter) {
  const used = new Set();
  const terr = (c, r) => drawing.terrain.get(`${c},${r}`) ?? 'clear';
  const ok = (c, r, kind) => {
    if (used.has(`${c},${r}`) || (sheetFilter && !sheetFilter(c, r))) return false;
    const t = terr(c, r);
    if (t === 'frozen-marsh') return false;
    // 6.21: woods only by road for horse and guns; towns and farms would disorder them
    if (kind !== 'inf' && (t === 'woods' || t === 'town' || t === 'farm')) return false;
    return true;
  };
  const setup = [];
  const line = (brigade, at, dir, facing, opts = {}) => {
    let [c, r] = at;
    const take = (kind) => {
      for (let guard = 0; guard < 200; guard++) {
        if (ok(c, r, kind)) { used.add(`${c},${r}`); const here = [c, r]; const n = neighbour(c, r, DIR[dir]); if (n) { c = n.c; r = n.r; } return here; }
        const n = neighbour(c, r, DIR[dir]);
        if (!n) throw new Error(`no room for ${brigade.id} from ${label(...at)} going ${dir}`);
        c = n.c; r = n.r;
      }
      throw new Error(`no room for ${brigade.id}`);
    };
    brigade.units.forEach((u, i) => {
      const hex = take(u.kind);
      let face = opts.face?.[u.kind] ?? opts.face?.all ?? defaultFace(u.kind);
      // 6.21 "城镇/村庄…列阵步兵、轻骑兵进入后强制转为常规散阵", likewise woods: formed infantry there is in open order
      if (['inf', 'lc'].includes(u.kind) && ['town', 'woods', 'frozen-marsh'].includes(terr(...hex)) && face !== 'road-column') face = 'open-order';
      const p = { piece: u.id, at: label(...hex), face };
      if (!(face === 'limbered' || face === 'road-column' || face === 'open-order' || u.kind === 'cos')) p.facing = facing;
      if (opts.markers) p.markers = opts.markers;
      setup.push(p);
      if (i === 0) setup.push({ piece: brigade.leader, at: label(...hex) });
    });
  };
  return { setup, line, used };
}

function scenario203(forces, drawing) {
  const B = (id) => { const b = forces.brigades.get(id); if (!b) throw new Error(`unknown brigade ${id}`); return b; };
  const d = deployer(drawing);
  const L = (id, at, dir, facing, opts) => d.line(B(id), at, dir, facing, opts);
  // French at dawn, 8 February: IV Corps in and beside Eylau, VII Corps and the Guard behind,
  // Murat's cavalry behind the centre. Facing east (vertex 1) toward the Russian ridge.
  L('fr-ledru', [21, 53], 'S', FACE_EAST);            // Eylau town
  L('fr-labassee', [24, 52], 'S', FACE_EAST);         // churchyard and the east edge of town
  L('fr-ferey', [25, 44], 'S', FACE_EAST);            // north of Eylau, astride the Koenigsberg road
  L('fr-vivies', [22, 40], 'S', FACE_EAST);
  L('fr-candras', [26, 60], 'S', FACE_SE);            // St-Hilaire south-east of Eylau, toward Serpallen
  L('fr-vare', [30, 62], 'S', FACE_SE);
  L('fr-guyot', [18, 36], 'S', FACE_EAST);
  L('fr-iv-art', [27, 53], 'S', FACE_EAST);
  L('fr-lapisse', [16, 60], 'S', FACE_EAST);          // VII Corps between Eylau and Rothenen
  L('fr-lefranc', [14, 60], 'S', FACE_EAST);
  L('fr-sarrut', [18, 66], 'S', FACE_EAST);
  L('fr-amey', [16, 66], 'S', FACE_EAST);
  L('fr-durosnel', [12, 66], 'S', FACE_EAST);
  L('fr-vii-art', [20, 60], 'S', FACE_EAST);
  L('fr-guard-inf', [18, 52], 'S', FACE_EAST, { face: { inf: 'column' } }); // Guard behind the town
  L('fr-guard-cav', [12, 52], 'S', FACE_EAST);
  L('fr-fenerols', [10, 56], 'S', FACE_EAST);         // Cavalry Reserve west of Eylau
  L('fr-lamotte', [8, 56], 'S', FACE_EAST);
  L('fr-roget', [12, 60], 'N', FACE_EAST);
  L('fr-milet', [10, 62], 'N', FACE_EAST);
  L('fr-milhaud-1', [6, 60], 'S', FACE_EAST);
  L('fr-milhaud-2', [4, 60], 'S', FACE_EAST);
  L('fr-verdiere', [8, 48], 'S', FACE_EAST);
  L('fr-st-sulpice', [6, 48], 'S', FACE_EAST);
  // Russians: right at Schloditten, centre on the ridge east of Eylau with the grand battery,
  // left at Serpallen and Klein-Sausgarten; reserve behind the centre. Facing west (vertex 4).
  L('ru-5-1', [38, 30], 'S', FACE_WEST);
  L('ru-5-2', [41, 30], 'S', FACE_WEST);
  L('ru-5-cav', [44, 26], 'S', FACE_WEST);
  L('ru-grand-battery', [34, 47], 'S', FACE_WEST);
  L('ru-3-1', [36, 40], 'S', FACE_WEST);
  L('ru-3-2', [37, 46], 'S', FACE_WEST);
  L('ru-4-1', [36, 52], 'S', FACE_WEST);
  L('ru-4-2', [37, 57], 'S', FACE_WEST);
  L('ru-2-1', [46, 64], 'S', FACE_SW);                // left wing at Serpallen
  L('ru-2-2', [52, 66], 'S', FACE_SW);
  L('ru-2-cav', [56, 68], 'S', FACE_SW);
  L('ru-8-1', [60, 70], 'S', FACE_SW);                // Klein-Sausgarten
  L('ru-8-2', [66, 70], 'S', FACE_SW);
  L('ru-7-1', [42, 44], 'S', FACE_WEST, { face: { inf: 'column' } });
  L('ru-7-2', [44, 44], 'S', FACE_WEST, { face: { inf: 'column' } });
  L('ru-cuir', [46, 50], 'S', FACE_WEST);
  L('ru-drg', [48, 50], 'S', FACE_WEST);
  L('ru-cossacks', [54, 44], 'S', FACE_WEST);
  L('ru-ag-jg', [40, 54], 'S', FACE_WEST);
  L('ru-ag-inf', [42, 56], 'S', FACE_WEST, { face: { inf: 'column' } });
  L('ru-ag-cav', [46, 36], 'S', FACE_WEST);
  const setup = d.setup;
  // Higher commanders start with their troops; the army commanders behind the centre.
  const at = (piece, c, r) => setup.push({ piece, at: label(c, r) });
  at('fr-hq-cdr', 19, 55); at('fr-guard-cdr', 18, 53); at('fr-guard-div-cdr', 18, 54); at('fr-iv-cdr', 22, 50); at('fr-st-hilaire-cdr', 27, 61);
  at('fr-leval-cdr', 23, 42); at('fr-legrand-cdr', 21, 55); at('fr-iv-cav-cdr', 17, 37); at('fr-vii-cdr', 17, 62); at('fr-desjardins-cdr', 15, 61);
  at('fr-heudelet-cdr', 17, 67); at('fr-vii-cav-cdr', 11, 67); at('fr-cr-cdr', 9, 54); at('fr-klein-cdr', 9, 57); at('fr-grouchy-cdr', 11, 61);
  at('fr-milhaud-cdr', 5, 61); at('fr-hautpoul-cdr', 7, 49);
  at('al-hq-cdr', 45, 46); at('al-right-cdr', 40, 32); at('ru-5div-cdr', 39, 31); at('al-centre-cdr', 39, 46); at('ru-3div-cdr', 38, 42);
  at('ru-4div-cdr', 38, 54); at('ru-centre-art-cdr', 35, 49); at('al-left-cdr', 50, 64); at('ru-2div-cdr', 48, 65); at('ru-8div-cdr', 63, 71);
  at('al-reserve-cdr', 43, 48); at('ru-7div-cdr', 43, 46); at('ru-cav-res-cdr', 47, 52); at('al-ag-cdr', 41, 52); at('ru-ag-cdr', 41, 55);
  for (let i = 1; i <= 8; i++) { setup.push({ piece: `fr-skirm-${i}`, at: 'fr-detached' }, { piece: `al-skirm-${i}`, at: 'al-detached' }); }
  for (let i = 1; i <= 6; i++) { setup.push({ piece: `fr-crew-${i}`, at: 'fr-detached' }, { piece: `al-crew-${i}`, at: 'al-detached' }); }

  // Reinforcements enter in road column at a road hex on the map edge (6.7); each later unit of
  // a group enters behind the one before (6.71). A blocked entry may be delayed 1-3 turns (6.72).
  const reinforcements = [];
  const enter = enterer(reinforcements, B);
  const lead = (piece, turn, hex) => reinforcements.push({ turn, piece, at: label(...hex) });
  // Davout's III Corps up the Molwitten lane and the Sausgarten south lane (south edge).
  lead('fr-iii-cdr', 5, [44, 83]); lead('fr-friant-cdr', 5, [44, 83]); lead('fr-iii-cav-cdr', 5, [62, 83]);
  enter(['fr-marulaz'], 5, [62, 83], 'Davout\'s light cavalry (Marulaz), Sausgarten south lane');
  enter(['fr-kister', 'fr-lochet'], 5, [44, 83], 'Friant\'s division, Molwitten lane');
  lead('fr-morand-cdr', 9, [44, 83]);
  enter(['fr-honnieres', 'fr-brouard'], 9, [44, 83], 'Morand\'s division');
  enter(['fr-iii-art'], 11, [44, 83], 'III Corps artillery');
  lead('fr-gudin-cdr', 13, [62, 83]);
  enter(['fr-petit', 'fr-gauthier'], 13, [62, 83], 'Gudin\'s division, Sausgarten south lane');
  // L'Estocq's Prussians and Kamensky down the Althof lane (north edge).
  lead('pr-corps-cdr', 25, [72, 0]); lead('pr-div-cdr', 25, [72, 0]);
  enter(['pr-cav', 'pr-inf'], 25, [72, 0], 'L\'Estocq\'s Prussian corps, Althof lane');
  lead('ru-14div-cdr', 27, [72, 0]);
  enter(['ru-14-1'], 27, [72, 0], 'Kamensky\'s Russians with the Prussian column');
  // Ney's VI Corps along the Lampasch lane (west edge) at dusk.
  lead('fr-vi-cdr', 47, [0, 4]); lead('fr-marchand-cdr', 47, [0, 4]); lead('fr-vi-cav-cdr', 47, [0, 4]);
  enter(['fr-colbert', 'fr-villatte', 'fr-roguet'], 47, [0, 4], 'Ney\'s VI Corps, Lampasch lane');

  const tracks = { 'fr-army-morale': 40, 'al-army-morale': 36, 'fr-command-points': 2, 'al-command-points': 1, snow: 1, visibility: 4 };
  for (const c of forces.corpsList) if (!c.army) tracks[`${c.id}-morale`] = c.morale;
  return {
    $schema: '../../../schema/scenario.schema.json',
    id: '20-3-eylau-8-february',
    name: '20.3 The battle of Eylau, 8 February 1807 (four maps)',
    description: 'The main battle from dawn to dusk on 8 February on all four map sheets. Turn 1 is 07:00. Setup, reinforcement times and entry hexes are our own reconstruction of the historical deployment; the rulebook\'s scenario card is not in our source text.',
    board: 'eylau',
    firstTurn: 1,
    lastTurn: 50,
    startPhase: 'interphase',
    setup,
    markers: [],
    tracks,
    reinforcements,
    victory: 'Ours (the book\'s victory conditions are not in our source text). At the end of turn 50 the French win if they hold Preussisch-Eylau (C2315) and the Allied army morale is below half its starting value, or any Allied wing has collapsed; the Allies win if they hold Preussisch-Eylau or the French army morale is at or below 0 (4.1 A, 14.2); otherwise a draw, as history judged it.',
  };
}

function scenario201(forces, drawing) {
  const B = (id) => forces.brigades.get(id);
  const onC = (c, r) => sheetOf(c, r).id === 'c';
  const d = deployer(drawing, onC);
  const L = (id, at, dir, facing, opts) => d.line(B(id), at, dir, facing, opts);
  // 7 February, about 14:00: Barclay's rearguard holds the Ziegelhof heights and the western
  // edge of Eylau; Bagration's troops stand in the town and on the churchyard.
  L('ru-ag-jg', [18, 60], 'S', FACE_WEST);
  L('ru-ag-inf', [20, 54], 'S', FACE_WEST);
  L('ru-ag-cav', [28, 60], 'S', FACE_WEST);
  L('ru-4-1', [24, 52], 'S', FACE_WEST);
  L('ru-4-2', [26, 52], 'S', FACE_WEST, { face: { inf: 'column' } });
  const setup = d.setup;
  setup.push({ piece: 'al-ag-cdr', at: label(23, 55) }, { piece: 'ru-ag-cdr', at: label(19, 62) }, { piece: 'ru-4div-cdr', at: label(25, 55) });
  // Soult's vanguard and Murat's dragoons are on the map, the rest comes up the roads.
  L('fr-ledru', [6, 68], 'S', FACE_EAST);
  L('fr-fenerols', [4, 62], 'S', FACE_EAST);
  setup.push({ piece: 'fr-legrand-cdr', at: label(7, 70) }, { piece: 'fr-klein-cdr', at: label(5, 64) }, { piece: 'fr-cr-cdr', at: label(3, 66) });
  const reinforcements = [];
  const enter = enterer(reinforcements, B);
  enter(['fr-labassee'], 30, [0, 81], 'Legrand\'s second brigade, Landsberg road');
  reinforcements.push({ turn: 30, piece: 'fr-iv-cdr', at: label(0, 81) });
  enter(['fr-lamotte'], 31, [0, 66], 'Klein\'s second brigade, Waschkeiten lane');
  enter(['fr-iv-art'], 32, [0, 81], 'IV Corps artillery');
  reinforcements.push({ turn: 34, piece: 'fr-leval-cdr', at: label(0, 81) });
  enter(['fr-ferey', 'fr-vivies'], 34, [0, 81], 'Leval\'s division');
  reinforcements.push({ turn: 40, piece: 'fr-st-hilaire-cdr', at: label(0, 66) });
  enter(['fr-candras', 'fr-vare'], 40, [0, 66], 'Saint-Hilaire\'s division');
  reinforcements.push({ turn: 36, piece: 'ru-3div-cdr', at: label(61, 51) });
  enter(['ru-3-1'], 36, [61, 51], 'Russian support from the east, Domnau road');
  return {
    $schema: '../../../schema/scenario.schema.json',
    id: '20-1-eylau-7-february',
    name: '20.1 The fight for Eylau, 7 February 1807 (one map)',
    description: 'The opening fight of 7 February on map sheet C: the French advanced guard drives the Russian rearguard from the Ziegelhof heights and fights for the town into the night. Play uses the turn record\'s times of day (turn 29 = 14:00) on 7 February (clockStart). Setup and arrivals are our own reconstruction.',
    board: 'eylau-sheet-c',
    firstTurn: 29,
    lastTurn: 56,
    startPhase: 'interphase',
    clockStart: '1807-02-07T14:00+01:00',
    setup,
    markers: [],
    // 4.1 A "若任意部队士气值≤0，则对该军或集团军执行部队崩溃、瓦解判定效果": an army track left at its minimum 0 would
    // collapse both armies in the first interphase; the starting values (14.0 is cut) are ours, as in 20.3
    tracks: { 'fr-army-morale': 40, 'al-army-morale': 36, snow: 1, visibility: 20, 'al-ag-morale': 16, 'al-centre-morale': 26, 'fr-iv-morale': 24, 'fr-cr-morale': 20, 'fr-command-points': 1, 'al-command-points': 1 },
    reinforcements,
    victory: 'Ours: the side holding more town hexes of Preussisch-Eylau at the end of turn 56 wins; the French also win if the Allied Advanced guard collapses (its morale at or below 0, 4.1 A, 14.2).',
  };
}

// ---- Main -----------------------------------------------------------------------------------------
const drawing = drawBattlefield();
const forces = buildForces();
write('module.json', moduleJson(forces));
write('pieces.json', { $schema: '../../schema/pieces.schema.json', pieceTypes: PIECE_TYPES, markerTypes: MARKER_TYPES, pieces: forces.pieces });
write('boards/eylau.json', boardJson(drawing, { id: 'eylau', name: 'Eylau battlefield, four sheets joined (A B over C D)', sheets: ['a', 'b', 'c', 'd'] }));
write('boards/eylau-sheet-c.json', boardJson(drawing, { id: 'eylau-sheet-c', name: 'Eylau map sheet C (Preussisch-Eylau, Ziegelhof, Serpallen)', sheets: ['c'] }));
write('scenarios/20-1-eylau-7-february.json', scenario201(forces, drawing));
write('scenarios/20-3-eylau-8-february.json', scenario203(forces, drawing));
console.log(`eylau-1807: ${forces.pieces.length} pieces, ${forces.brigades.size} brigades written to ${OUT.pathname}`);
