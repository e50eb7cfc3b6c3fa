// Zones of control (module.movement.zoc): a hex is in an enemy zone of control when a piece of
// another side that exerts one (its `exerts` holds for it) stands in it or in an adjacent hex, not
// across a hexside feature listed in `notAcross`. Step rules read it as `from.zoc` and `to.zoc`;
// what it does — stop, cost more, forbid — is theirs to say (docs/module-format.md). One answer per
// hex for one mover: move and reach ask the same question of the same state, so they agree.
import type { BoardFacts } from './board-facts.js';
import type { Game } from './game.js';
import { pieceView } from './piece-values.js';
import { evalRule, RuleScope } from './rule-scope.js';
import type { GameState } from './state.js';
import type { StateFacts } from './state-facts.js';

/**
 * Zones of control asked by one move or one reach: answers by location index, and which pieces
 * exert one. It lives as long as one command (the state does not change while it asks).
 */
/** Per game: 1 on an edge that crosses a `notAcross` feature (a zone of control does not reach over it). */
const blockedCache = new WeakMap<Game, Uint8Array>();
function blockedEdges(game: Game, f: BoardFacts): Uint8Array {
  let b = blockedCache.get(game);
  if (!b) {
    const notAcross = game.movementRules?.zoc?.notAcross ?? [];
    b = new Uint8Array(f.to.length);
    if (notAcross.length) f.features.forEach((list, e) => { if (list.some((x) => notAcross.includes(x))) b![e] = 1; });
    blockedCache.set(game, b);
  }
  return b;
}

/**
 * Zones of control asked by one move or one reach: answers by location index, and which pieces
 * exert one. It lives as long as one command (the state does not change while it asks).
 */
export class ZocAsked {
  /** by location: 0 not asked yet, 1 yes, -1 no */
  private readonly hexes: Int8Array;
  private readonly held: Int8Array;
  private readonly exerting = new Map<string, boolean>();
  private readonly blocked: Uint8Array;
  private readonly active: boolean;

  constructor(
    private readonly game: Game, private readonly state: GameState, private readonly side: string,
    private readonly f: BoardFacts, private readonly facts: StateFacts,
  ) {
    this.hexes = new Int8Array(f.labels.length);
    this.held = new Int8Array(f.labels.length);
    this.active = Boolean(game.movementRules?.zoc && game.board.hex);
    this.blocked = this.active ? blockedEdges(game, f) : new Uint8Array(0);
  }

  /** Whether location `i` is in a zone of control of another side (false where the module has none). */
  at(i: number): boolean {
    const known = this.hexes[i]!;
    if (known !== 0) return known > 0;
    let v = false;
    if (this.active) {
      const f = this.f;
      v = this.holds(i);
      for (let e = f.first[i]!; !v && e < f.first[i + 1]!; e++) if (!this.blocked[e]) v = this.holds(f.to[e]!);
    }
    this.hexes[i] = v ? 1 : -1;
    return v;
  }

  /** An enemy piece that exerts a zone of control stands in location i. */
  private holds(i: number): boolean {
    const known = this.held[i]!;
    if (known !== 0) return known > 0;
    let v = false;
    for (const id of this.facts.stack(i)) {
      if (this.game.pieces.get(id)!.side !== this.side && this.exerts(id)) { v = true; break; }
    }
    this.held[i] = v ? 1 : -1;
    return v;
  }

  private exerts(id: string): boolean {
    let v = this.exerting.get(id);
    if (v === undefined) {
      const zoc = this.game.movementRules!.zoc!;
      const scope = new RuleScope(this.game, this.state, pieceView(this.game, this.state, id), '');
      v = !zoc.exerts || Boolean(evalRule(zoc.exerts, scope, zoc.rule));
      this.exerting.set(id, v);
    }
    return v;
  }
}
