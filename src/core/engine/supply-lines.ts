// Supply lines over a hex board (module rules.supplyLines, docs/module-format.md "Supply lines on a
// hex board"), Cold War 1985 30.1: "补给线由两段线路构成" — the first leg "从有效补给源出发，延伸至受补给
// 单位所属最高指挥部的补给枢纽。该段线路可任意延长，且必须沿包含道路的六边形格标定", the second "从补给枢纽
// 出发，延伸至受补给单位…北约6个六边形格，华约4个六边形格"; neither enters or crosses (30.1.4) "a. 有敌军单位
// 或突破标记的六边形格；b. 与敌军单位相邻、且无友方单位驻守的六边形格；c. 无永久桥梁或拼接桥的河流格边；d. 火力
// 封锁格；e. 化学污染格或核污染格" (the markers are the module's `blockedBy`).
import { boardFacts, type BoardFacts } from './board-facts.js';
import type { Game } from './game.js';
import type { GameState } from './state.js';

/** The hexes each side's units of each nation trace supply to: key `<side>/<nation>`. */
export type HexSupply = ReadonlyMap<string, ReadonlySet<number>>;

export function hexSupply(game: Game, state: GameState): HexSupply | null {
  const def = game.module.rules?.supplyLines;
  if (!def || !game.board.hex) return null;
  const f = boardFacts(game);
  const n = f.labels.length;
  const out = new Map<string, Set<number>>();
  const cross = crossable(game, f, state);
  for (const side of game.sides) {
    const friend = new Uint8Array(n), enemy = new Uint8Array(n);
    for (const [at, ids] of Object.entries(state.stacks)) {
      const i = f.index.get(at);
      if (i === undefined) continue;
      for (const id of ids) {
        const s = game.pieces.get(id)?.side;
        if (s === side) friend[i] = 1; else if (s !== undefined) enemy[i] = 1;
      }
    }
    const nearEnemy = (i: number) => { for (let e = f.first[i]!; e < f.first[i + 1]!; e++) if (enemy[f.to[e]!]) return true; return false; };
    const blockedHex = (i: number) => (state.markers[f.labels[i]!] ?? []).some((m) => def.blockedBy.includes(m));
    // 30.1.4a, b, d, e: the hexes a line of this side may use
    const open = new Uint8Array(n);
    for (let i = 0; i < n; i++) open[i] = !enemy[i] && !(nearEnemy(i) && !friend[i]) && !blockedHex(i) ? 1 : 0;
    // 30.1.2: the first leg, any length, along hexes with a road
    const first = spread(f, open, cross, sourcesOf(f, def.sources[side] ?? []).filter((i) => f.roadAt[i]), Infinity, true);
    for (const hub of def.hubs) {
      if (hub.side !== side) continue;
      const starts: number[] = [];
      for (const [at, ms] of Object.entries(state.markers)) {
        const i = f.index.get(at);
        if (i === undefined || !ms.includes(hub.marker) || !first.has(i)) continue;
        // 30.3.3.1 "若某补给枢纽所在格与敌军单位相邻，该补给枢纽将立即被从棋盘上移除": it supplies nothing
        if (def.hubEnemyAdjacent !== undefined && nearEnemy(i)) continue;
        starts.push(i);
      }
      // 30.1.3: the second leg, at most `length` hexes from the hub
      const second = spread(f, open, cross, starts.sort((a, b) => a - b), hub.length, false);
      for (const nation of hub.nations) {
        const key = `${side}/${nation}`;
        const set = out.get(key) ?? out.set(key, new Set()).get(key)!;
        for (const i of second) set.add(i);
      }
    }
  }
  return out;
}

/** Whether a piece traces a line: off the board always; on it, when its hex is on its side's and nation's lines. */
export function isHexSupplied(game: Game, state: GameState, piece: string, lines: HexSupply): boolean {
  const at = state.pieces[piece]?.location;
  const def = game.pieces.get(piece);
  if (at == null || !def || !game.board.has(at)) return true;
  const i = boardFacts(game).index.get(at);
  return i !== undefined && (lines.get(`${def.side}/${def.nation ?? ''}`)?.has(i) ?? false);
}

function sourcesOf(f: BoardFacts, hexes: readonly string[]): number[] {
  return hexes.flatMap((h) => { const i = f.index.get(h); return i === undefined ? [] : [i]; });
}

/** 30.1.4c: a river hexside is crossed only by a road (a permanent bridge still standing) or a bridge marker. */
function crossable(game: Game, f: BoardFacts, state: GameState): (edge: number) => boolean {
  const def = game.module.rules!.supplyLines!;
  return (e) => {
    if (!f.features[e]!.some((x) => def.rivers.includes(x))) return true;
    const marks = state.markers[f.hexside[e] ?? ''] ?? [];
    if (marks.some((m) => def.bridges.includes(m))) return true;
    return f.roads[e]!.length > 0 && (def.destroyed === undefined || !marks.includes(def.destroyed));
  };
}

/** Breadth-first from the starts through open hexes and crossable hexsides, at most `steps` hexes; `road`: road hexes only. */
function spread(f: BoardFacts, open: Uint8Array, cross: (e: number) => boolean, starts: number[], steps: number, road: boolean): Set<number> {
  const seen = new Set<number>();
  let wave = starts.filter((i) => open[i]);
  for (const i of wave) seen.add(i);
  for (let d = 0; d < steps && wave.length; d++) {
    const next: number[] = [];
    for (const i of wave) {
      for (let e = f.first[i]!; e < f.first[i + 1]!; e++) {
        const j = f.to[e]!;
        if (seen.has(j) || !open[j] || (road && !f.roadAt[j]) || !cross(e)) continue;
        seen.add(j); next.push(j);
      }
    }
    wave = next;
  }
  return seen;
}
