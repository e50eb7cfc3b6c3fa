// Skirmish, "Meeting engagement", five turns. Red marches up the road and takes the wood at 0505;
// Blue comes on from the east and fights for it. Under sealed randomness (docs/sample-games.md) a
// side's fire is committed in its segment and resolved by the opponent's reply, whose tool computes
// the results: so each side opens its turn by taking the hits of the enemy's last fire on its own
// counters (strength set, disordered marked at 3 or less), then uses the orders it drew the turn
// before (their cards became known with the reply and its segment commits to them: Red plays two
// and discards the rest, Blue plays one), moves, commits its fire and draws new orders from its
// secret deck (Red five, Blue two). Red's 20-card deck runs out at the end of turn 4 and is
// reshuffled from the discard pile by the turn-5 draw (a new deck period; `turn` then reveals the
// old period's hidden value and every tool audits its draws). Red's guns bombard Blue's each turn
// while both stand and Red's have ammunition (S.14), and Blue's answer each bombardment (a reply
// the engine records). Both end with `reveal --final`.
import { hitsOf } from './skirmish-golden.turns.mjs';

const strength = { 'red-1': 6, 'red-2': 6, 'blue-1': 6, 'blue-2': 6 };
const disordered = new Set();
const targets = { red: [], blue: [] };              // the targets of each side's fire, in commitment order

/** the hits of the enemy's last fire, set on this side's own counters */
function takeFire(ctx, enemy) {
  const fired = ctx.outcomes(enemy).filter((e) => e.type === 'resolved' && e.procedure === 'fire');
  const aimed = targets[enemy].splice(0);
  if (fired.length !== aimed.length) throw new Error(`${ctx.side}: ${aimed.length} fire commitments of ${enemy}, ${fired.length} outcomes`);
  let s = '';
  fired.forEach((r, i) => {
    const target = aimed[i]; const hits = hitsOf(r);
    if (!hits) { s += `note "${enemy}'s fire at ${target}: no effect"\n`; return; }
    strength[target] = Math.max(0, strength[target] - hits);
    s += `set ${target} strength=${strength[target]}   # ${enemy}'s fire: ${hits} hit${hits > 1 ? 's' : ''} (${r.line.replace(/^.*#\s*/, '')})\n`;
    if (strength[target] <= 3 && !disordered.has(target)) { disordered.add(target); s += `mark ${target} disordered\n`; }
  });
  return s;
}

/** the cards of the hand: play `plays` of them, discard the others */
function useOrders(ctx, plays) {
  const hand = ctx.hand().map((c) => c.card);
  return hand.map((c, i) => (i < plays ? `play ${c}\n` : `discard ${c}\n`)).join('');
}

/**
 * The guns' duel (S.14): Red's battery bombards Blue's while both stand and Red's has ammunition; the
 * engine applies the hits, the loss points, the ammunition and the smoke, and Blue's battery owes an
 * answer (a reply), which Blue's next segment makes first.
 */
const guns = { 'red-guns': { on: true, ammo: 3 }, 'blue-guns': { on: true, ammo: 3 } };
function gunsNews(ctx) {
  for (const e of ctx.resolutions()) {
    if (e.type === 'lost' && guns[e.piece] && e.eliminated) guns[e.piece].on = false;
    if (e.type === 'value-set' && guns[e.piece] && e.prop === 'ammo') guns[e.piece].ammo = e.to;
  }
}
function bombard(ctx, side) {
  gunsNews(ctx);
  const mine = guns[`${side}-guns`], theirs = guns[`${side === 'red' ? 'blue' : 'red'}-guns`];
  if (side === 'blue') {
    const owed = ctx.resolutions().some((e) => e.type === 'obliged' && e.kind === 'reply' && e.side === 'blue');
    return owed && mine.on ? 'resolve bombard guns=blue-guns aim=red-guns answer   # S.14: the answer owed\n' : '';
  }
  return mine.on && theirs.on && mine.ammo > 0 ? 'resolve bombard guns=red-guns aim=blue-guns   # S.14: range and cover from the board\n' : '';
}

const turns = { red: 0, blue: 0 };
function turn(side, moves, fires, draw) {
  const enemy = side === 'red' ? 'blue' : 'red';
  return {
    side, title: `turn ${++turns[side]}, ${side}: ${enemy}'s fire taken, orders, movement, fire committed, orders drawn`,
    script: async (ctx) => {
      const answer = side === 'blue' ? bombard(ctx, side) : '';
      let s = answer + takeFire(ctx, enemy) + useOrders(ctx, side === 'red' ? 2 : 1) + (typeof moves === 'function' ? moves() : moves) + 'next\n';
      for (const [target, mods, why] of fires) { targets[side].push(target); s += `resolve fire ${mods}   # ${why}\n`; }
      if (side === 'red') s += bombard(ctx, side);
      return s + `draw ${side}-cards ${draw}\nnext\n`;
    },
  };
}

export default {
  module: 'skirmish',
  scenario: 'meeting',
  out: 'logs/skirmish-sample.hexlog',
  creator: 'red',
  other: 'blue',
  facts: { pieces: ['red-1', 'red-2', 'blue-1', 'blue-2'] },
  steps: [
    // turn 1
    turn('red', 'move red-1 0302 0402 0502 0503 0504   # road march, 4 MP\nflip red-2 column\nmove red-2 0303 0403 0404   # across the stream\n', [], 5),
    turn('blue', 'move blue-1 0708 0707\nmove blue-2 0709 0708\n', [['red-1', 'range=-2', 'blue-1 at red-1 on the road, long range']], 2),
    // turn 2
    turn('red', 'rotate red-1 +1\nmove red-1 0505   # into the wood along the road\nflip red-2 line\nmove red-2 0504\n', [['blue-1', 'range=-1', 'red-1 from the wood edge at blue-1']], 5),
    turn('blue', 'move blue-1 0606\nrotate blue-1 -1\n', [['red-1', 'woods', 'blue-1 at red-1 in the wood'], ['red-2', 'range=-1', 'blue-2 at red-2']], 2),
    // turn 3
    turn('red', 'rotate red-2 +1\n', [['blue-1', 'flank', 'red-1 and red-2 catch blue-1 in the flank'], ['blue-1', '', 'red-2 follows up']], 5),
    turn('blue', 'move blue-1 0707   # falls back\nstack blue-1 bottom\nmove blue-2 0607\n', [['red-1', 'woods range=-1', 'blue-2 at the wood']], 2),
    // turn 4
    turn('red', 'move red-2 0604\n', [['blue-2', '', 'red-2 at blue-2'], ['blue-2', 'woods range=-1', 'red-1 from the wood']], 5),
    turn('blue', () => (disordered.delete('blue-1') ? 'unmark blue-1 disordered   # rallies\n' : ''), [['red-2', 'range=-1', 'blue-2 at red-2 in the open']], 2),
    // turn 5: Red's deck is empty; its fifth draw reshuffles the discard pile
    turn('red', '', [['blue-2', 'range=-1', 'red-2 again']], 5),
    turn('blue', 'move blue-2 0708 0808   # Blue breaks off\n', [], 2),
    { side: 'red', reveal: 'final' },
    { side: 'blue', reveal: 'final' },
  ],
};
