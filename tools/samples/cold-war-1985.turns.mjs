// Cold War 1985, "Breakthrough to Hannover". The 3rd Shock Army's 47th Guards Tank Division
// pushes west towards the FRG 1st Panzer Division east of Braunschweig. Every roll is sealed
// (docs/sample-games.md): it is committed in its roller's segment and its outcome comes with the
// opponent's reply, so a turn takes three exchanges. WP rolls the fog where the turn allows it
// (29.1.2: not by day); NATO's reply resolves it and an F sets the fog track; WP then rolls the
// precipitation (+2 in fog, given by the track) and its event check (34.3: d10, +1 for the second
// map sheet, 34.4: 9 or 10 draws one card secretly from the side's event deck); NATO's reply
// resolves them, rolls NATO's event check and its air zone's recovery (the weather's modifiers
// apply themselves, the result raises the current air points; grounded points follow the weather,
// 29.4). The engine forces the sequence: the weather phase cannot end before WP has rolled fog
// and precipitation, nor an event segment before its side's check, nor the air phase before each
// zone's roll (procedures' `owed`), and a check that draws owes the roller's next segment the draw
// (34.3). The phases both sides play (event, air, command, bombardment: 34.3 "双方各自掷骰", 19.2,
// 19.3, 25 "双方玩家均可") end when each side has said next, so each says it in his own segment.
// WP moves and attacks with the ground-combat
// procedure (the differential from the counters, 15.5, and the modifiers the board gives, 15.6);
// NATO's reply resolves the combat and the tool adds the attrition points to both sides (15.7.1),
// NATO mines a bridge (32.1.2: one turn) and in turn 2 blows it with a prepared demolition roll (the markers
// change when the roll is known), digs in (31.1: two turns, finished by the sequence), and counterattacks. A drawn card becomes known to its owner with the
// reply, his next segment commits to it, and it is played later as an event. WP holds its action
// deck in an open hand (35.1) and plays a card of it in its manoeuvre phase at will (35.3).
// The game goes on until each side has drawn a hidden event card (at most six turns); each side
// then takes its last results, and both `reveal --final`.
const outcome = (events, procedure) => events.filter((e) => e.type === 'resolved' && e.procedure === procedure).at(-1);
const blow = { pending: false, done: false };         // NATO's demolition roll waits for its result

/** an attack: the differential column and the modifiers; the engaged marker goes on at once */
function combat(side, { attacker, defender, mods, why }) {
  return `resolve ground-combat attackers=${attacker} defenders=${defender}${mods ? ` ${mods}` : ''}   # ${why} (the differential from the counters, 15.5; the markers, hex and weather give their modifiers)\nmark ${defender} engaged\n`;
}

/** the attrition points the tool added from the side's combats resolved now (15.7.1) */
function attritionTaken(ctx, roller) {
  return ctx.outcomes(roller).filter((e) => e.procedure === 'ground-combat')
    .map((r) => `note "ground combat ${r.result}: the tool added the attrition points (15.7.1)"\n`).join('');
}

/** the first held event card is played as its event */
function playEvent(ctx, side, why) {
  const held = ctx.hand().filter((c) => c.deck === `${side}-events`).map((c) => c.card);
  return held.length ? `play ${held[0]} as event   # ${why}\n` : '';
}

/** the draw the side's own event check asked for (34.3): the engine owes it of this segment (its result came with the reply) */
function drawIfChecked(ctx, side) {
  const r = outcome(ctx.outcomes(side), 'event-check');
  const owed = (ctx.state().obligations ?? []).filter((o) => o.kind === 'draw' && o.side === side);
  if (owed.length) return owed.map((o) => `draw ${o.deck}   # the event check rolled ${r?.total}: the card it owes, secretly\n`).join('');
  return r ? `note "the event check rolled ${r.total}: no event"\n` : '';
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
  // 32.1.2 mining a permanent bridge (a road over a river: the canal bridge behind Panzerbrigade 2) takes one
  // turn off a primary road and an engineer point; 31.1 a level-1 fortification takes two turns, an engineer
  // point and a command point; the sequence finishes it (its marker counts down in each NATO engineer phase). The
  // points come back when the work is done (31.1.4, 32.1.2.3).
  `mark 2708|2709 engineer-ge1   # 32.1.2: mining the canal bridge, done next turn
mark 2708|2709 time-h09
mark 2713 nato-fortification-1-building-2   # 31.1.3: digging in behind Panzergrenadierbrigade 1, two turns (done in turn 3's engineer phase, 31.1.4)
mark 2713 engineer-ge1
track ge1-eng 2   # 32.1.2.2a, 31.1.2: an engineer point for each
track ge1-cp 5   # 31.1.2: and a command point for the fortification
`,
  `unmark 2708|2709 engineer-ge1   # 32.1.2.3: the mining is done
unmark 2708|2709 time-h09
mark 2708|2709 bridge-mined
track ge1-eng 3   # its engineer point comes back
`,
  `unmark 2713 engineer-ge1   # 31.1.4: the engineer phase finished the fortification; the engineers leave
track ge1-eng 4   # its engineer point comes back
`,
];
/** NATO's moves in its manoeuvre phase, by turn */
const natoManoeuvre = {
  3: `move ge-11pzgd-hq 0207 0308   # 33.5: the 11th PzGrenDiv's first group marches on, clearing the entry hex
move ge-11pzgd-art 0207 0308
move ge-11pzgd-recon 0207 0308 0407
`,
  5: `move br-4ad-hq 0926 0925   # 33.5: the 4th Armoured Division's first group marches up the B 6
move br-4ad-art 0926 0925
move br-4ad-recon 0926 0925 0924
`,
};

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
      let s = attritionTaken(ctx, 'nato');
      const r = outcome(ctx.outcomes('nato'), 'prepared-demolition');
      if (blow.pending && r) {
        blow.pending = false;
        blow.done = String(r.result).startsWith('bridge destroyed');
        // 32.1.3.3 "无论爆破判定结果如何，均移除该桥梁的布雷标记"
        s += blow.done ? 'unmark 2708|2709 bridge-mined\nmark 2708|2709 bridge-destroyed   # the demolition succeeded\n'
          : `unmark 2708|2709 bridge-mined   # the demolition failed (${r.total}): the bridge stands, its charges spent\n`;
      }
      return s;
    };
    let fog = false;
    for (let turn = 1; turn <= 6; turn++) {
      yield {
        side: 'wp', title: `turn ${turn}: weather, the fog roll`,
        // 29.1.2.1: fog is possible at night and in the morning (the turn type's fog-possible), not by day
        script: async (ctx) => (ctx.state().turnType === 'day' ? 'note "no fog possible by day (29.1.2.1)"\n'
          : 'resolve fog   # the season from the month: August, summer\n'),
      };
      yield {
        side: 'nato', title: `turn ${turn}: the fog known`,
        script: async (ctx) => {
          fog = String(outcome(ctx.outcomes('wp'), 'fog')?.result) === 'F';
          return `${natoResults(ctx)}note "weather: ${fog ? 'fog' : 'no fog'} this turn"\n`;
        },
      };
      yield {
        side: 'wp', title: `turn ${turn}: precipitation and the WP event roll`,
        // 34.3 "双方各自掷骰": the event phase ends when each side has said next (WP says it after its roll)
        script: async () => `resolve precipitation${fog ? '   # +2 in fog, from the fog track' : ''}
next   # event phase
next   # WP event roll
resolve event-check   # WP event roll (34.3-34.4: two sheets, 9 or 10 draws)
next   # NATO event roll
next   # said next: NATO's next ends the event phase
`,
      };
      yield {
        side: 'nato', title: `turn ${turn}: the NATO event roll and air points`,
        script: async (ctx) => {
          const rain = String(outcome(ctx.outcomes('wp'), 'precipitation').result) === 'P';
          const weather = `${fog ? ' fog' : ''}${rain ? ' precipitation' : ''}`;
          return `resolve event-check   # NATO event roll (34.3-34.4: two sheets, 9 or 10 draws)
next   # air phase: grounded air points from the weather (29.4)
resolve nato-air-points   # NATO air points regained${weather ? `: the${weather} modifiers apply themselves` : ''} (19.2.1: each zone owes its roll)
next   # said next in the air phase
`;
        },
      };
      // the air, command and bombardment phases end when each side has said next (19.2, 19.3, 25)
      yield {
        side: 'wp', title: `turn ${turn}: WP's event draw, air points, the command phase`,
        script: async (ctx) => {
          const s = drawIfChecked(ctx, 'wp');
          if (s.startsWith('draw')) drew.wp++;
          return `${s}resolve wp-air-points   # WP air points regained (19.2.1: the phase cannot end before each zone has rolled)
next   # command phase\nnext   # said next in the command phase\n`;
        },
      };
      yield {
        side: 'nato', title: `turn ${turn}: NATO's event draw, the bombardment phase`,
        script: async (ctx) => {
          const s = drawIfChecked(ctx, 'nato');
          if (s.startsWith('draw')) drew.nato++;
          return `${s}next   # bombardment phase\nnext   # said next in the bombardment phase\n`;
        },
      };
      yield {
        side: 'wp', title: `turn ${turn}: WP engineers and manoeuvre`,
        script: async (ctx) => {
          let s = 'next   # WP engineer phase\n';
          s += 'next   # WP manoeuvre\n';
          s += playEvent(ctx, 'wp', 'WP plays its event');
          // 35.3 "需在卡面标注的特定阶段使用；单个回合内可使用的行动卡数量无上限": from the open hand, in the phase on the card
          if (turn === 1) s += 'play wa-artillery-offensive   # action card (manoeuvre): the artillery fires without attrition this phase\n';
          if (turn === 2) s += 'play wa-omg   # action card (manoeuvre): the operational manoeuvre group\n';
          s += wpMoves[turn - 1] ?? '';
          if (turn === 1) s += combat('wp', { attacker: 'su-47gtd-tr1', defender: 'ge-pzgren1', mods: 'hasty', why: 'T-80s against Panzergrenadierbrigade 1, a hasty assault' });
          if (turn === 2) s += combat('wp', { attacker: 'su-10gtd-recon', defender: 'br-12ab', mods: 'hasty', why: 'reconnaissance in force against 12th Armoured Brigade' });
          return s + 'next   # WP attrition\nnext   # NATO engineer phase\n';
        },
      };
      yield {
        side: 'nato', title: `turn ${turn}: NATO engineers, manoeuvre and the end of the turn`,
        script: async (ctx) => {
          let s = attritionTaken(ctx, 'wp');
          s += natoMoves[turn - 1] ?? '';
          if (turn === 2) {
            blow.pending = true;               // 32.1.3: a prepared demolition, 3+ with no enemy adjacent
            s += 'resolve prepared-demolition   # blow the mined canal bridge before the T-80s reach it\n';
          }
          s += 'next   # NATO manoeuvre\n';
          s += natoManoeuvre[turn] ?? '';
          s += playEvent(ctx, 'nato', 'NATO plays its event');
          if (turn === 2) s += combat('nato', { attacker: 'ge-pzgren1', defender: 'su-47gtd-tr1', mods: '', why: 'Panzergrenadiers counterattack the worn tank regiment' });
          return s + 'next   # NATO attrition\nnext   # clean-up\nnext   # end phase\nnext   # next turn\n';
        },
      };
      if (turn >= 2 && drew.wp && drew.nato) break;
    }
    // The last results: each side applies what the other's reply resolved (and commits to its cards).
    yield { side: 'wp', title: 'the last results (WP)', script: async (ctx) => attritionTaken(ctx, 'nato') || 'note "nothing left to apply"\n' };
    yield { side: 'nato', title: 'the last results (NATO)', script: async (ctx) => natoResults(ctx) || 'note "nothing left to apply"\n' };
    yield { side: 'wp', reveal: 'final' };
    yield { side: 'nato', reveal: 'final' };
  },
};
