// The Eylau module: it validates, and the facts taken from the rulebook hold in the data
// (6.32 gun damage, 6.6 road column costs, 5.31 turning, 6.4 grand-tactical movement, 4.2-4.5 turn
// types and the clock); the generated board files are what the generator draws.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { assembleModule } from '../../src/core/module/assemble.js';
import { boardView } from '../../src/core/module/board-view.js';
import { MovementCosts } from '../../src/core/module/movement-cost.js';
import { terrainIndex } from '../../src/core/module/terrain-index.js';
import { expandHexRefs } from '../../src/core/module/hex-refs.js';
import { formatRational } from '../../src/core/rational.js';
import { prepareGame } from '../../src/core/engine/game.js';
import { firstTurn, nextTurn, type TurnStart } from '../../src/core/engine/sequence.js';
import type { HexBoardDef, ModuleData } from '../../src/core/module/schema.js';
import { moduleFiles } from '../helpers/module-files.js';
// @ts-ignore: plain ES module without types
import { boardJson, drawBattlefield } from '../../tools/modules/eylau-1807-map.mjs';

const files = moduleFiles('eylau-1807');
const assembled = assembleModule(files);
const m = assembled.data as ModuleData;
const board = (id: string) => m.boards.find((b) => b.id === id) as HexBoardDef;

describe('eylau-1807 module', () => {
  test('validates with no issues', () => {
    expect(assembled.issues).toEqual([]);
    expect(m).toBeDefined();
  });

  test('a sheet is 62 x 42 = 2,604 hexes; the joined board is four sheets, 10,416 hexes', () => {
    const sheet = boardView(board('eylau-sheet-c'));
    expect(sheet.hex!.size).toBe(2604);
    const full = boardView(board('eylau'));
    expect(full.hex!.size).toBe(4 * 2604);
    expect(board('eylau').sections.map((s) => [s.id, s.origin, s.columns, s.rows])).toEqual([
      ['a', [0, 0], 62, 42], ['b', [62, 0], 62, 42], ['c', [0, 42], 62, 42], ['d', [62, 42], 62, 42],
    ]);
    // prefixed labels; sheets join: A's last column touches B's first, A's last row C's first
    expect(full.has('A0101') && full.has('D6242') && !full.has('A6301')).toBe(true);
    expect(full.adjacent('A6210', 'B0110')).toBe(true);
    expect(full.adjacent('A1042', 'C1001')).toBe(true);
    // the single sheet uses the same labels as sheet C of the joined board
    expect(sheet.has('C2215') && full.has('C2215')).toBe(true);
  });

  test('the battlefield has its towns and every terrain kind of 6.2', () => {
    const b = board('eylau');
    const names = Object.values(b.places);
    for (const n of ['Preussisch-Eylau', 'Serpallen', 'Klein-Sausgarten', 'Kutschitten', 'Schloditten', 'Schmoditten', 'Rothenen', 'Anklappen', 'Tenknitten', 'Waschkeiten', 'Althof', 'Lampasch', 'Zehsen', 'Kreegeberg windmill', 'Ziegelhof (brickworks)']) {
      expect(names).toContain(n);
    }
    expect(Object.keys(b.terrain.hexes).sort()).toEqual(['farm', 'frozen-marsh', 'light-cover', 'town', 'woods']);
    expect(Object.keys(b.hexsides).sort()).toEqual(['light-cover-side', 'major-river', 'river', 'slope', 'steep-slope', 'stream']);
    expect(new Set(b.roads.map((r) => r.type))).toEqual(new Set(['primary-road', 'secondary-road']));
    const view = boardView(b);
    const eylau = Object.entries(b.places).find(([, n]) => n === 'Preussisch-Eylau')![0];
    expect(terrainIndex(b).hexTerrain(eylau)).toEqual(['town']);
    const town = b.terrain.hexes.town!.flatMap((r) => expandHexRefs(view, r) as string[]);
    expect(town.length).toBeGreaterThan(60);
  });

  test('the committed boards are exactly what tools/modules/eylau-1807-map.mjs draws', () => {
    const drawing = drawBattlefield();
    const strip = ({ $schema: _s, ...rest }: Record<string, unknown>) => rest;
    expect(board('eylau')).toEqual(strip(boardJson(drawing, { id: 'eylau', name: board('eylau').name, sheets: ['a', 'b', 'c', 'd'] })));
    expect(board('eylau-sheet-c')).toEqual(strip(boardJson(drawing, { id: 'eylau-sheet-c', name: board('eylau-sheet-c').name, sheets: ['c'] })));
  });

  test('gun-damage check 6.32: 1d10, -2 stream/light cover, -1 horse artillery, +1 fire level 1; 7-9 loses 1', () => {
    // "掷一枚十面骰子，结果为7、8、9时，该炮兵连损失1点作战兵力"; the outcome takes the point (eylau-1807-rules.test.ts)
    const p = m.procedures.find((x) => x.id === 'gun-damage')!;
    expect(p.dice).toBe('1d10');
    expect(p.modifiers.map((x) => [x.id, x.value])).toEqual([['stream-or-light-cover', -2], ['horse-artillery', -1], ['fire-level-1', 1]]);
    const t = m.tables.find((x) => x.id === p.table)!;
    const lookup = (n: number) => t.rows.filter((r) => (r.min ?? -Infinity) <= n && n <= (r.max ?? Infinity));
    // every possible total (1 - 3 = -2 up to 10 + 1 = 11) falls in exactly one row
    for (let n = 1 - 2 - 1; n <= 10 + 1; n++) expect(lookup(n)).toHaveLength(1);
    for (let n = -2; n <= 11; n++) expect(String(lookup(n)[0]!.result).includes('1 strength point lost')).toBe(n >= 7 && n <= 9);
    expect(p.outcomes).toEqual([expect.objectContaining({ result: '1 strength point lost', effects: [{ value: 'strength', on: 'piece', by: -1, rule: '6.32' }] })]);
  });

  describe('terrain effects on movement (6.2-6.6) through MovementCosts', () => {
    const b = board('eylau');
    const index = terrainIndex(b);
    const costs = new MovementCosts(m, index);
    const cost = (from: string, to: string, cls: string) => { const c = costs.step(from, to, cls); return c === null ? 'P' : formatRational(c); };
    const roadStep = (type: string, where: (to: string) => boolean) => {
      for (const road of b.roads.filter((r) => r.type === type)) {
        for (let i = 1; i < road.path.length; i++) if (where(road.path[i]!)) return [road.path[i - 1]!, road.path[i]!] as const;
      }
      throw new Error(`no ${type} step found`);
    };

    test('road column: 1/2 MP per primary-road hex, 2/3 per secondary-road hex, even into a town', () => {
      const [a, t] = roadStep('primary-road', (to) => index.hexTerrain(to).includes('town'));
      expect(cost(a, t, 'road-column')).toBe('1/2');
      expect(cost(a, t, 'infantry')).toBe('2');
      expect(cost(a, t, 'artillery')).toBe('3');
      const [c, d] = roadStep('secondary-road', () => true);
      expect(cost(c, d, 'road-column')).toBe('2/3');
      // five secondary-road hexes and two primary cost exactly 4 1/3
      const sec = b.roads.find((r) => r.type === 'secondary-road' && r.path.length > 6)!.path;
      let total = 0n; // in sixths
      for (let i = 1; i <= 5; i++) { expect(cost(sec[i - 1]!, sec[i]!, 'road-column')).toBe('2/3'); total += 4n; }
      const pri = b.roads.find((r) => r.type === 'primary-road')!.path;
      for (let i = 1; i <= 2; i++) { expect(cost(pri[i - 1]!, pri[i]!, 'road-column')).toBe('1/2'); total += 3n; }
      expect(total).toBe(26n);
    });

    test('road column may not leave the road; other formations pay the terrain', () => {
      const view = boardView(b);
      const pri = b.roads.find((r) => r.type === 'primary-road')!.path;
      const off = view.hex!.neighbours(pri[3]!).find((n) => !b.roads.some((r) => r.path.includes(n)))!;
      expect(cost(pri[3]!, off, 'road-column')).toBe('P');
    });

    test('hex terrain and hexside costs by arm', () => {
      const all = (t: string) => m.terrain.find((x) => x.id === t)!.cost!;
      expect(all('woods')).toMatchObject({ '*': 2, 'heavy-cavalry': 'P', artillery: 'P' });
      expect(all('frozen-marsh')).toMatchObject({ '*': 2, artillery: 'P' });
      expect(all('farm')).toMatchObject({ '*': 1, 'heavy-cavalry': 2, artillery: 2 });
      const stream = b.hexsides.stream!.find((s) => { const [x, y] = s.split('|'); return index.hexTerrain(y!)[0] === 'clear' && !b.roads.some((r) => r.path.includes(x!) && r.path.includes(y!)); })!;
      const [x, y] = stream.split('|') as [string, string];
      expect(cost(x, y, 'infantry')).toBe('2');      // clear 1 + stream 1
      expect(cost(x, y, 'open-order')).toBe('1');    // only formed units pay for a stream
      const major = b.hexsides['major-river']![0]!.split('|') as [string, string];
      expect(cost(major[0], major[1], 'artillery')).toBe('P');
    });

    test('slopes cost climbing, and only artillery pays going down a steep one (6.23, 6.31)', () => {
      // a slope side listed "high|low" between two clear hexes, off any road, with no other feature
      const plain = (feature: string) => b.hexsides[feature]!.map((s) => s.split('|') as [string, string]).find(([hi, lo]) =>
        index.hexTerrain(hi)[0] === 'clear' && index.hexTerrain(lo)[0] === 'clear' && index.hexsideFeatures(hi, lo).length === 1
        && !b.roads.some((r) => r.path.includes(hi) && r.path.includes(lo)))!;
      const [hi, lo] = plain('slope');
      expect([cost(lo, hi, 'infantry'), cost(hi, lo, 'infantry')]).toEqual(['1', '1']);
      expect([cost(lo, hi, 'artillery'), cost(hi, lo, 'artillery')]).toEqual(['2', '1']);
      const [shi, slo] = plain('steep-slope');
      expect([cost(slo, shi, 'infantry'), cost(shi, slo, 'infantry')]).toEqual(['2', '1']);
      expect([cost(slo, shi, 'artillery'), cost(shi, slo, 'artillery')]).toEqual(['3', '2']);
    });
  });

  test('turning 1/2 MP, extended line 1, road column free; grand-tactical +2', () => {
    expect(m.movement!.turnCost).toEqual({ '*': '1/2', 'infantry-extended-line': 1, 'road-column': 0 });
    expect(m.movement!.modes!.map((x) => [x.id, x.bonus, x.rule])).toEqual([['grand-tactical', 2, '6.41'], ['river-disorder', 0, '6.22']]);
    const inf = m.pieceTypes.find((t) => t.id === 'infantry')!;
    expect(inf.facing).toBe('vertex');
    expect(inf.faces.slice(0, 2).map((f) => f.id)).toEqual(['column', 'line']);
    expect(m.pieceTypes.find((t) => t.id === 'foot-artillery')!.faces.slice(0, 2).map((f) => f.id)).toEqual(['limbered', 'unlimbered']);
    expect(m.pieceTypes.find((t) => t.id === 'heavy-cavalry')!.faces.slice(0, 2).map((f) => f.id)).toEqual(['fresh', 'blown']);
    expect(m.pieceTypes.find((t) => t.id === 'brigade-leader')!.faces.map((f) => f.id)).toEqual(['original', 'replacement']);
  });

  test('ten phases; turn types by number; clock from 07:00 8 Feb, turn 45 at 18:00 and 51 at 19:30', () => {
    expect(m.sequence.phases).toHaveLength(10);
    const game = prepareGame(m, '20-3-eylau-8-february');
    const turns = new Map<number, TurnStart>();
    let t = firstTurn(game);
    turns.set(t.turn, t);
    while (t.turn < 61) { t = nextTurn(game, t); turns.set(t.turn, t); }
    expect(turns.get(1)!.clock).toBe('1807-02-08T07:00+01:00');
    expect(turns.get(1)!.marks).toEqual(['hourly']);
    expect(turns.get(2)!.marks).toEqual([]);
    expect(turns.get(45)!.clock).toBe('1807-02-08T18:00+01:00');
    expect(turns.get(51)!.clock).toBe('1807-02-08T19:30+01:00');
    expect(turns.get(52)!.clock).toBe('1807-02-08T20:00+01:00');
    const type = (n: number) => turns.get(n)!.turnType?.id;
    expect([1, 5, 6, 44, 45, 50, 51, 53, 54, 59, 60, 61].map(type)).toEqual(
      ['dawn', 'dawn', 'day', 'day', 'dusk', 'dusk', 'evening', 'evening', 'night', 'night', 'night-transition', 'night-transition']);
    expect(turns.get(45)!.turnType!.values).toMatchObject({ visibility: 4 });
  });

  test('scenarios 20.1 (one sheet) and 20.3 (four sheets) with setups and reinforcements', () => {
    const s1 = m.scenarios.find((s) => s.id === '20-1-eylau-7-february')!;
    const s3 = m.scenarios.find((s) => s.id === '20-3-eylau-8-february')!;
    expect(s1.board).toBe('eylau-sheet-c');
    expect(s3.board).toBe('eylau');
    expect(s3.setup.length).toBeGreaterThan(150);
    const names = new Map(m.pieces.map((p) => [p.id, p.name ?? '']));
    const arriving = s3.reinforcements.map((r) => names.get(r.piece)!);
    expect(arriving.some((n) => n.includes('III Corps'))).toBe(true);
    expect(arriving.some((n) => n.includes('Prussian'))).toBe(true);
    expect(arriving.some((n) => n.includes('VI Corps'))).toBe(true);
    expect(s3.reinforcements.every((r) => r.face === 'road-column' || m.pieces.find((p) => p.id === r.piece)!.type.endsWith('leader') || m.pieces.find((p) => p.id === r.piece)!.type === 'commander')).toBe(true);
  });

  test('army and corps morale tracks, command points, a fatigue track per brigade', () => {
    const ids = m.tracks.map((t) => t.id);
    expect(ids).toEqual(expect.arrayContaining(['fr-army-morale', 'al-army-morale', 'fr-iv-morale', 'pr-corps-morale', 'fr-command-points', 'al-command-points', 'snow', 'visibility']));
    const brigadeLeaders = m.pieces.filter((p) => p.type === 'brigade-leader').length;
    expect(ids.filter((i) => i.startsWith('fatigue-'))).toHaveLength(brigadeLeaders);
    expect(m.boxes.filter((b) => b.id.includes('brigade-display'))).toHaveLength(4); // French 1, Allied 3 (2.6)
  });
  test('6.21 "城镇/村庄…列阵步兵、轻骑兵进入后强制转为常规散阵": no formed infantry on a town or woods hex at setup; no horse or guns in towns, farms or woods', () => {
    for (const sc of m.scenarios) {
      const b = board(sc.board!);
      const terrain = new Map<string, string>();
      const view = boardView(b);
      for (const [t, refs] of Object.entries(b.terrain.hexes ?? {})) for (const r of refs as string[]) for (const h of expandHexRefs(view, r)) terrain.set(h, t);
      const type = new Map(m.pieces.map((p) => [p.id, p.type]));
      const bad = [...sc.setup, ...sc.reinforcements].filter((p) => {
        const t = terrain.get(p.at);
        const k = type.get(p.piece)!;
        if (k === 'infantry') return (t === 'town' || t === 'woods') && p.face !== 'open-order' && p.face !== 'road-column';
        return /cavalry|artillery|cossacks/.test(k) && (t === 'town' || t === 'woods' || t === 'farm');
      });
      expect(bad, sc.id).toEqual([]);
    }
    // the 8 battalions that stood in line on town hexes (4 in 20.1, 4 in 20.3) are in open order
    const s1 = m.scenarios.find((s) => s.id === '20-1-eylau-7-february')!;
    expect(s1.setup.filter((p) => p.face === 'open-order').length).toBeGreaterThanOrEqual(4);
  });

  test('Preussisch-Eylau is one hex: the board, the README and the 20.3 victory text name the same label', () => {
    const place = Object.entries(board('eylau').places ?? {}).find(([, n]) => n === 'Preussisch-Eylau')![0];
    expect(place).toBe('C2315');
    expect(Object.entries(board('eylau-sheet-c').places ?? {}).find(([, n]) => n === 'Preussisch-Eylau')![0]).toBe(place);
    const readme = readFileSync(new URL('../../modules/eylau-1807/README.md', import.meta.url), 'utf8');
    expect(readme).toContain(`\`${place}\` is\n  Preussisch-Eylau`);
    const victory = m.scenarios.find((s) => s.id === '20-3-eylau-8-february')!.victory ?? '';
    expect(victory).toContain(`Preussisch-Eylau (${place})`);
    for (const text of [readme, ...m.scenarios.map((s) => s.victory ?? '')]) {
      expect([...text.matchAll(/Preussisch-Eylau \(([A-D]\d{4})\)/g)].map((x) => x[1]).filter((l) => l !== place)).toEqual([]);
    }
  });

  test('4.1 A "若任意部队士气值≤0，则对该军或集团军执行部队崩溃、瓦解判定效果": every army and corps morale track starts above 0 in every scenario', () => {
    const morale = m.tracks.filter((t) => t.id.endsWith('-morale'));
    expect(morale.length).toBeGreaterThan(10);
    for (const sc of m.scenarios) {
      for (const t of morale) {
        const start = sc.tracks?.[t.id] ?? t.initial ?? t.min;
        expect(start, `${sc.id} ${t.id}`).toBeGreaterThan(0);
      }
    }
    for (const t of morale) expect(t.labels?.['0'], t.id).toMatch(/at or below 0: (army|corps) collapse check \(4\.1 A, 14\.2\)/);
  });
});
