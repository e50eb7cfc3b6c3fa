#!/usr/bin/env node
// Writes the generated files of modules/napoleon-basic: the Austerlitz board (our own drawing on
// a 20 x 16 pointy-topped grid), pieces.json (division counters) and the Austerlitz scenario.
// module.json, tables.json, sequence.json and README.md are written by hand.
//
//   node tools/modules/napoleon-basic.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { pretty } from './json-pretty.mjs';

const OUT = new URL('../../modules/napoleon-basic/', import.meta.url);
const write = (rel, data) => {
  const url = new URL(rel, OUT);
  mkdirSync(new URL('.', url), { recursive: true });
  writeFileSync(url, `${pretty(data, '')}\n`);
};

// ---- Board: pointy-topped, "shifted": "even" (0-based odd rows sit half a hex to the right) -----
const COLS = 20, ROWS = 16;
const pad = (n) => String(n).padStart(2, '0');
const label = (c, r) => `${pad(c + 1)}${pad(r + 1)}`; // 0-based in, printed "ccrr" out
const on = (c, r) => c >= 0 && r >= 0 && c < COLS && r < ROWS;
const toCube = (c, r) => ({ q: c - Math.floor(r / 2), r });
const fromCube = (q, r) => ({ c: q + Math.floor(r / 2), r });
const STEPS = [[1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1]];
const neighbours = (c, r) => { const k = toCube(c, r); return STEPS.map(([a, b]) => fromCube(k.q + a, k.r + b)).filter((n) => on(n.c, n.r)); };
const SQ3 = Math.sqrt(3);
const px = (c, r) => ({ x: SQ3 * (c + (r % 2 ? 0.5 : 0)), y: 1.5 * r });
const H = (text) => [Number(text.slice(0, 2)) - 1, Number(text.slice(2)) - 1]; // "0507" -> [4, 6]

// Our own drawing of the ground between Bruenn and Austerlitz (west to east), 2 December 1805.
const TOWNS = {
  '0202': 'Bosenitz', '1004': 'Blasowitz', '1303': 'Krug', '0707': 'Girzikowitz', '0709': 'Puntowitz',
  '0611': 'Kobelnitz', '0613': 'Sokolnitz', '0615': 'Telnitz', '1110': 'Pratzen', '1910': 'Austerlitz', '1606': 'Krzenowitz',
};
const HILLS = ['0303', '0403', '0508', '0908-1308', '0909-1309', '1007-1207', '1010', '1210-1310', '0911-1211', '1012-1112', '1604-1704'];
const WOODS = ['0103-0104', '0512', '1714-1715', '1814-1816'];
const MARSH = ['0916-1116', '1015', '0416-0516'];
const PLACES = { '0303': 'Santon', '0508': 'Zurlan hill', '1108': 'Pratzen heights', '1608': 'Staré Vinohrady', '1016': 'Satschan ponds (frozen)', '0416': 'Menitz pond (frozen)' };
// The Goldbach: a polyline in hex units (x across the flats, y = row), crossing sides are streams.
const GOLDBACH = [[6.6, 3.5], [6.2, 6], [6.3, 9], [5.9, 12], [6.1, 14], [5.7, 16]];
const ROADS = [
  { type: 'road', name: 'Bruenn - Olmuetz road', path: ['0104', '0204', '0304', '0404', '0504', '0604', '0704', '0804', '0904', '1004', '1104', '1204', '1303', '1403', '1503', '1603', '1703', '1803', '1903', '2003'] },
  { type: 'road', name: 'Austerlitz - Sokolnitz lane', path: ['1910', '1810', '1710', '1610', '1510', '1410', '1310', '1210', '1110', '1111', '1011', '0911', '0812', '0712', '0713', '0613'] },
  { type: 'road', name: 'Telnitz lane', path: ['0615', '0515', '0415', '0315', '0215', '0115'] },
];

function expand(refs) {
  const out = [];
  for (const ref of refs) {
    const [a, b] = ref.split('-');
    const [c1, r1] = H(a), [c2, r2] = H(b ?? a);
    for (let c = Math.min(c1, c2); c <= Math.max(c1, c2); c++) for (let r = Math.min(r1, r2); r <= Math.max(r1, r2); r++) out.push(label(c, r));
  }
  return out;
}
function crossings(line) {
  const pts = line.map(([x, y]) => ({ x: SQ3 * x, y: 1.5 * y }));
  const d = (a, b, c) => (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  const out = new Set();
  for (let c = 0; c < COLS; c++) for (let r = 0; r < ROWS; r++) {
    for (const n of neighbours(c, r)) {
      const a = px(c, r), b = px(n.c, n.r);
      for (let i = 1; i < pts.length; i++) {
        const p3 = pts[i - 1], p4 = pts[i];
        if (d(p3, p4, a) * d(p3, p4, b) < 0 && d(a, b, p3) * d(a, b, p4) < 0) out.add([label(c, r), label(n.c, n.r)].sort().join('|'));
      }
    }
  }
  return [...out].sort();
}

const board = {
  $schema: '../../../schema/board.schema.json',
  id: 'austerlitz', name: 'Austerlitz, 2 December 1805 (our map)', kind: 'hex', orientation: 'pointy', shifted: 'even',
  sections: [{ id: 'main', origin: [0, 0], columns: COLS, rows: ROWS, label: { pattern: '{c:2}{r:2}' } }],
  scale: 'about 600 metres a hex (ours)',
  terrain: {
    default: 'clear',
    hexes: { town: Object.keys(TOWNS).sort(), hill: HILLS.flatMap((r) => expand([r])).filter((h) => !TOWNS[h]), woods: expand(WOODS), 'frozen-marsh': expand(MARSH) },
  },
  hexsides: { stream: crossings(GOLDBACH) },
  roads: ROADS,
  places: Object.fromEntries(Object.entries({ ...TOWNS, ...PLACES }).sort()),
};

// ---- Counters ---------------------------------------------------------------------------------------
const GRADE = { S: 1, A: 2, B: 3, C: 4, D: 5, E: 6 };
// [id, name, corps, nation, arm, fire-points, fire-modifier, melee, morale, setup hex, arrival turn]
const FR = [
  ['fr-st-hilaire', 'Saint-Hilaire', 'IV', 'france', 'inf', 3, 1, 'B', 9, '0510'],
  ['fr-vandamme', 'Vandamme', 'IV', 'france', 'inf', 3, 1, 'B', 9, '0508'],
  ['fr-legrand', 'Legrand', 'IV', 'france', 'inf', 2, 1, 'C', 8, '0414'],
  ['fr-margaron', 'Margaron light cavalry', 'IV', 'france', 'cav', 0, 0, 'C', 7, '0413'],
  ['fr-iv-art', 'IV Corps artillery', 'IV', 'france', 'art', 3, 2, 'E', 6, '0409'],
  ['fr-suchet', 'Suchet', 'V', 'france', 'inf', 3, 1, 'B', 9, '0405'],
  ['fr-caffarelli', 'Caffarelli', 'V', 'france', 'inf', 3, 1, 'B', 9, '0505'],
  ['fr-v-art', 'V Corps artillery', 'V', 'france', 'art', 3, 2, 'E', 6, '0303'],
  ['fr-rivaud', 'Rivaud', 'I', 'france', 'inf', 2, 1, 'C', 8, '0307'],
  ['fr-drouet', 'Drouet', 'I', 'france', 'inf', 2, 1, 'C', 8, '0308'],
  ['fr-friant', 'Friant', 'III', 'france', 'inf', 2, 1, 'A', 10, '0116', 2],
  ['fr-bourcier', 'Bourcier dragoons', 'III', 'france', 'cav', 1, 0, 'C', 8, '0115', 2],
  ['fr-grenadiers', 'Oudinot grenadiers', 'Reserve', 'france', 'inf', 2, 1, 'A', 10, '0209'],
  ['fr-guard-inf', 'Guard infantry', 'Guard', 'france', 'inf', 2, 2, 'S', 12, '0208'],
  ['fr-guard-cav', 'Guard cavalry', 'Guard', 'france', 'cav', 0, 0, 'S', 11, '0207'],
  ['fr-guard-art', 'Guard artillery', 'Guard', 'france', 'art', 4, 2, 'D', 8, '0210'],
  ['fr-nansouty', 'Nansouty cuirassiers', 'Cavalry Reserve', 'france', 'cav', 0, 0, 'A', 10, '0206'],
  ['fr-hautpoul', "d'Hautpoul cuirassiers", 'Cavalry Reserve', 'france', 'cav', 0, 0, 'A', 10, '0106'],
  ['fr-kellermann', 'Kellermann light cavalry', 'Cavalry Reserve', 'france', 'cav', 0, 0, 'B', 9, '0305'],
  ['fr-walther', 'Walther dragoons', 'Cavalry Reserve', 'france', 'cav', 1, 0, 'C', 8, '0306'],
];
const AL = [
  ['al-kienmayer-inf', 'Kienmayer infantry', 'Advance guard', 'austria', 'inf', 2, 0, 'D', 7, '0815'],
  ['al-kienmayer-cav', 'Kienmayer cavalry', 'Advance guard', 'austria', 'cav', 0, 0, 'C', 8, '0814'],
  ['al-dokhturov-1', '1st Column (Dokhturov), 1st part', '1st Column', 'russia', 'inf', 3, 0, 'C', 8, '0914'],
  ['al-dokhturov-2', '1st Column (Dokhturov), 2nd part', '1st Column', 'russia', 'inf', 3, 0, 'C', 8, '1014'],
  ['al-langeron', '2nd Column (Langeron)', '2nd Column', 'russia', 'inf', 3, 0, 'C', 8, '0912'],
  ['al-przhebishevsky', '3rd Column (Przhebishevsky)', '3rd Column', 'russia', 'inf', 3, 0, 'D', 7, '1011'],
  ['al-miloradovich', '4th Column, Russian (Miloradovich)', '4th Column', 'russia', 'inf', 3, 0, 'C', 8, '1109'],
  ['al-kollowrat', '4th Column, Austrian (Kollowrat)', '4th Column', 'austria', 'inf', 2, 0, 'D', 7, '1209'],
  ['al-4col-art', '4th Column artillery', '4th Column', 'russia', 'art', 3, 1, 'E', 6, '1108'],
  ['al-bagration-1', 'Bagration advance guard infantry', 'Bagration', 'russia', 'inf', 3, 1, 'B', 9, '1004'],
  ['al-bagration-2', 'Bagration supporting infantry', 'Bagration', 'russia', 'inf', 2, 0, 'C', 8, '1105'],
  ['al-bagration-cav', 'Bagration cavalry', 'Bagration', 'russia', 'cav', 0, 0, 'B', 9, '1203'],
  ['al-bagration-art', 'Bagration artillery', 'Bagration', 'russia', 'art', 3, 1, 'E', 6, '1204'],
  ['al-liechtenstein-1', 'Liechtenstein cavalry (Russian)', 'Liechtenstein', 'russia', 'cav', 0, 0, 'B', 9, '1206'],
  ['al-liechtenstein-2', 'Liechtenstein cavalry (Austrian)', 'Liechtenstein', 'austria', 'cav', 0, 0, 'B', 9, '1307'],
  ['al-guard-inf', 'Russian Guard infantry (Constantine)', 'Guard', 'russia', 'inf', 3, 1, 'A', 11, '1608'],
  ['al-guard-cav', 'Russian Guard cavalry', 'Guard', 'russia', 'cav', 0, 0, 'A', 11, '1708'],
  ['al-guard-art', 'Russian Guard artillery', 'Guard', 'russia', 'art', 3, 1, 'D', 7, '1609'],
];
const TYPE = { inf: 'infantry-division', cav: 'cavalry-division', art: 'artillery' };
const pieces = [...FR.map((u) => ['french', u]), ...AL.map((u) => ['coalition', u])].map(([side, [id, name, corps, nation, arm, fp, fm, melee, morale]]) => ({
  id, type: TYPE[arm], side, name: `${name} (${corps})`, nation,
  // return-fire: the rolls it owes when fired on (8.1 mutual fire): its fire points; a battery fires
  // back once (7.3 "也能接受火力战（视作1火力点的加上修正的火力：葡萄弹）"), cavalry without fire points never
  values: { corps, 'fire-points': fp, 'fire-modifier': fm, melee, 'melee-value': GRADE[melee], morale, 'return-fire': arm === 'art' ? 1 : fp },
}));
const setup = [], reinforcements = [];
for (const [id, , , , , , , , , at, turn] of [...FR, ...AL]) (turn ? reinforcements.push({ turn, piece: id, at, face: 'normal', note: 'Davout arrives from Raigern along the Telnitz lane (our timing)' }) : setup.push({ piece: id, at, face: 'normal' }));

write('boards/austerlitz.json', board);
write('pieces.json', {
  $schema: '../../schema/pieces.schema.json',
  pieceTypes: [
    ['infantry-division', 'Infantry division', 4, 'infantry'],
    ['cavalry-division', 'Cavalry division', 6, 'cavalry'],
    ['artillery', 'Artillery (fire points = support range, fire modifier = support value, 8.5)', 4, 'artillery'],
  ].map(([id, name, mp, cls]) => ({
    // melee-points / melee-hits: the counts the melee procedures keep on the pieces (9.4-9.6); a
    // player may set them back with `set` (README.md, "9.5")
    id, name, facing: 'none', properties: ['morale', 'melee-points', 'melee-hits'],
    faces: [
      // 8.2 "则对方单位+1伤害" and 6.5 "（正常状态变为混乱，混乱则溃退）": one damage turns a normal
      // division disordered and a disordered one routed; a routed one hit again leaves the map (ours: 14.0 is cut)
      { id: 'normal', name: 'Normal', movementClass: cls, stepLoss: 'disordered', values: { movement: mp, 'fire-points': 1, 'fire-modifier': 0, melee: 'C', 'melee-value': 4, morale: 8, 'return-fire': 1, 'melee-points': 0, 'melee-hits': 0 } },
      { id: 'disordered', name: 'Disordered (12.0): may defend and withdraw, may not attack (8.2)', movementClass: cls, stepLoss: 'routed', values: { movement: mp } },
      { id: 'routed', name: 'Routed (溃退, 6.5, 8.2): hit while disordered', movementClass: cls, values: { movement: mp } },
      ...(id === 'infantry-division' ? [{ id: 'march-column', name: 'March column (10.2)', movementClass: 'march-column', stepLoss: 'disordered', values: { movement: mp } }] : []),
    ],
  })),
  // the markers of one turn come off as the next begins (countdown without `becomes`): 7.2 "在当回合",
  // 8.5 "在整个回合都不能移动或者支援了", 10.2 "在当回合就不能主动进行火力战", 4.1 one corps per contest
  markerTypes: [
    // 10.3 "组成方阵后每回合只能移动一格（组成的当回合一格也不能动）…解开方阵的当回合也只能移动一格": forming one
    // puts square-formed with it (no move this turn), breaking it leaves square-broken (one hex this turn)
    { id: 'square', name: 'Square (10.3): fire -2, fire points -1, morale +1, melee grade +1; one hex a turn', on: ['piece'],
      with: ['square-formed'], leaves: ['square-broken'] },
    { id: 'square-formed', name: 'Square formed this turn: no move (10.3)', on: ['piece'], countdown: { rule: '10.3' } },
    { id: 'square-broken', name: 'Square broken this turn: one hex at most (10.3)', on: ['piece'], countdown: { rule: '10.3' } },
    { id: 'moved-in-square', name: 'Moved its one hex in square, or after breaking it, this turn (10.3)', on: ['piece'], countdown: { rule: '10.3' } },
    // 10.3 "步兵可以在任何冲击战前选择立即组成方阵（一旦这样形成方阵，冲击方可以选择立即取消战斗。组成方阵方不能当即解开。
    // 而冲击战方也丧失所有移动点且不能发起其他战斗）": the attacker records his choice on the charging unit
    { id: 'charge-cancelled', name: 'Charge cancelled against a square formed before it: no MP, no other combat this turn (10.3)', on: ['piece'], countdown: { rule: '10.3' } },
    // 9.7 "且骑兵冲击混乱单位时混乱单位不能战前撤退": the attacker's declaration of a cavalry charge (9.9 "1．攻方宣布参与冲击战的单位"), on the unit charged
    { id: 'charged-by-cavalry', name: 'Charged by cavalry this turn: disordered, it may not withdraw before combat (9.7)', on: ['piece'], countdown: { rule: '9.7' } },
    { id: 'passed-through', name: 'Passed through by infantry, or hit by the check of cavalry passing: no MP left this turn (6.5)', on: ['piece'], countdown: { rule: '6.5' } },
    { id: 'passed-friend', name: 'Passed through a friend this turn: a charge that fails goes back through it (9.8)', on: ['piece'], countdown: { rule: '9.8' } },
    { id: 'corps-moved', name: 'Corps has moved this turn (4.1)', on: ['piece'], countdown: { rule: '4.1' } },
    { id: 'fought', name: 'Has fought: MP 0, no further combat or support this turn (7.2)', on: ['piece'], countdown: { rule: '7.2' } },
    { id: 'artillery-committed', name: 'Artillery gave support: no move or support for the rest of the turn (8.5)', on: ['piece'], countdown: { rule: '8.5' } },
    { id: 'marched-in-column', name: 'Marched in column this turn (every charge counts as one): no fire, -1 when fired on (10.2)', on: ['piece'], countdown: { rule: '10.2' } },
    { id: 'in-fire', name: 'In a fire combat this turn: its rounds go on (8.7 "重复第一步"), its batteries support them (8.5 "支援任意次")', on: ['piece'], countdown: { rule: '8.7' } },
    { id: 'in-melee', name: 'In a melee this turn: its melee points count on (9.2)', on: ['piece'], countdown: { rule: '9.2' } },
    { id: 'out-of-melee', name: 'Out of the melee: stopped by interception fire (9.1) or knocked out by the defender\'s points (9.4)', on: ['piece'], countdown: { rule: '9.4' } },
  ],
  pieces,
});
write('scenarios/austerlitz.json', {
  $schema: '../../../schema/scenario.schema.json',
  id: 'austerlitz', name: 'Austerlitz, 2 December 1805', board: 'austerlitz', firstTurn: 1, lastTurn: 10, startPhase: 'initiative',
  description: 'Our own scenario for the basic rules: the Allied columns descend from the Pratzen heights against the French right on the Goldbach while Soult waits in the fog below. Map, counter values and arrivals are ours; the formations are historical.',
  setup, reinforcements,
  tracks: { turn: 1, 'french-morale': 20, 'coalition-morale': 22, ties: 0 },
  victory: 'Ours: at the end of turn 10 the side holding the Pratzen heights (1108) and more of the villages Sokolnitz (0613), Telnitz (0615) and Blasowitz (1004) wins; a side whose army morale reaches 0 loses at once (13.0, 14.0).',
});
console.log(`napoleon-basic: ${pieces.length} pieces, board ${COLS}x${ROWS}, ${board.hexsides.stream.length} stream hexsides`);
