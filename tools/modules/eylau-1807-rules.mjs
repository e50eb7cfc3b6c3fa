// Eylau's movement rules as data (module.json "movement"): modes, the memory a move carries, step
// rules, facing and formation-change costs. Each quotes the section of the v1.5 rules it applies
// (../shared/seeds/000, Chinese); what the text does not give is said to be ours.

/**
 * 6.52 "步兵营、骑兵单位": infantry battalions and cavalry, not in road column (skirmishers, guns and leaders
 * are not); a battalion the first obstacle hex put in open order keeps to the chain ("该类单位驶入首个障碍地形格子后，
 * 步兵、轻骑兵强制切换为常规散阵").
 */
const FORMED = "['infantry', 'light-cavalry', 'heavy-cavalry'] has piece.type and class != 'road-column'";
/** 6.21 障碍地形格子: the obstacle hexes. */
const OBSTACLE = "['town', 'woods', 'light-cover', 'farm', 'frozen-marsh']";
/** 6.52 河流/小溪格边: the water hexsides a road crosses for +1 only. */
const WATER = "['stream', 'river', 'major-river']";
/** 6.1 敌方作战单位: enemy combat units (leaders are not combat units). */
const COMBAT = "['infantry', 'skirmishers', 'light-cavalry', 'heavy-cavalry', 'cossacks', 'foot-artillery', 'horse-artillery', 'gun-crew']";

/** 6.21 列阵 (formed): infantry not in open order or road column, light cavalry fresh or blown (not Cossacks, 19.2). */
const FORMED_OPEN = "((piece.type == 'infantry' and piece.face in ['column', 'line', 'extended-line', 'square'])"
  + " or (piece.type == 'light-cavalry' and piece.face in ['fresh', 'blown']))";
/** 6.22 列阵步兵: infantry in column, line, extended line or square. */
const FORMED_INFANTRY = "(piece.type == 'infantry' and piece.face in ['column', 'line', 'extended-line', 'square'])";
/** 6.1, 4.1 4B / 9B: the two movement phases. */
const MOVEMENT_PHASE = "phase in ['french-movement', 'allied-movement']";
/** 6.22 a river crossed off the road by formed infantry that chose +1 MP and disorder. */
const RIVER_CHOICE = `mode == 'river-disorder' and ${FORMED_INFANTRY} and hexside.features has 'river' and not along-road`;
/** 2.4 列阵 by arm, as the faces show it: infantry, cavalry (light and heavy; Cossacks, 19.2, are cut: ours), artillery. */
const INF_FACES = ['column', 'line', 'extended-line', 'square'], CAV_FACES = ['fresh', 'blown'], ART_FACES = ['limbered', 'unlimbered'];
const list = (xs) => `[${xs.map((x) => `'${x}'`).join(', ')}]`;
const FORMED_INF = list(INF_FACES), FORMED_CAV = list(CAV_FACES), FORMED_ART = list(ART_FACES);
const FORMED_ANY = list([...INF_FACES, ...CAV_FACES, ...ART_FACES]);
/** 6.13 a step out of a hex the unit passed through (not where it began) holding formed friends; not in grand-tactical
 * movement (6.13 备注, 6.42) nor along a road chain (6.52 "单位可无障碍途经未采用道路纵队阵型的友军单位"). */
const UNSHAKEN = "not (piece.markers has 'disordered') and not (piece.markers has 'routed')";
const PASSING = `${UNSHAKEN} and memory.moved == 1 and mode != 'grand-tactical' and memory.road-obstacle == 0 and any(from.friend-faces, ${FORMED_ANY})`;
/** 6.21 the hexes that force formed infantry and light cavalry into open order: towns, woods, frozen marsh. */
const FORCING = "any(to.terrain, ['town', 'woods', 'frozen-marsh'])";
/** 6.22 障碍地形格边: the obstacle hexsides (slopes are 6.23's, not obstacles). */
const OBSTACLE_SIDE = "['light-cover-side', 'stream', 'river', 'major-river']";
/** 5.2 G, H: disordered (artillery excepted) and routed units face all round, whatever their face. */
const ALL_ROUND_BY_MARKER = "piece.markers has 'routed' or (piece.markers has 'disordered' and class != 'artillery')";

export const MOVEMENT = {
  allowance: 'movement',
  turnCost: { '*': '1/2', 'infantry-extended-line': 1, 'road-column': 0 },
  modes: [{
    id: 'grand-tactical', name: 'Grand-tactical movement', rule: '6.41', bonus: 2,
    when: "not (piece.type in ['skirmishers', 'gun-crew']) and not (piece.markers has 'routed')"
      + " and not (piece.markers has 'out-of-command') and not (piece.face == 'blown')"
      + " and enemies-within(6, ['routed']) == 0",
    note: '6.41 开启条件: +2 MP for a unit in command at the start of its move, more than 6 hexes from every '
      + 'non-routed enemy unit, not skirmishers, gun crews or routed, cavalry not blown (疲惫 read as the blown face).',
  }, {
    id: 'river-disorder', name: 'River crossing at +1 MP, disordered', rule: '6.22', bonus: 0,
    when: `${FORMED_INFANTRY} and not (piece.markers has 'disordered')`,
    note: '6.22 河流格边 "列阵步兵可选：额外+2移动点 / +1移动点并陷入混乱": formed infantry (column, line, extended line, '
      + 'square) not disordered chooses +1 MP and disorder for the rivers it crosses off the road in this move',
  }],
  // 6.22 河流格边 "列阵步兵可选：额外+2移动点 / +1移动点并陷入混乱": the owner's choice, declared with the move
  // (`--mode river-disorder`); without it the move pays +2. One choice a command: split the move to choose twice.
  memory: [
    { id: 'road-obstacle', max: 1, note: '6.52: 1 once the unit has entered an obstacle hex with a road and kept to the road since' },
    { id: 'halt', max: 1, note: '6.41: 1 once a grand-tactical move has come within 6 hexes of an enemy unit' },
    { id: 'moved', max: 1, note: '6.13: 1 once the move has left the hex it began in (passing through friends is leaving a hex entered)' },
    { id: 'rear', max: 2, note: '5.42: hexes moved faced to rear in this move' },
  ],
  steps: [
    { rule: '5.4', when: `not hexside.front and not (${ALL_ROUND_BY_MARKER})`, cost: 'prohibited',
      note: '5.4 "单位移动时，仅能进入自身正面朝向覆盖的相邻格子…如需进入侧翼、后方格子，必须先在当前格子内旋转朝向": '
        + 'rotate first (5.42: a unit faced to rear has turned, so its front is the old rear)' },
    { rule: '5.42', when: "piece.markers has 'faced-to-rear' and memory.rear >= 2", cost: 'prohibited',
      note: '5.42 "移动距离最多不得超过2格六边形"' },
    { rule: '5.42', when: "piece.markers has 'faced-to-rear'", remember: { rear: 'memory.rear + 1' } },
    { rule: '6.41', when: "mode == 'grand-tactical' and memory.halt == 1", cost: 'prohibited',
      note: '6.41 "一旦进入敌方6格范围内必须立刻终止移动": the move ends at the first hex within 6 hexes of an enemy unit' },
    { rule: '6.41', when: "mode == 'grand-tactical' and enemies-within(6, ['routed']) > 0", remember: { halt: 1 } },
    { rule: '6.52', when: `along-road and class != 'road-column' and any(hexside.features, ${WATER})`,
      sides: `sides-without(${WATER}) + (if sides == prohibited then 1 else min(1, sides - sides-without(${WATER})))`,
      note: '6.52 "单位经由道路跨越小溪、次级河流、大型河流格边时，仅需额外消耗1点移动力": a stream or river crossed by road +1 at most' },
    { rule: '6.52', when: `along-road and ${FORMED} and any(to.terrain, ${OBSTACLE}) and memory.road-obstacle == 1`, hex: 1,
      note: '6.52 "若后续沿同一条连续道路继续驶入其余障碍地形格子，每格仅消耗1点移动力"' },
    { rule: '6.52', when: `along-road and ${FORMED} and any(to.terrain, ${OBSTACLE}) and memory.road-obstacle == 0 and hex == prohibited`, hex: 2,
      note: '6.52 "单位可经由连续的道路格子驶入原本禁止通行的地形格子，进入时消耗2点移动力" (and is disordered: the players mark it)' },
    { rule: '6.52', when: `along-road and class == 'artillery' and any(to.terrain, ${OBSTACLE})`, hex: 1,
      note: '6.52 "牵引行军状态的炮兵连，若从相邻的同段连续道路格子驶入带有道路的障碍地形格子，每格仅消耗1点移动力"' },
    { rule: '6.42', when: "mode == 'grand-tactical' and along-road and any(to.terrain, ['woods', 'frozen-marsh']) and class in ['artillery', 'light-cavalry', 'heavy-cavalry']", hex: 1,
      note: '6.42 "从道路格边进入树林、冻土湿地时，炮兵、骑兵仅消耗1点移动力"' },
    { rule: '6.52', when: 'not along-road', remember: { 'road-obstacle': 0 } },
    { rule: '6.52', when: `to.road and any(to.terrain, ${OBSTACLE})`, remember: { 'road-obstacle': 1 } },
    { rule: '6.22', when: RIVER_CHOICE, sides: 'sides - 1',
      note: '6.22 河流格边 "列阵步兵可选：额外+2移动点 / +1移动点并陷入混乱": +1 instead of +2 (movement.effects marks it disordered)' },
    { rule: '6.1', when: `piece.markers has 'out-of-command' and ${MOVEMENT_PHASE}`, cost: 'prohibited',
      note: '6.1 "以下单位禁止在移动阶段移动：…脱离指挥的旅级指挥官（见17.11）…脱离指挥的作战单位（例外：17.13、17.14）": '
        + 'a unit or brigade leader carrying the Out of Command marker does not move in a movement phase. The exceptions '
        + '(17.13, 17.14) are cut from our text: where one applies, the move goes through with the warning' },
    { rule: '6.13', when: `${PASSING} and piece.type in ['light-cavalry', 'heavy-cavalry'] and piece.face in ${FORMED_CAV}`,
      cost: 'total + 1',
      note: '6.13 "列阵骑兵：进入列阵友军所在格子需额外消耗1点移动力": charged as it leaves the hex it passed through (a move '
        + 'that ends there stacks, 6.12, free); a disordered friend still counts (the friends\' markers are not read: ours)' },
    { rule: '6.13', when: `${PASSING} and piece.type == 'infantry' and piece.face == 'line'`, cost: 'total + 1',
      note: '6.13 "横队步兵：途经任意列阵友军所在格子，离开该格时需额外消耗1点移动力，或切换为常规散阵": the +1; '
        + 'the other choice (open order) is a flip before the step' },
    { rule: '6.13', when: 'true', remember: { moved: 1 } },
    { rule: '6.1', when: "piece.markers has 'routed' and not (phase in ['allied-rally', 'french-rally'])", cost: 'prohibited',
      note: '6.1 "以下单位禁止在移动阶段移动：…溃退单位（溃退单位仅可在重整阶段执行撤退，见13.31）"' },
    { rule: '6.0', when: "piece.markers has 'routed' and phase in ['allied-rally', 'french-rally']",
      cost: 'if total == prohibited then prohibited else 0',
      note: '6.0 "突击肉搏、骑兵冲锋、混乱/溃退单位撤退这类战术机动不属于常规移动，不消耗移动点数（MP）": a routed unit\'s retreat in the rally phase' },
    { rule: '6.1', when: `any(to.enemy-types, ${COMBAT})`, cost: 'prohibited',
      note: '6.1 "移动中的友军单位禁止进入敌方作战单位所在格子（例外见8.66）": 8.66 is cut from our text' },
  ],
  effects: [
    { rule: '6.42', when: `mode == 'grand-tactical' and ${FORMED_OPEN} and ${FORCING}`, mark: 'disordered',
      note: '6.42 "途经会强制切换常规散阵的地形时，单位会直接陷入混乱"' },
    { rule: '6.21', when: `mode != 'grand-tactical' and ${FORMED_OPEN} and ${FORCING}`,
      flip: "if piece.face == 'blown' then 'blown-open-order' else 'open-order'",
      note: '6.21 城镇 "列阵步兵、轻骑兵进入后强制转为常规散阵", 树林 "步兵、轻骑兵进入…并强制转为常规散阵（散兵除外）", '
        + '冻土湿地 "列阵步兵、轻骑兵强制转为常规散阵"; 6.52 by road likewise ("步兵、轻骑兵强制切换为常规散阵")' },
    { rule: '6.21', when: "class == 'heavy-cavalry' and any(to.terrain, ['town', 'woods', 'farm', 'frozen-marsh'])", mark: 'disordered',
      note: '6.21 "重骑兵、炮兵进入任意障碍地形格子直接陷入混乱", 农庄 "重骑兵、炮兵…进入后陷入混乱", 冻土湿地 "重骑兵直接混乱"; '
        + 'light cover, whose entry names no disorder, is excepted (our reading, as 6.3 excepts it for artillery)' },
    { rule: '6.3', when: "class == 'artillery' and any(to.terrain, ['town', 'woods', 'farm', 'frozen-marsh'])", mark: 'disordered',
      note: '6.3 "除轻型掩护地形外，炮兵进入/途经障碍地形格子、格边都会陷入混乱"; by road too (6.52 "炮兵单位进入后会立刻陷入混乱")' },
    { rule: '6.3', when: `class == 'artillery' and any(hexside.features, ${OBSTACLE_SIDE}) and not (along-road and any(hexside.features, ${WATER}))`,
      mark: 'disordered',
      note: '6.3, 6.22 (light-cover hexside "炮兵额外+1且陷入混乱", river "炮兵+2移动点、混乱"); by road over water no disorder (6.52)' },
    { rule: '6.32', when: "class == 'artillery' and any(hexside.features, ['light-cover-side', 'stream', 'river']) and not along-road",
      check: 'gun-damage',
      note: '6.32 "炮兵每次跨越河流、小溪、轻型掩护格边…必须判定火炮损毁；沿道路跨越则无需判定" (a major river only by road, 6.22)' },
    { rule: '6.22', when: `class in ['light-cavalry', 'heavy-cavalry'] and any(hexside.features, ['river', 'major-river']) and not along-road`,
      mark: 'disordered', note: '6.22 river "骑兵+1移动点且直接混乱", major river "步、骑兵+2移动点且直接混乱"' },
    { rule: '6.22', when: "class in ['infantry', 'infantry-extended-line'] and hexside.features has 'major-river' and not along-road",
      mark: 'disordered', note: '6.22 major river "步、骑兵+2移动点且直接混乱；…散兵、混乱单位仅需+2移动点" (open order: our reading of 散兵)' },
    { rule: '6.22', when: RIVER_CHOICE, mark: 'disordered',
      note: '6.22 河流格边 "+1移动点并陷入混乱": the choice declared with --mode river-disorder' },
    { rule: '6.12', when: `last and ${UNSHAKEN} and ((piece.face in ${FORMED_INF} and piece.type == 'infantry' and any(to.friend-faces, ${list([...CAV_FACES, ...ART_FACES])}))`
        + ` or (piece.face in ${FORMED_CAV} and any(to.friend-faces, ${list([...INF_FACES, ...ART_FACES])}))`
        + ` or (piece.face in ${FORMED_ART} and any(to.friend-faces, ${list([...INF_FACES, ...CAV_FACES])})))`,
      warn: '6.12 "列阵单位移动结束后若与其他列阵友军同格堆叠，必须为同兵种": formed units of another arm are there',
      note: '6.12 (9.14 cut): a formed battalion, cavalry regiment or battery ending its move with formed friends of another arm' },
    { rule: '5.41', when: "last and mode != 'grand-tactical' and to.turn-to-friends > 0"
        + " and left < to.turn-to-friends * (if class == 'infantry-extended-line' then 1 else 1/2)",
      warn: '5.41 "若该移动单位剩余移动力不足以调整朝向，则禁止进入该格子": too few MP left to turn to the facing of the friends there',
      note: '5.41: a frontal unit ending its move on friends must have the MP to turn to their facing (5.31: 1/2 a vertex, '
        + 'extended line 1; free in grand-tactical movement, 6.42); the book\'s exemption for friends moving off next is the players\'' },
    { rule: '5.42', when: `piece.markers has 'faced-to-rear' and (any(to.terrain, ${OBSTACLE}) or any(hexside.features, ${WATER}))`,
      mark: 'disordered', note: '5.42 "若移动进入障碍地形格子，或是跨越河流类格边，单位将立刻陷入混乱"' },
  ],
  facing: [
    { rule: '6.1', when: `piece.markers has 'out-of-command' and ${MOVEMENT_PHASE}`, cost: 'prohibited',
      note: '6.1 "脱离指挥的作战单位" do not move in the movement phase, and 5.3 turns only "单位执行移动操作时"' },
    { rule: '5.3', when: "not (phase in ['french-movement', 'allied-movement'] and active == piece.side)", cost: 'prohibited',
      note: '5.3 "正面朝向单位仅可在己方玩家的移动阶段、单位执行移动操作时变更朝向"' },
    { rule: '5.42', when: "about and class == 'infantry' and piece.face in ['column', 'line']",
      cost: "if mode == 'grand-tactical' then 0 else 1/2", toggle: 'faced-to-rear',
      note: '5.42 "步兵单位消耗0.5点移动力即可转为向后朝向，为该单位放置「向后朝向」标记"; turning about again costs 0.5 and takes the marker off' },
    { rule: '5.42', when: "piece.markers has 'faced-to-rear' and not about", cost: 'prohibited',
      note: '5.42 "除调回初始朝向外，不可再变更其他朝向"' },
    { rule: '6.42', when: "mode == 'grand-tactical'", cost: 0,
      note: '6.42 "大战术机动期间，变更朝向、切换阵型不消耗移动点数（6.61、6.62除外）"' },
  ],
  faces: [
    { rule: '6.1', when: `piece.markers has 'out-of-command' and ${MOVEMENT_PHASE} and piece.type in ${COMBAT}`, cost: 'prohibited',
      note: '6.1: an out-of-command unit does not move, and 6.11 counts a formation change as movement ("移动点数用于单位行进、'
        + '变更朝向、切换阵型"); a commander\'s face is its command status (2.3.2), which 4.1 4A changes in this phase' },
    { rule: '5.42', when: "piece.markers has 'faced-to-rear'", cost: 'prohibited', note: '5.42 "禁止切换阵型"' },
    { rule: '6.61', when: "to == 'road-column' and count(here.roads) == 0", cost: 'prohibited',
      note: '6.61 "只有位于道路格子内…的列阵单位或常规散阵单位，才可切换为道路纵队阵型"' },
    { rule: '6.61', when: "to == 'road-column' and piece.type in ['foot-artillery', 'horse-artillery']", cost: 1,
      note: '6.61 "牵引行军状态的炮兵连：无论道路类型，切换进入道路纵队统一消耗1点移动力"' },
    { rule: '6.61', when: "to == 'road-column'", cost: "if here.roads has 'primary-road' then 1 else 2",
      note: '6.61 "步兵、骑兵单位：在主干道格子消耗1点移动力；在次级道路格子消耗2点移动力"' },
    { rule: '6.62', when: "from == 'road-column' and piece.type == 'infantry'", cost: 'ceil(piece.strength / 8)', freeFacing: true,
      note: '6.62 "步兵单位：当前兵力每满8点（不足8点按8点计），退出阵型消耗1点移动力"; road column faces all round (6.63), so the new facing is free (5.32)' },
    { rule: '6.62', when: "from == 'road-column'", cost: 'ceil(piece.strength / 4)', freeFacing: true,
      note: '6.62 "骑兵、炮兵单位：当前兵力每满4点（不足4点按4点计），退出阵型消耗1点移动力"' },
    { rule: '6.42', when: "mode == 'grand-tactical'", cost: 0, freeFacing: true,
      note: '6.42: formation changes are free in grand-tactical movement (6.61, 6.62 excepted)' },
    { rule: '5.32', when: "from.facing == 'none' and to.facing != 'none'", cost: 0, freeFacing: true,
      note: '5.32 "原本为全向朝向的单位在切换阵型时…可在当前格子内任意设定正面朝向，本次阵型切换无需额外消耗移动力"' },
  ],
};
