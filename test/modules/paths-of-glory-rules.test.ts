// Paths of Glory's rules from the summary (../shared/seeds/004): the mandatory offensive of a
// neutral nation (§2.2), the values printed on every card (§3, §4, §6, §7, §12) and the map (§5, §9).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { assembleModule } from '../../src/core/module/assemble.js';
import type { Connection } from '../../src/core/geometry/space-graph.js';
import { SpaceGraph } from '../../src/core/geometry/space-graph.js';
import type { ModuleData, PointBoardDef, TableDef } from '../../src/core/module/schema.js';
import { cardIndex, cardLabel } from '../../src/cli/card-label.js';
import { moduleFiles, ROOT } from '../helpers/module-files.js';

const m = assembleModule(moduleFiles('paths-of-glory')).data as ModuleData;
const table = (id: string) => m.tables.find((t) => t.id === id)! as TableDef;
const rowOf = (t: TableDef, d: number) => t.rows.find((r) => (r.min === undefined || d >= r.min) && (r.max === undefined || d <= r.max))!.result as string;

describe('Paths of Glory §2 mandatory offensive', () => {
  test('§2.2 "如果结果指向中立国家或无强制攻势要求的结果，则不需要履行相应进攻义务": a neutral nation\'s result obliges nobody', () => {
    const cp = table('mandatory-offensive-cp'), ap = table('mandatory-offensive-ap');
    // Turkey and Italy start neutral: their results say "none", never another nation's obligation.
    expect(rowOf(cp, 1)).toBe('TU (none while Turkey is neutral, §2.2)');
    expect(rowOf(cp, 2)).toBe('AH against Italy (none while Italy is neutral, §2.2)');
    expect(rowOf(ap, 4)).toBe('IT (none while Italy is neutral, §2.2)');
    for (const t of [cp, ap]) for (const r of t.rows) expect(String(r.result)).not.toMatch(/\((AH|RU|FR|GE) if \w+ is (neutral|not at war)\)/);
  });
});

describe('Paths of Glory card values', () => {
  const nations = new Set(['GE', 'AH', 'TU', 'BU', 'FR', 'BR', 'RU', 'IT', 'US', 'A']);
  test('§3 "从手牌中选择1张策略卡，并决定以下四种用途之一：作战行动、战略调动、补充点数或事件": every card carries ops, SR, RP (with its nation) and war status', () => {
    for (const d of m.decks) {
      for (const c of d.cards) {
        const v = c.values!;
        // (a combat card also names `combat`: test/modules/paths-of-glory-deck.test.ts)
        expect(c.uses!.slice(0, 4)).toEqual(['event', 'ops', 'sr', 'rp']);
        for (const k of ['ops', 'sr', 'rp', 'ws']) expect(typeof v[k], `${c.id}.${k}`).toBe('number');
        expect(nations.has(String(v['rpNation'])), c.id).toBe(true);
      }
    }
    // §12 war status: the events that raise their own side's war status say so on the card.
    const lusitania = m.decks.flatMap((d) => d.cards).find((c) => c.name === 'Lusitania')!;
    expect(lusitania.values!['ws']).toBe(2);
    const truce = m.decks.flatMap((d) => d.cards).find((c) => c.name === 'Reichstag Truce')!;
    expect(truce.values!['ws']).toBe(1);
  });

  test('a card is shown with its title and values (show, history, replay)', () => {
    const cards = cardIndex(m.decks);
    const id = m.decks.find((d) => d.id === 'ap-strategy')!.cards[0]!.id;
    expect(cardLabel(cards, id)).toMatch(new RegExp(`^${id} \\(British Reinforcements: number 1, ops \\d, rp \\d, rpNation FR, sr \\d, ws 0\\)$`));
    expect(cardLabel(cards, 'no-such-card')).toBe('no-such-card');
  });

  test('the sample game\'s history prints every card played with its values', () => {
    const text = readFileSync(join(ROOT, 'logs', 'paths-of-glory-sample.history.txt'), 'utf8');
    const plays = text.split('\n').filter((l) => / plays /.test(l));
    expect(plays.length).toBeGreaterThan(0);
    for (const l of plays) expect(l).toMatch(/ plays \S+ \(.+: (combat 1, )?number \d+, ops \d, rp \d, rpNation \w+, sr \d, ws \d\)/);
  });
});

describe('Paths of Glory map: every nation of the game has its spaces', () => {
  const board = m.boards[0] as PointBoardDef;
  const g = new SpaceGraph({ spaces: board.spaces, connections: board.connections });
  const by = new Map(board.spaces.map((s) => [s.id, s]));
  test('Italy, Turkey, the Near East, the Balkans and Romania are on the map, joined to the rest', () => {
    for (const [nation, ids] of Object.entries({
      it: ['rome', 'milan', 'venice', 'turin', 'naples', 'taranto'], tu: ['constantinople', 'ankara', 'erzerum', 'baghdad', 'jerusalem', 'medina'],
      ro: ['ploesti', 'constanta', 'jassy'], bu: ['varna', 'plevna'], gr: ['salonika', 'athens'], br: ['cairo', 'alexandria', 'port-said'],
    })) for (const id of ids) expect(by.get(id)?.nation, id).toBe(nation);
    expect(board.spaces.length).toBeGreaterThan(200);
    // §5.1 units move along connections: every space can be reached from Paris.
    for (const s of board.spaces) expect(g.distance('paris', s.id), s.id).not.toBeNull();
    expect(g.distance('rome', 'vienna')).not.toBeNull();
    expect(g.distance('constantinople', 'baghdad')).not.toBeNull();
  });

  test('§5.5 "虚线连接通常只允许特定国家的部队通过": the straits and the Otranto route keep their nations', () => {
    expect(g.adjacent('gallipoli', 'cana-kale', forNation(board, 'tu'))).toBe(true);
    expect(g.adjacent('gallipoli', 'cana-kale', forNation(board, 'br'))).toBe(false);
    expect(g.adjacent('taranto', 'valona', forNation(board, 'it'))).toBe(true);
    expect(g.adjacent('taranto', 'valona', forNation(board, 'fr'))).toBe(false);
  });

  test('§9 forts: the new fronts\' forts carry a strength; capitals and supply sources are tagged', () => {
    for (const id of ['trent', 'trieste', 'constantinople', 'adrianople', 'erzerum', 'kars']) {
      expect(by.get(id)!.tags, id).toContain('fort');
      expect(by.get(id)!.values?.['fort'], id).toBeGreaterThan(0);
    }
    for (const id of ['rome', 'constantinople', 'athens']) expect(by.get(id)!.tags).toContain('capital');
    for (const id of ['rome', 'constantinople', 'alexandria', 'grozny']) expect(by.get(id)!.tags).toContain('supply-source');
  });

  test('space names are spelled as the published map spells them (a VASSAL import matches by name)', () => {
    for (const [id, name] of [['liege', 'Liege'], ['brest-litovsk', 'Brest Litovsk'], ['insterburg', 'Insterberg'], ['temesvar', 'Timisvar'], ['shavli', 'Szawli']]) {
      expect(by.get(id)!.name).toBe(name);
    }
  });
});

/** A unit of `nation` may use a connection whose type allows it (untyped = everyone). */
function forNation(b: PointBoardDef, nation: string) {
  return (c: Connection) => {
    if (c.type === null) return true;
    const t = b.connectionTypes.find((x) => x.id === c.type)!;
    return !t.nations || t.nations.includes(nation);
  };
}

// §9 combat (trenches, terrain, forts, losses): test/modules/paths-of-glory-combat.test.ts
