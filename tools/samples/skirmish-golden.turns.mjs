// The golden log of the conformance module: every command verb of docs/commands.md that skirmish
// can carry, in four short segments and two final reveals. See docs/sample-games.md.
// (skirmish has no track, no public deck and no card set, so `track`, `shuffle` and `add-cards`
// are shown by the eylau-1807, cold-war-1985 and paths-of-glory samples; its only marker type is
// on pieces, so hex and hexside markers are shown by the cold-war-1985 sample.)
/** hits of the last fire result in a dry run's events ("1 hit", "2 hits", "no effect") */
export function hitsOf(events) {
  const r = events.filter((e) => e.type === 'resolved').at(-1);
  return r ? Number(/^(\d) hit/.exec(String(r.result))?.[1] ?? 0) : 0;
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
      side: 'red', title: 'turn 1, red movement and fire',
      script: async (ctx) => {
        const head = `
move red-1 0302 0402 0502 0503 0504   # the 4-MP road march: 1+1+1+1/2+1/2
move red-2 0303 0304                  # across the stream: 1 + (1+1) = 3 MP
rotate red-2 +1
flip red-2 column
roll 1d10 "red-2 steadiness"
undo                                  # the roll stays in the log, void, for Blue to see
roll 1d10 "red-2 steadiness, again"
draw red-cards 3
note "Red holds the road south of the wood"
next                                  # red fire
resolve fire range=-1 flank           # red-1 at blue-1, long range, into its flank
`;
        const hits = hitsOf(ctx.dry(head));
        return `${head}mark blue-1 disordered
set blue-1 strength=${6 - hits}           # ${hits} hit(s) on the fire table
next                                  # blue movement
`;
      },
    },
    {
      side: 'blue', title: 'turn 1, blue movement and fire',
      script: async (ctx) => `
move blue-1 0708
move blue-2 0808 0708                 # joins blue-1: a stack of two
stack blue-2 bottom
draw blue-cards 2
next                                  # blue fire
resolve fire woods stream             # at red-2, behind the stream
unmark blue-1 disordered
next                                  # blue fire → turn 2, red movement
`,
    },
    {
      side: 'red', title: 'turn 2, red movement and fire',
      script: async (ctx) => {
        const [a, b] = ctx.hand().map((c) => c.card);
        const head = `
play ${a}
discard ${b}
rotate red-1 1                        # to facing 1 by the shortest way
move red-1 0505                       # along the road into the wood: 1/2 MP
next
resolve fire range=-2 woods
`;
        const hits = hitsOf(ctx.dry(head));
        return `${head}${hits ? `set blue-2 strength=${6 - hits}\n` : `note "no effect: blue-2 keeps its strength"\n`}next
`;
      },
    },
    {
      side: 'blue', title: 'turn 2, blue movement and fire',
      script: async (ctx) => {
        const [a] = ctx.hand().map((c) => c.card);
        return `
play ${a}
reveal-hand                           # the last Blue card is shown (a rule may say so)
flip blue-1 column
move blue-1 0707 0706
next
roll 2d6 "blue rally"
next                                  # turn 3
`;
      },
    },
    { side: 'red', reveal: 'final' },
    { side: 'blue', reveal: 'final' },
  ],
};
