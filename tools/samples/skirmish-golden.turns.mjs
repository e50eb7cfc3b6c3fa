// The golden log of the conformance module: every command verb of docs/commands.md that skirmish
// can carry, in four short segments and two final reveals, played under sealed randomness
// (docs/sample-games.md). Each roll, fire procedure and secret draw is committed in its author's
// segment and resolved by the opponent's next one: Blue's first segment opens with the outcomes of
// Red's rolls and fire, and Blue sets the hits on his own counter; Red's cards are known to Red
// after that reply and his next segment commits to them before he plays one.
// Red's turn-2 fire also commits an assault bound to his two battalions and Blue's guns (S.8: the
// board gives the differential and the modifiers); Blue's reply resolves it, the engine applies the
// result (a step loss, a marker, the casualties track) and Blue's segment opens with his retreat
// when the result asks for one, then a plain `lose`.
// The examples of the rules layer (modules/skirmish/README.md) run here too: Red's reserve resets
// as his turn begins (S.13) and a card played as `reinforce` spends it; red-2's column breaks into
// line entering the wood off the road (S.11); Red's guns ford the stream, are disordered and owe a
// ford check they roll at once (S.12, immediate); Red's guns bombard Blue's (S.14: range and cover
// from the board, hits counted as points, ammunition spent, smoke on the hex, Blue's answer owed as a
// reply); Blue lays a smoke screen on a hex (S.15, a location bind) that thins as the next turn
// begins, draws in a refill phase and adds a card set with the discard pile (a new deck period).
// (skirmish has no public deck, so `track` and `shuffle` are shown by the eylau-1807, cold-war-1985
// and paths-of-glory samples; hexside markers by the cold-war-1985 sample.)

/** hits of a fire outcome ("1 hit", "2 hits", "no effect") */
export function hitsOf(outcome) {
  return outcome ? Number(/^(\d) hit/.exec(String(outcome.result))?.[1] ?? 0) : 0;
}

/** the fire outcomes of `side`'s commitments that this step can read, in the order they were made */
export function fireOutcomes(ctx, side) {
  return ctx.outcomes(side).filter((e) => e.type === 'resolved' && e.procedure === 'fire');
}

export default {
  module: 'skirmish',
  scenario: 'meeting',
  out: 'logs/skirmish-golden.hexlog',
  creator: 'red',
  other: 'blue',
  facts: { pieces: ['red-1', 'red-2', 'blue-1', 'blue-2'] },
  steps: [
    {
      side: 'red', title: 'turn 1, red movement and fire (the rolls and the fire are sealed)',
      script: `
move red-1 0302 0402 0502 0503 0504   # the 4-MP road march: 1+1+1+1/2+1/2
move red-2 0303 0304                  # across the stream: 1 + (1+1) = 3 MP
rotate red-2 +1
flip red-2 column
move red-guns 0202 0303               # the guns come up to the ford: 2 MP
roll 1d10 "red-2 steadiness"
undo                                  # the commitment stays in the log, void, for Blue to see
roll 1d10 "red-2 steadiness, again"
draw red-cards 3                      # sealed: the cards are picked with Blue's reply
note "Red holds the road south of the wood"
next                                  # red fire
resolve fire range=-1 flank           # red-1 at blue-1, long range, into its flank
next                                  # blue movement
`,
    },
    {
      side: 'blue', title: 'turn 1, blue takes Red\'s fire, moves and fires',
      script: async (ctx) => {
        // Blue's reply resolves Red's roll and fire; the hits go on Blue's own counter.
        const hits = hitsOf(fireOutcomes(ctx, 'red')[0]);
        return `mark blue-1 disordered                # under Red's fire
set blue-1 strength=${6 - hits}           # ${hits} hit(s) on the fire table
move blue-1 0708
move blue-2 0808 0708                 # joins blue-1: a stack of two
stack blue-2 bottom
next                                  # blue fire
resolve fire woods stream             # at red-2, behind the stream
resolve screen spot=0707              # S.15: smoke on the hex Blue will march through
draw blue-cards                       # a refill phase: up to the hand limit of 5
unmark blue-1 disordered
next                                  # blue fire → turn 2, red movement
`;
      },
    },
    {
      side: 'red', title: 'turn 2, red takes Blue\'s fire, plays his orders, moves and fires',
      script: async (ctx) => {
        // Red's segment opens with Blue's fire and the commitment to the three cards Red drew.
        const hits = hitsOf(fireOutcomes(ctx, 'blue')[0]);
        const [a, b] = ctx.hand().map((c) => c.card);
        return `${hits ? `set red-2 strength=${6 - hits}           # Blue's fire: ${hits} hit(s)\n` : 'note "Blue\'s fire had no effect on red-2"\n'}play ${a} as reinforce                # S.13: the card spends one point of the reserve
discard ${b}
rotate red-1 1                        # to facing 1 by the shortest way
move red-1 0505                       # along the road into the wood: 1/2 MP
move red-2 0404 0405 0505             # S.11: the column enters the wood off the road and breaks into line
move red-guns 0304                    # S.12: the guns ford the stream, are disordered and owe a ford check
resolve ford piece=red-guns           # the check, rolled at once (immediate)
next
resolve fire range=-2 woods           # red-1 at blue-2
resolve assault attackers=red-1,red-2 defender=blue-guns   # S.8: a rush at the guns
resolve bombard guns=red-guns aim=blue-guns                # S.14: range and cover from the board
next
`;
      },
    },
    {
      side: 'blue', title: 'turn 2, blue takes Red\'s fire, plays, moves and rolls',
      script: async (ctx) => {
        const hits = hitsOf(fireOutcomes(ctx, 'red')[0]);
        const [a] = ctx.hand().map((c) => c.card);
        // what Red's assault asks of Blue comes first (S.10): the retreat is his to make
        const owed = (kind, side = 'blue') => ctx.resolutions().some((e) => e.type === 'obliged' && e.side === side && e.kind === kind);
        const gunsIn = !ctx.resolutions().some((e) => e.type === 'lost' && e.piece === 'blue-guns' && e.eliminated);
        // a loss Red owes from the assault (A1, two attackers: his choice) holds the turn till his segment
        const redOwes = owed('loss', 'red');
        return `${owed('retreat') ? 'retreat blue-guns 0910                # S.10: the guns fall back one hex\n' : ''}${owed('reply') ? 'resolve bombard guns=blue-guns aim=red-guns answer   # S.14: the guns answer the bombardment\n' : ''}${gunsIn ? 'lose blue-guns                        # a step lost to the day\'s fire (lose without a result)' : 'note "the guns are gone"'}
${hits ? `set blue-2 strength=${6 - hits}           # Red's fire: ${hits} hit(s)\n` : 'note "Red\'s fire had no effect: blue-2 keeps its strength"\n'}play ${a}
add-cards blue-cards late-orders      # the late orders join the draw pile and the discard pile: a new deck period
reveal-hand                           # the last Blue card is shown (a rule may say so)
flip blue-1 column
move blue-1 0707 0706
next
roll 2d6 "blue rally"                 # resolved by Red's final segment
${redOwes ? 'note "Red owes his assault\'s loss: the turn waits for him"' : 'next                                  # turn 3: the smoke thins (S.15), the reserve grows (S.13)'}
`;
      },
    },
    { side: 'red', reveal: 'final' },
    { side: 'blue', reveal: 'final' },
  ],
};
