// Cold War 1985, "Breakthrough to Hannover". The 3rd Shock Army's 47th Guards Tank Division
// pushes west towards the FRG 1st Panzer Division east of Braunschweig. Every roll is sealed
// (docs/sample-games.md): it is committed in its roller's segment and its outcome comes with the
// opponent's reply, so a turn takes three exchanges. WP rolls the fog (29.1.2); NATO's reply
// resolves it; WP then rolls the precipitation (+2 in fog) and its event check (34.3: d10, +1 for
// the second map sheet; a 10 or more draws one card secretly from the side's event deck); NATO's
// reply resolves them, rolls NATO's event check and air points (fog and precipitation now known);
// WP, knowing whether its check drew, draws, moves and attacks with the ground-combat procedure
// (differential column + modifiers, 15.1); NATO's reply resolves the combat and sets the attrition
// on its own unit (the attacker sets his own in his next segment), draws if its check said so,
// mines a bridge (a hexside marker) and from turn 2 tries to blow it with an emergency demolition
// roll each engineer phase until it goes (the markers change when the roll is known), and
// counterattacks. A drawn card becomes known to its owner with the
// reply, his next segment commits to it, and it is played later as an event. WP plays its action
// deck openly and reshuffles it (`shuffle`, a public deck: the new order comes with NATO's reply).
// The game goes on until each side has drawn a hidden event card (at most six turns); each side
// then takes its last results, and both `reveal --final`.
const outcome = (events, procedure) => events.filter((e) => e.type === 'resolved' && e.procedure === procedure).at(-1);
const attrition = {};
const owner = (unit) => (/^(su|dd|pl|cs)-/.test(unit) ? 'wp' : 'nato');
const combats = { wp: [], nato: [] };                // each side's attacks, in commitment order
const byId = new Map();                              // sealed id → the attack it resolved
const blow = { pending: false, done: false };         // NATO's demolition roll waits for its result

/** an attack: the differential column and the modifiers; the engaged marker goes on at once */
function combat(side, { attacker, defender, differential, mods, why }) {
  combats[side].push({ attacker, defender });
  return `resolve ground-combat differential=${differential}${mods ? ` ${mods}` : ''}   # ${why}\nmark ${defender} engaged\n`;
}

/** attrition points on `side`'s own units from every combat result it can read now */
function takeAttrition(ctx, side) {
  let s = '';
  for (const roller of ['wp', 'nato']) {
    for (const r of ctx.outcomes(roller).filter((e) => e.procedure === 'ground-combat')) {
      if (!byId.has(r.sealed)) byId.set(r.sealed, combats[roller].shift());
      const c = byId.get(r.sealed);
      const a = Number(/A(\d+)/.exec(String(r.result))?.[1] ?? 0); const d = Number(/D(\d+)/.exec(String(r.result))?.[1] ?? 0);
      for (const [unit, n] of [[c.attacker, a], [c.defender, d]]) {
        if (owner(unit) !== side) continue;
        if (!n) { s += `note "${unit}: no attrition from the combat (${r.result})"\n`; continue; }
        attrition[unit] = (attrition[unit] ?? 0) + n;
        s += `set ${unit} attrition=${attrition[unit]}   # ground combat: ${r.result}\n`;
      }
    }
  }
  return s;
}

/** the first held event card is played as its event */
function playEvent(ctx, side, why) {
  const held = ctx.hand().filter((c) => c.deck === `${side}-events`).map((c) => c.card);
  return held.length ? `play ${held[0]} as event   # ${why}\n` : '';
}

/** a draw the side's own event check asked for (its result came with the reply) */
function drawIfChecked(ctx, side) {
  const r = outcome(ctx.outcomes(side), 'event-check');
  if (!r) return '';
  return String(r.result).startsWith('draw') ? `draw ${side}-events   # the event check rolled ${r.total}: a card, secretly\n`
    : `note "the event check rolled ${r.total}: no event"\n`;
}

const wpMoves = [
  `move su-47gtd-tr1 3314 3214 3114 3013 2914   # the lead tank regiment up the road
move su-47gtd-tr3 3312   # second echelon closes up
unmark su-47gtd-tr1 posture-assault-march   # deploys to attack
mark su-47gtd-tr1 posture-tactical
`,
  `move su-10gtd-recon 2720   # the 10th Guards' reconnaissance feels towards the British
`,
];
const natoMoves = [
  `mark 2813|2913 bridge-mined   # the bridge in front of Panzergrenadierbrigade 1
mark 2713 fortification-building   # digging in behind the bridge
`,
  `unmark 2713 fortification-building
mark 2713 fortification-1
`,
];

export default {
  module: 'cold-war-1985',
  scenario: 'hannover-breakthrough',
  out: 'logs/cold-war-1985-sample.hexlog',
  creator: 'wp',
  other: 'nato',
  facts: {
    pieces: ['su-47gtd-tr1', 'ge-pzgren1', 'su-10gtd-recon', 'br-12ab'],
    tracks: ['wp-air-current', 'nato-air-current'],
  },
  steps: async function* () {
    const drew = { wp: 0, nato: 0 };
    /** NATO's own results: its attacker's attrition and the demolition roll */
    const natoResults = (ctx) => {
      let s = takeAttrition(ctx, 'nato');
      const r = outcome(ctx.outcomes('nato'), 'emergency-demolition');
      if (blow.pending && r) {
        blow.pending = false;
        blow.done = String(r.result).startsWith('bridge destroyed');
        s += blow.done ? 'unmark 2813|2913 bridge-mined\nmark 2813|2913 bridge-destroyed   # the demolition succeeded\n'
          : `note "the demolition failed (${r.total}): the bridge stands"\n`;
      }
      return s;
    };
    let fog = false;
    for (let turn = 1; turn <= 6; turn++) {
      yield {
        side: 'wp', title: `turn ${turn}: weather, the fog roll`,
        script: async (ctx) => `${takeAttrition(ctx, 'wp')}resolve fog season=2   # August\n`,
      };
      yield {
        side: 'nato', title: `turn ${turn}: the fog known`,
        script: async (ctx) => {
          fog = String(outcome(ctx.outcomes('wp'), 'fog').result) === 'F';
          return `${natoResults(ctx)}note "weather: ${fog ? 'fog' : 'no fog'} this turn"\n`;
        },
      };
      yield {
        side: 'wp', title: `turn ${turn}: precipitation and the WP event roll`,
        script: async () => `resolve precipitation season=2${fog ? ' fog   # +2 in fog' : ''}
next   # event phase
next   # WP event roll
resolve event-check extra-sheets   # WP event roll (34.3-34.4)
next   # NATO event roll
`,
      };
      yield {
        side: 'nato', title: `turn ${turn}: the NATO event roll, air and bombardment`,
        script: async (ctx) => {
          const rain = String(outcome(ctx.outcomes('wp'), 'precipitation').result) === 'P';
          const weather = `${fog ? ' fog' : ''}${rain ? ' precipitation' : ''}`;
          return `resolve event-check extra-sheets   # NATO event roll (34.3-34.4)
next   # air phase
resolve air-points${weather}   # NATO air points regained${weather ? ': the weather is known' : ''}
next   # command
next   # bombardment
next   # WP engineer phase
`;
        },
      };
      yield {
        side: 'wp', title: `turn ${turn}: WP engineers and manoeuvre`,
        script: async (ctx) => {
          let s = drawIfChecked(ctx, 'wp');
          if (s.startsWith('draw')) drew.wp++;
          s += 'next   # WP manoeuvre\n';
          s += playEvent(ctx, 'wp', 'WP plays its event');
          if (turn === 1) s += 'draw wp-actions   # the action deck is open\n';
          if (turn === 2) {
            const open = ctx.state().hands.wp.cards;
            if (open.length) s += `play ${open[0].card ?? open[0]}   # the action card drawn last turn\nshuffle wp-actions   # its discard pile goes back into the deck (sealed: the order comes with NATO's reply)\n`;
          }
          s += wpMoves[turn - 1] ?? '';
          if (turn === 1) s += combat('wp', { attacker: 'su-47gtd-tr1', defender: 'ge-pzgren1', differential: 1, mods: 'hasty', why: 'T-80s against Panzergrenadierbrigade 1, a hasty assault' });
          if (turn === 2) s += combat('wp', { attacker: 'su-10gtd-recon', defender: 'br-12ab', differential: -3, mods: 'hasty', why: 'reconnaissance in force against 12th Armoured Brigade' });
          return s + 'next   # WP attrition\nnext   # NATO engineer phase\n';
        },
      };
      yield {
        side: 'nato', title: `turn ${turn}: NATO engineers, manoeuvre and the end of the turn`,
        script: async (ctx) => {
          let s = takeAttrition(ctx, 'nato');
          const d = drawIfChecked(ctx, 'nato');
          if (d.startsWith('draw')) drew.nato++;
          s += d + (natoMoves[turn - 1] ?? '');
          if (turn >= 2 && !blow.done) {
            blow.pending = true;               // a failed attempt may be tried again next engineer phase (32.1.1)
            s += 'resolve emergency-demolition enemy-adjacent   # blow the bridge under the T-80s\' noses\n';
          }
          s += 'next   # NATO manoeuvre\n';
          s += playEvent(ctx, 'nato', 'NATO plays its event');
          if (turn === 2) s += combat('nato', { attacker: 'ge-pzgren1', defender: 'su-47gtd-tr1', differential: -1, mods: '', why: 'Panzergrenadiers counterattack the worn tank regiment' });
          return s + 'next   # NATO attrition\nnext   # clean-up\nnext   # end phase\nnext   # next turn\n';
        },
      };
      if (turn >= 2 && drew.wp && drew.nato) break;
    }
    // The last results: each side applies what the other's reply resolved (and commits to its cards).
    yield { side: 'wp', title: 'the last results (WP)', script: async (ctx) => takeAttrition(ctx, 'wp') || 'note "nothing left to apply"\n' };
    yield { side: 'nato', title: 'the last results (NATO)', script: async (ctx) => natoResults(ctx) || 'note "nothing left to apply"\n' };
    yield { side: 'wp', reveal: 'final' };
    yield { side: 'nato', reveal: 'final' };
  },
};
