// Eylau 1807, scenario 20.1 "The fight for Eylau, 7 February" on map sheet C, turns 29-32 and the
// interphase of turn 33. Legrand's division and Klein's dragoons close on the Russian rearguard
// (Bagration, Barclay's Jagers) on the Ziegelhof heights; Labassee's brigade, Lamotte's dragoons
// and the IV Corps artillery come up the Landsberg road and the Waschkeiten lane in road column
// (6.6: 1/2 MP a primary-road hex, 2/3 a secondary-road hex). Every phase of the 4.1 sequence is
// stepped with `next`, each side writing its own phases: markers for orders and command (17),
// command points (17.21), command status as the commander's face (2.3.2: standby or mobilised), formation flips (line/column, limbered/unlimbered, road column, fresh/
// blown), turning (1/2 MP), mutual fire on the printed chart (a d10 the module logs; the chart is
// not in the rulebook extract, so this sample reads a modified 8 or more as one strength point
// lost), strength set on the counter, corps morale and brigade fatigue tracks. Gun damage (6.32,
// procedure `gun-damage`): the Russian horse company limbers and crosses the stream at
// C3326|C3327, which disorders it (6.3) and owes the check (the move records the obligation; stream
// −2 and horse artillery −1 come from the board); the French 12-pdr battery, charged by Grekov's
// Cossacks, limbers to retreat (fire level 1, +1). A result of 7–9 takes the strength point itself. The module has no card deck, so this sample has
// no hidden draws. Both sides end with `reveal --final`.
//
// The turn record follows the game turn (it starts at 29 and `next` moves it). Reinforcements of
// 20.1 enter in road column at the map-edge hex of their road: C0140 on the Landsberg road, C0125
// on the Waschkeiten lane (6.7), as the French movement segment begins, in single file (6.71): each
// has spent the entry hex and the road hexes of the column ahead (6.65: a battalion of 11 fills 2),
// so Labassee's brigade comes in staggered, 2 hexes apart. Grekov's Cossacks stop 7 hexes from
// C0140, so the IV Corps guns may still enter in road column (6.7 "周边6格范围内没有敌方单位").
// II/26e Leger enters the village at C1531 in line and is forced into open order there (6.21),
// going on within open order's allowance (6.11).
//
// Every roll is sealed (docs/sample-games.md): a fire or gun-damage roll is committed in its
// roller's segment and resolved by the opponent's reply. So each step opens with the results it
// can read that are its side's to apply: the hits of the enemy's fire on its own units (strength
// set, corps morale track down a point) and the damage of its own gun-damage checks; the rest of
// the step is its orders. The phases both sides play (the interphase, 4.1 1A-G "双方玩家核查…";
// mutual fire, 4.1 6 "每个小环节内双方交替开火") end segment by segment only when each side has said
// next, so the sides hand each segment to each other; in a fire segment one side fires, says next,
// and the other answers (its fire resolving the first side's rolls) and ends it.
const res = (events, procedure) => events.filter((e) => e.type === 'resolved' && e.procedure === procedure).at(-1);
const strength = {
  'fr-26lt-1': 11, 'fr-26lt-2': 11, 'fr-tir-po': 8, 'fr-tir-corse': 8, 'fr-iv-12': 8,
  'ru-1jg': 9, 'ru-3jg': 9, 'ru-5jg': 9, 'ru-ag-ha': 6,
};
const morale = { french: 24, allies: 16 };                  // fr-iv-morale, al-ag-morale
const moraleTrack = { french: 'fr-iv-morale', allies: 'al-ag-morale' };
const sideOf = (unit) => (unit.startsWith('fr-') ? 'french' : 'allies');
const rolls = { french: [], allies: [] };                   // each side's fire and gun-damage rolls, in commitment order
const byId = new Map();                                     // sealed id → the roll it resolved

/** one unit's fire, rolled on the printed chart (`resolve d10`): 8+ costs the target 1 strength point */
function fire(side, { firer, target, mod = 0, why }) {
  rolls[side].push({ target, firer });
  return `note "${why}"\nresolve d10${mod ? ` modifier=${mod}` : ''}   # ${firer} at ${target}, fire chart (11)\n`;
}

/** a gun-damage check (6.32), bound to the battery (and the hexside crossed): the board gives the
 * modifiers, and the reply's result takes the strength point itself (the procedure's outcome) */
function gunDamage(side, battery, crossing, why) {
  rolls[side].push({ battery });
  return `resolve gun-damage piece=${battery}${crossing ? ` crossing=${crossing}` : ''}   # ${why}\n`;
}

/** the results this side can read now and must apply: enemy hits on its units, its own gun damage */
function takeResults(ctx, side) {
  let s = '';
  for (const roller of ['french', 'allies']) {
    for (const r of ctx.outcomes(roller).filter((e) => e.procedure === 'd10' || e.procedure === 'gun-damage')) {
      if (!byId.has(r.sealed)) byId.set(r.sealed, rolls[roller].shift());
      const x = byId.get(r.sealed);
      if (x.battery && sideOf(x.battery) === side) {
        if (r.result !== '1 strength point lost') { s += `note "${x.battery}: the gun-damage check passed (${r.total})"\n`; continue; }
        strength[x.battery]--;   // the outcome set it already (6.32: 7-9 loses 1 strength point)
        s += `note "${x.battery}: gun damage (6.32), ${r.total}: 1 strength point lost, now ${strength[x.battery]}"\n`;
      } else if (x.target && sideOf(x.target) === side) {
        if (r.total < 8) { s += `note "${x.firer}'s fire at ${x.target}: ${r.total}, no loss"\n`; continue; }
        strength[x.target]--;
        morale[side]--;
        s += `set ${x.target} strength=${strength[x.target]}   # ${x.firer}'s fire, ${r.total} on the chart: 1 strength point\ntrack ${moraleTrack[side]} ${morale[side]}\n`;
      }
    }
  }
  return s;
}

/** every step opens with the results its side has to apply */
function withResults(step) {
  if (step.reveal) return step;
  const { script } = step;
  return { ...step, script: async (ctx) => takeResults(ctx, step.side) + (typeof script === 'function' ? await script(ctx) : script) };
}

/**
 * Segments of a phase both sides play, handed over one by one (each ends when each side has said
 * next): the Allies end the one the French said next in and say next in the following, and so on.
 */
function handOver(title, segments, first = 'allies') {
  return segments.map((name, i) => {
    const side = i % 2 === 0 ? first : (first === 'allies' ? 'french' : 'allies');
    return { side, title: `${title} ${name}`, script: `next   # ${name}\nnext   # said next in ${name}\n` };
  });
}
/** A turn's interphase outside the hourly turns (A and B), once the French have said next in A. */
const interphase = (title) => [
  ...handOver(`${title}: interphase`, ['B. snow and visibility (C-G are for hourly turns)']),
  { side: 'french', title: `${title}: the interphase ends`, script: 'next   # allied command phase\n' },
];
/** A mutual fire phase with nothing in range, once the Allies have said next in A: B and C. */
const mutualFire = (title) => handOver(`${title}: mutual fire`, ['B. battalion fire (none)', 'C. artillery fire (none)'], 'french');

const nexts = (n, why = '') => Array.from({ length: n }, (_, i) => `next${i === n - 1 && why ? `   # ${why}` : ''}\n`).join('');

export default {
  module: 'eylau-1807',
  scenario: '20-1-eylau-7-february',
  out: 'logs/eylau-1807-sample.hexlog',
  creator: 'french',
  other: 'allies',
  facts: {
    pieces: ['fr-26lt-1', 'fr-18-1', 'fr-4drg', 'fr-iv-12', 'ru-ag-ha', 'ru-cos-grekov', 'ru-25jg'],
    tracks: ['turn', 'fr-iv-morale', 'al-ag-morale', 'fr-command-points', 'al-command-points', 'fatigue-fr-ledru', 'fatigue-ru-ag-jg'],
  },
  steps: [
    // ---- turn 29 (14:00, an hourly turn: interphase C-G)
    // the interphase: "双方玩家核查…", "双方可…", "双方获取…" (4.1 1A-G): each segment ends when each
    // side has said next, so the sides hand it to each other segment by segment
    { side: 'french', title: 'turn 29: interphase A (army morale)', script: 'next   # said next in A. army and corps morale\n' },
    ...handOver('turn 29: interphase', ['B. snow and visibility', 'C. special fatigue', 'D. brigade fatigue', 'E. deactivation']),
    {
      side: 'allies', title: 'turn 29: interphase F, Allied command points',
      script: `next   # F. command points received
track al-command-points +1
next   # said next in F
`,
    },
    {
      side: 'french', title: 'turn 29: interphase F and G, French command points and command status',
      script: `track fr-command-points +1   # F
next   # G. command status
flip fr-cr-cdr mobilised   # Murat kept mobilised for a command point (2.3.2: 12 MP mobilised, 6 on standby)
track fr-command-points -1
next   # said next in G
`,
    },
    {
      side: 'allies', title: 'turn 29: Allied command status, command and rally phases',
      script: `flip al-ag-cdr mobilised   # G: Bagration mobilised (2.3.2)
track al-command-points -1
next   # allied command phase
next   # B. brigade commanders
mark ru-ag-jg-cdr order-received   # the Jagers hold the Ziegelhof heights
next
next
next   # E. army commander
mark ru-4div-cdr order-delay-2   # Somov's division called up: delivery in two turns
${nexts(5, 'French movement phase')}`,
    },
    {
      side: 'french', title: 'turn 29: French movement — Ledru advances, Klein\'s dragoons on the left',
      script: `next   # B. movement
flip fr-26lt-1 column   # I/26e Leger forms column to lead
move fr-26lt-1 C0826 C0927 C1026 C1127
move fr-ledru-cdr C0826 C0927 C1026
move fr-26lt-2 C0831 C0932 C1031   # the rest of the brigade in line
move fr-tir-po C0832 C0933 C1032
move fr-tir-corse C0833 C0934 C1033
move fr-legrand-cdr C0930 C1030
move fr-1drg C0620 C0721 C0820 C0921 C1020 C1121
move fr-fenerols-cdr C0620 C0721 C0820 C0921 C1020
move fr-2drg C0621 C0722 C0821 C0922 C1021 C1122
move fr-20drg C0622 C0723 C0822 C0923 C1022 C1123
move fr-klein-cdr C0723 C0822 C0922
move fr-cr-cdr C0525 C0624 C0724 C0824 C0924
next   # Allied assault phase
`,
    },
    {
      side: 'allies', title: 'turn 29: no charges, no fire in range',
      script: `note "no charges: the rearguard waits on the heights; nothing in range in the fire phase"
next   # mutual fire: A. skirmishers
next   # said next in A
`,
    },
    ...mutualFire('turn 29'),
    {
      side: 'french', title: 'turn 29: French command and rally phases',
      script: `next   # French command phase
mark fr-legrand-cdr attack-order-division   # D. Legrand: take the Ziegelhof heights
${nexts(4, 'E. brigade commanders')}mark fr-ledru-cdr order-received
${nexts(5, 'Allied movement phase')}`,
    },
    {
      side: 'allies', title: 'turn 29: Allied movement — the horse company crosses the stream, Grekov rides south',
      script: async (ctx) => {
        let s = `next   # B. movement
flip ru-ag-ha limbered   # the Advanced guard horse company limbers up
move ru-ag-ha C2923 C3023 C3024 C3124 C3224 C3325 C3326 C3327   # across the stream off the road (9 MP)
`;
        s += gunDamage('allies', 'ru-ag-ha', 'C3326|C3327', 'crossing the stream off the road: owed (6.32), stream -2 and horse artillery -1 from the board');
        return s + `rotate ru-25jg 3   # the 25th Jagers turn to face the French columns (1/2 MP)
flip ru-dnieper-1 line
flip ru-dnieper-2 line
move ru-cos-grekov C2821 C2822 C2723 C2724 C2624 C2625 C2526 C2527 C2427 C2428   # Grekov's Cossacks ride south
next   # French assault phase
`;
      },
    },
    // ---- turn 30 (14:15): Labassee's brigade and Soult on the Landsberg road
    {
      side: 'french', title: 'turn 29 French assault; turn 30 interphase',
      script: `note "no assault: the French are still out of reach"
next   # turn 30
next   # said next in A. army and corps morale
`,
    },
    ...interphase('turn 30'),
    {
      side: 'allies', title: 'turn 30: Allied command and rally phases',
      script: `next   # B. brigade commanders
mark ru-ag-inf-cdr order-received   # the Advanced guard infantry holds Eylau
${nexts(8, 'French movement phase')}`,
    },
    {
      side: 'french', title: 'turn 30: French movement — road march up the Landsberg road',
      script: `next   # B. movement: the brigade came in single file as it began (6.71)
move fr-18-1 C0239 C0238 C0338 C0437 C0436 C0536 C0635 C0634 C0734 C0833 C0832   # road column, 1/2 MP a hex (6 of 6 with the entry hex)
move fr-18-2 C0239 C0238 C0338 C0437 C0436 C0536 C0635 C0634 C0734   # 1 1/2 MP gone: 1/2 the entry hex, 1 the 2 road hexes of I/18e ahead (6.65: 11 strength points)
move fr-75-1 C0239 C0238 C0338 C0437 C0436 C0536 C0635   # 2 1/2 MP gone behind four hexes of column
move fr-75-2 C0239 C0238 C0338 C0437   # 3 1/2 gone; it closes up on the column
mark C0338 road-column-length   # 6.65: the column's tail
move fr-labassee-cdr C0239 C0238 C0338 C0437 C0436 C0536 C0635 C0634 C0734
move fr-iv-cdr C0239 C0238 C0338   # behind the whole brigade: 4 1/2 of its 6 MP gone at the map edge
move fr-26lt-1 C1226 C1327 C1426 C1527
flip fr-26lt-1 line   # deploys in front of the heights
move fr-ledru-cdr C1126 C1226 C1326 C1426
move fr-26lt-2 C1131 C1231 C1331
move fr-tir-po C1132 C1232 C1332
move fr-tir-corse C1133 C1233 C1333
move fr-legrand-cdr C1130 C1229
move fr-1drg C1220 C1321 C1420
move fr-2drg C1221 C1322 C1421
move fr-20drg C1222 C1323 C1422
next   # Allied assault phase
`,
    },
    {
      side: 'allies', title: 'turn 30: no charges; the Jagers hold their fire',
      script: 'next   # mutual fire: A. skirmishers\nnext   # said next in A\n',
    },
    ...mutualFire('turn 30'),
    {
      side: 'french', title: 'turn 30: French command and rally phases',
      script: `next   # French command phase
${nexts(4, 'E. brigade commanders')}mark fr-labassee-cdr order-received   # Labassee's brigade ordered forward
${nexts(5, 'Allied movement phase')}`,
    },
    {
      side: 'allies', title: 'turn 30: Allied movement — the Cossacks work round the French right',
      script: `next   # B. movement
move ru-cos-grekov C2429 C2430 C2431 C2332 C2232 C2133 C2033 C1934 C1834 C1735
flip ru-polotsk-1 line
rotate ru-polotsk-1 +1   # 1/2 MP
next   # French assault phase
`,
    },
    // ---- turn 31 (14:30): Lamotte's dragoons by the Waschkeiten lane; the first fire
    {
      side: 'french', title: 'turn 30 French assault; turn 31 interphase',
      script: `next   # turn 31
next   # said next in A. army and corps morale
`,
    },
    ...interphase('turn 31'),
    {
      side: 'allies', title: 'turn 31: the order reaches Somov',
      script: `note "Somov's order is one turn away (its delay marker counted down as the turn began)"
${nexts(9, 'French movement phase')}`,
    },
    {
      side: 'french', title: 'turn 31: French movement — Lamotte up the lane, Ledru closes on the Jagers',
      script: `mark fr-75-2 out-of-command   # A. command status: the tail of the column is out of Labassee's reach
next   # B. movement
move fr-4drg C0224 C0325 C0424 C0524 C0623 C0724 C0823 C0923   # road column on the lane, 2/3 MP a hex (6 of 6 with the entry hex)
move fr-14drg C0224 C0325 C0424 C0524 C0623 C0724   # 2 MP gone: 2/3 the entry hex, 4/3 the 2 lane hexes of the 4e ahead (6.71; 6.65: 8 strength points)
move fr-26drg C0224 C0325 C0424 C0524   # 3 1/3 gone behind four hexes of column
move fr-lamotte-cdr C0224 C0325 C0424 C0524 C0623 C0724 C0823
move fr-26lt-1 C1626
move fr-ledru-cdr C1527
move fr-26lt-2 C1430
move fr-tir-po C1431
flip fr-18-1 column --facing 1   # Labassee's brigade leaves the road, facing the way it goes (6.62, 5.32: free)
move fr-18-1 C0932 C1032   # through its front hexsides only (5.4)
move fr-18-2 C0833   # the last road hex (1/2 MP)
flip fr-18-2 column --facing 1
move fr-18-2 C0933 C1033
next   # Allied assault phase
`,
    },
    // mutual fire (4.1 6: "每个小环节内双方交替开火"): each segment ends when each side has said next
    {
      side: 'allies', title: 'turn 31: mutual fire, no skirmishers',
      script: 'next   # mutual fire: A. skirmishers (none)\nnext   # said next in A\n',
    },
    {
      side: 'french', title: 'turn 31: Ledru opens fire',
      script: async (ctx) => {
        let s = 'next   # B. battalion fire\n';
        s += fire('french', { firer: 'fr-26lt-1', target: 'ru-1jg', why: 'I/26e Leger fires at the 1st Jagers' });
        s += fire('french', { firer: 'fr-26lt-2', target: 'ru-3jg', mod: -1, why: 'II/26e Leger fires at the 3rd Jagers at longer range' });
        return `${s}next   # said next in B: the Jagers answer\n`;
      },
    },
    {
      side: 'allies', title: 'turn 31: the Jagers answer',
      script: async (ctx) => {
        let s = fire('allies', { firer: 'ru-1jg', target: 'fr-26lt-1', why: 'the 1st Jagers fire at I/26e Leger' });
        s += fire('allies', { firer: 'ru-3jg', target: 'fr-26lt-1', why: 'the 3rd Jagers fire at I/26e Leger' });
        return `${s}next   # C. artillery fire: none\nnext   # said next in C\n`;
      },
    },
    {
      side: 'french', title: 'turn 31: French command and rally',
      script: `next   # French command phase
${nexts(7, 'French rally')}${nexts(2, 'Allied movement phase')}`,
    },
    {
      side: 'allies', title: 'turn 31: Allied movement — Grekov behind the French right',
      script: `next   # B. movement
move ru-cos-grekov C1635 C1536 C1436 C1337 C1237 C1138 C1038 C0939 C0839   # 7 hexes from C0140: the IV Corps guns may still come in road column (6.7)
next   # French assault phase
`,
    },
    // ---- turn 32 (14:45): the IV Corps artillery; the Cossacks charge the 12-pdr
    {
      side: 'french', title: 'turn 31 French assault; turn 32 interphase',
      script: `note "Ledru does not assault: he waits for the guns"
next   # turn 32
next   # said next in A. army and corps morale
`,
    },
    ...interphase('turn 32'),
    {
      side: 'allies', title: 'turn 32: Somov\'s order delivered; Grekov declares a charge',
      script: `note "Somov's order is delivered (the marker became order-received as the turn began)"
${nexts(5, 'F. charge declarations')}mark C0737 charge-zone   # Grekov's Cossacks will charge from C0839
${nexts(4, 'French movement phase')}`,
    },
    {
      side: 'french', title: 'turn 32: French movement — the IV Corps guns come up and unlimber',
      script: `unmark fr-75-2 out-of-command
next   # B. movement
move fr-iv-12 C0239 C0238 C0338 C0437 C0436   # the 12-pdr in road column (2 1/2 MP, and 1/2 the entry hex)
flip fr-iv-12 limbered   # leaves road column: 6.62, 2 MP for 8 guns (5 of its 5)
flip fr-iv-12 unlimbered   # unlimbers beside the road (5.32: the facing is free)
move fr-iv-8a C0239 C0238 C0338   # behind the 12-pdr's 2 road hexes (6.71)
move fr-iv-8b C0239 C0238
move fr-iv-art-cdr C0239 C0238 C0338 C0437 C0436
unmark C0338 road-column-length
move fr-75-1 C0634 C0734   # the rest of Labassee's brigade closes up
flip fr-75-1 column --facing 2
move fr-75-1 C0834 C0935
move fr-26lt-2 C1531 C1630 C1631   # into the village in line (2 MP): 6.21 forces open order there, and the move goes on within open order's 5 MP (6.11): 5 of 5, past the line's 4
next   # Allied assault phase
`,
    },
    {
      side: 'allies', title: 'turn 32: Grekov\'s Cossacks charge the 12-pdr',
      script: `move ru-cos-grekov C0739 C0738 C0737 C0636 C0536   # the charge (12), from C0839
note "Grekov's Cossacks charge the IV Corps 12-pdr battery at C0436"
unmark C0737 charge-zone
`,
    },
    {
      side: 'french', title: 'turn 32: the battery limbers to retreat; mutual fire',
      script: async (ctx) => {
        let s = `flip fr-iv-12 limbered   # limbers to retreat from the charge
`;
        s += gunDamage('french', 'fr-iv-12', null, 'limbering to retreat (6.32 "收炮准备撤退时"), 12-pdr guns +1 from the board');
        return s + 'move fr-iv-12 C0437   # back down the road\nnext   # mutual fire: A. skirmishers (none)\nnext   # said next in A\n';
      },
    },
    {
      side: 'allies', title: 'turn 32: the Jagers fire; the Cossacks blown',
      script: async (ctx) => {
        let s = 'next   # B. battalion fire\n';
        s += fire('allies', { firer: 'ru-5jg', target: 'fr-tir-po', why: 'the 5th Jagers fire at the Tirailleurs du Po' });
        return s + `flip ru-cos-grekov blown   # after the charge (12)
mark ru-cos-grekov charge-fatigue
next   # said next in B: the French answer
`;
      },
    },
    {
      side: 'french', title: 'turn 32: the French answer',
      script: async (ctx) => {
        let s = fire('french', { firer: 'fr-26lt-1', target: 'ru-1jg', why: 'I/26e Leger fires at the 1st Jagers again' });
        s += fire('french', { firer: 'fr-tir-po', target: 'ru-3jg', mod: -1, why: 'the Tirailleurs du Po fire at the 3rd Jagers' });
        return `${s}next   # C. artillery fire
next   # said next in C
`;
      },
    },
    {
      side: 'allies', title: 'turn 32: no artillery fire',
      script: 'next   # French command phase\n',
    },
    {
      side: 'french', title: 'turn 32: French command and rally phases',
      script: `${nexts(7, 'French rally')}${nexts(2, 'Allied movement phase')}`,
    },
    {
      side: 'allies', title: 'turn 32: Allied movement — the Jagers fall back on Eylau',
      script: `next   # B. movement
rotate ru-1jg +3   # faces about to fall back (5.42: 1/2 MP and the Faced to Rear marker)
move ru-1jg C2019   # one hex back through its old rear (1 MP; 5.42: at most 2 hexes)
rotate ru-1jg -3   # fronts the French again (1/2 MP, the marker off)
rotate ru-25jg 2   # turns towards the heights (5.4: it moves through its front only; 1/2 MP)
move ru-25jg C2022   # back up the heights
rotate ru-25jg 4   # faces west again (1 MP)
move ru-cos-grekov C0636 C0737 C0837 C0838   # Grekov draws off (blown)
next   # French assault phase
`,
    },
    // ---- turn 33 (15:00, hourly): brigade fatigue
    {
      side: 'french', title: 'turn 32 French assault; turn 33 interphase: fatigue, command points',
      script: `next   # turn 33
next   # said next in A. army and corps morale
`,
    },
    ...handOver('turn 33: interphase', ['B. snow and visibility', 'C. special fatigue']),
    {
      side: 'allies', title: 'turn 33: interphase D, Allied fatigue',
      script: `next   # D. brigade fatigue
track fatigue-ru-ag-jg +1   # the Jagers under fire
track fatigue-ru-ag-cav +1   # the Cossacks' charge
next   # said next in D
`,
    },
    {
      side: 'french', title: 'turn 33: interphase D, French fatigue',
      script: `track fatigue-fr-ledru +1   # Ledru's brigade has been under fire
mark fr-ledru-cdr fatigue
next   # E. deactivation
next   # said next in E
`,
    },
    {
      side: 'allies', title: 'turn 33: interphase F, Allied command points',
      script: `next   # F. command points
track al-command-points +1
next   # said next in F
`,
    },
    {
      side: 'french', title: 'turn 33: interphase F, French command points',
      script: `track fr-command-points +1
next   # G. command status
next   # said next in G
`,
    },
    { side: 'allies', title: 'turn 33: interphase G', script: 'next   # allied command phase\n' },
    { side: 'french', reveal: 'final' },
    { side: 'allies', reveal: 'final' },
  ].map(withResults),
};
