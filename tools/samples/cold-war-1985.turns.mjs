// Cold War 1985, "Breakthrough to Hannover". The 3rd Shock Army's 47th Guards Tank Division
// pushes west towards the FRG 1st Panzer Division east of Braunschweig. Each turn: WP rolls the
// weather (fog, then precipitation, +2 in fog, 29.1.2) and both sides roll the event check (34.3:
// d10, +1 for the second map sheet; a 10 or more draws one card secretly from the side's event
// deck). WP attacks with the ground-combat procedure (differential column + modifiers, 15.1) and
// sets the attrition results; NATO mines the road bridge at 2907|3007 (a hexside marker), blows it with an emergency
// demolition roll and counterattacks. WP plays its action deck openly and reshuffles it (`shuffle`,
// a public deck). Event cards drawn are played later as events. The game goes on until each side
// has drawn at least one hidden event card (at most six turns), then both `reveal --final`.
import { readFileSync } from 'node:fs';

const hand = { wp: [], nato: [] };
const MODULE = new URL('../../modules/cold-war-1985/', import.meta.url);
const board = JSON.parse(readFileSync(new URL('boards/hannover-magdeburg.json', MODULE), 'utf8'));
const scenario = JSON.parse(readFileSync(new URL('scenarios/hannover-breakthrough.json', MODULE), 'utf8'));

const sideOf = new Map(JSON.parse(readFileSync(new URL('pieces.json', MODULE), 'utf8')).pieces.map((p) => [p.id, p.side]));

/**
 * 33.5: reinforcements arrive in their side's manoeuvre phase at a map-edge road hex. Those that
 * have just arrived march inward along the road, at most 3 to a hex (the stacking limit), so the
 * next group finds the entry hex free. (Read from the state before the phase began.)
 */
function marchInward(ctx, side, turn) {
  const st = ctx.state();
  const count = new Map();
  for (const p of Object.values(st.pieces)) if (p.at) count.set(p.at, (count.get(p.at) ?? 0) + 1);
  let s = '';
  const arriving = scenario.reinforcements.filter((r) => sideOf.get(r.piece) === side && r.turn <= turn && st.pieces[r.piece].at === null);
  for (const r of arriving) {
    const road = board.roads.find((x) => x.path[0] === r.at || x.path.at(-1) === r.at);
    if (!road) continue;
    const path = road.path[0] === r.at ? road.path : road.path.slice().reverse();
    let step = 1;
    while ((count.get(path[step]) ?? 0) >= 3) step++;
    s += `move ${r.piece} ${path.slice(1, step + 1).join(' ')}   # marches inward off the entry hex\n`;
    count.set(path[step], (count.get(path[step]) ?? 0) + 1);
  }
  return s;
}
const res = (events, procedure) => events.filter((e) => e.type === 'resolved' && e.procedure === procedure).at(-1);
const attrition = {};

/** a ground combat: the differential column, the modifiers, then the attrition results set */
function combat(ctx, before, { attacker, defender, differential, mods, why }) {
  const line = `resolve ground-combat differential=${differential}${mods ? ` ${mods}` : ''}   # ${why}\n`;
  const r = res(ctx.dry(before + line), 'ground-combat');
  let s = line;
  const m = /A(\d+)/.exec(String(r.result)); const d = /D(\d+)/.exec(String(r.result));
  if (m && +m[1]) { attrition[attacker] = (attrition[attacker] ?? 0) + +m[1]; s += `set ${attacker} attrition=${attrition[attacker]}\n`; }
  if (d && +d[1]) { attrition[defender] = (attrition[defender] ?? 0) + +d[1]; s += `set ${defender} attrition=${attrition[defender]}\n`; }
  return s + `mark ${defender} engaged\n`;
}

function eventCheck(ctx, before, side) {
  const line = `resolve event-check extra-sheets   # ${side === 'wp' ? 'WP' : 'NATO'} event roll (34.3-34.4)\n`;
  const r = res(ctx.dry(before + line), 'event-check');
  return line + (String(r.result).startsWith('draw') ? `draw ${side}-events   # secretly\n` : '');
}

/** the first held event card is played as its event */
function playEvent(ctx, side, why) {
  const held = ctx.hand().filter((c) => c.deck === `${side}-events`).map((c) => c.card);
  return held.length ? `play ${held[0]} as event   # ${why}\n` : '';
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
  `mark 2907|3007 bridge-mined   # the road bridge over the river north of Panzergrenadierbrigade 1 (32.1.2)
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
  steps: async function* (game) {
    const drew = { wp: 0, nato: 0 };
    for (let turn = 1; turn <= 6; turn++) {
      yield {
        side: 'wp', title: `turn ${turn}: weather and the WP event roll`,
        script: async (ctx) => {
          let s = `resolve fog season=2   # August\n`;
          const fog = String(res(ctx.dry(s), 'fog').result[0] ?? res(ctx.dry(s), 'fog').result).includes('F');
          s += `resolve precipitation season=2${fog ? ' fog' : ''}\n`;
          s += 'next   # event phase\nnext   # WP event roll\n';
          s += eventCheck(ctx, s, 'wp');
          return s + 'next   # NATO event roll\n';
        },
      };
      drew.wp += game.last.filter((e) => e.type === 'drew').length;
      yield {
        side: 'nato', title: `turn ${turn}: the NATO event roll, air and bombardment`,
        script: async (ctx) => {
          let s = eventCheck(ctx, '', 'nato');
          s += 'next   # air phase\n';
          s += `resolve air-points   # NATO air points regained\n`;
          s += 'next   # command\nnext   # bombardment\nnext   # WP engineer phase\n';
          return s;
        },
      };
      drew.nato += game.last.filter((e) => e.type === 'drew').length;
      yield {
        side: 'wp', title: `turn ${turn}: WP engineers and manoeuvre`,
        script: async (ctx) => {
          let s = 'next   # WP manoeuvre (its reinforcements arrive, 33.5)\n' + marchInward(ctx, 'wp', turn);
          s += playEvent(ctx, 'wp', 'WP plays its event');
          if (turn === 1) s += 'draw wp-actions   # the action deck is open\n';
          if (turn === 2) {
            const st = ctx.state();
            const open = st.hands.wp.cards;
            if (open.length) s += `play ${open[0].card ?? open[0]}   # the action card drawn last turn\nshuffle wp-actions   # its discard pile goes back into the deck\n`;
          }
          s += wpMoves[turn - 1] ?? '';
          if (turn === 1) s += combat(ctx, s, { attacker: 'su-47gtd-tr1', defender: 'ge-pzgren1', differential: 1, mods: 'hasty', why: 'T-80s against Panzergrenadierbrigade 1, a hasty assault' });
          if (turn === 2) s += combat(ctx, s, { attacker: 'su-10gtd-recon', defender: 'br-12ab', differential: -3, mods: 'hasty', why: 'reconnaissance in force against 12th Armoured Brigade' });
          return s + 'next   # WP attrition\nnext   # NATO engineer phase\n';
        },
      };
      yield {
        side: 'nato', title: `turn ${turn}: NATO engineers, manoeuvre and the end of the turn`,
        script: async (ctx) => {
          let s = natoMoves[turn - 1] ?? '';
          if (turn === 2) {
            const line = 'resolve emergency-demolition   # blow the bridge before the 10th Guards reach it (32.1.1: no enemy adjacent, 5+)\n';
            const ok = String(res(ctx.dry(s + line), 'emergency-demolition').result).startsWith('bridge destroyed');
            s += line + (ok ? 'unmark 2907|3007 bridge-mined\nmark 2907|3007 bridge-destroyed\n' : '');
          }
          s += 'next   # NATO manoeuvre (its reinforcements arrive, 33.5)\n' + marchInward(ctx, 'nato', turn);
          s += playEvent(ctx, 'nato', 'NATO plays its event');
          if (turn === 2) s += combat(ctx, s, { attacker: 'ge-pzgren1', defender: 'su-47gtd-tr1', differential: -1, mods: '', why: 'Panzergrenadiers counterattack the worn tank regiment' });
          return s + 'next   # NATO attrition\nnext   # clean-up\nnext   # end phase\nnext   # next turn\n';
        },
      };
      if (turn >= 2 && drew.wp && drew.nato) break;
    }
    yield { side: 'wp', reveal: 'final' };
    yield { side: 'nato', reveal: 'final' };
  },
};
