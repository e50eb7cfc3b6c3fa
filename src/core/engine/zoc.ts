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
export class ZocAsked {
  private readonly hexes: Int8Array;
  private readonly exerting = new Map<string, boolean>();

  constructor(private readonly game: Game, private readonly state: GameState, private readonly side: string, private readonly f: BoardFacts, private readonly facts: StateFacts) {
    this.hexes = new Int8Array(f.labels.length);
  }

  /** Whether location `i` is in a zone of control of a side other than the mover's (false where the module has none). */
  at(i: number): boolean {
    const known = this.hexes[i]!;
    if (known !== 0) return known > 0;
    const zoc = this.game.movementRules?.zoc;
    let v = false;
    if (zoc && this.game.board.hex) {
      const f = this.f;
      v = this.holds(i);
      for (let e = f.first[i]!; !v && e < f.first[i + 1]!; e++) {
        if (zoc.notAcross.length && f.features[e]!.some((x) => zoc.notAcross.includes(x))) continue;
        v = this.holds(f.to[e]!);
      }
    }
    this.hexes[i] = v ? 1 : -1;
    return v;
  }

  private holds(i: number): boolean {
    for (const id of this.facts.stack(i)) if (this.game.pieces.get(id)!.side !== this.side && this.exerts(id)) return true;
    return false;
  }

  private exerts(id: string): boolean {
    let v = this.exerting.get(id);
    if (v === undefined) {
      const zoc = this.game.movementRules!.zoc!;
      v = !zoc.exerts || Boolean(evalRule(zoc.exerts, new RuleScope(this.game, this.state, pieceView(this.game, this.state, id), ''), zoc.rule));
      this.exerting.set(id, v);
    }
    return v;
  }
}
