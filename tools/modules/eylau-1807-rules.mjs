// Eylau's movement rules as data (module.json "movement"): modes, the memory a move carries, step
// rules, facing and formation-change costs. Each quotes the section of the v1.5 rules it applies
// (../shared/seeds/000, Chinese); what the text does not give is said to be ours.

/** 6.52 "步兵营、骑兵单位": formed infantry battalions and cavalry (open order and leaders are not formed). */
const FORMED = "['infantry', 'infantry-extended-line', 'light-cavalry', 'heavy-cavalry']";
/** 6.21 障碍地形格子: the obstacle hexes. */
const OBSTACLE = "['town', 'woods', 'light-cover', 'farm', 'frozen-marsh']";
/** 6.52 河流/小溪格边: the water hexsides a road crosses for +1 only. */
const WATER = "['stream', 'river', 'major-river']";
/** 6.1 敌方作战单位: enemy combat units (leaders are not combat units). */
const COMBAT = "['infantry', 'skirmishers', 'light-cavalry', 'heavy-cavalry', 'cossacks', 'foot-artillery', 'horse-artillery', 'gun-crew']";

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
  }],
  memory: [
    { id: 'road-obstacle', max: 1, note: '6.52: 1 once the unit has entered an obstacle hex with a road and kept to the road since' },
    { id: 'halt', max: 1, note: '6.41: 1 once a grand-tactical move has come within 6 hexes of an enemy unit' },
  ],
  steps: [
    { rule: '6.41', when: "mode == 'grand-tactical' and memory.halt == 1", cost: 'prohibited',
      note: '6.41 "一旦进入敌方6格范围内必须立刻终止移动": the move ends at the first hex within 6 hexes of an enemy unit' },
    { rule: '6.41', when: "mode == 'grand-tactical' and enemies-within(6, ['routed']) > 0", remember: { halt: 1 } },
    { rule: '6.52', when: `along-road and class != 'road-column' and any(hexside.features, ${WATER})`,
      sides: `sides-without(${WATER}) + (if sides == prohibited then 1 else min(1, sides - sides-without(${WATER})))`,
      note: '6.52 "单位经由道路跨越小溪、次级河流、大型河流格边时，仅需额外消耗1点移动力": a stream or river crossed by road +1 at most' },
    { rule: '6.52', when: `along-road and class in ${FORMED} and any(to.terrain, ${OBSTACLE}) and memory.road-obstacle == 1`, hex: 1,
      note: '6.52 "若后续沿同一条连续道路继续驶入其余障碍地形格子，每格仅消耗1点移动力"' },
    { rule: '6.52', when: `along-road and class in ${FORMED} and any(to.terrain, ${OBSTACLE}) and memory.road-obstacle == 0 and hex == prohibited`, hex: 2,
      note: '6.52 "单位可经由连续的道路格子驶入原本禁止通行的地形格子，进入时消耗2点移动力" (and is disordered: the players mark it)' },
    { rule: '6.52', when: `along-road and class == 'artillery' and any(to.terrain, ${OBSTACLE})`, hex: 1,
      note: '6.52 "牵引行军状态的炮兵连，若从相邻的同段连续道路格子驶入带有道路的障碍地形格子，每格仅消耗1点移动力"' },
    { rule: '6.42', when: "mode == 'grand-tactical' and along-road and any(to.terrain, ['woods', 'frozen-marsh']) and class in ['artillery', 'light-cavalry', 'heavy-cavalry']", hex: 1,
      note: '6.42 "从道路格边进入树林、冻土湿地时，炮兵、骑兵仅消耗1点移动力"' },
    { rule: '6.52', when: 'not along-road', remember: { 'road-obstacle': 0 } },
    { rule: '6.52', when: `to.road and any(to.terrain, ${OBSTACLE})`, remember: { 'road-obstacle': 1 } },
    { rule: '6.1', when: `any(to.enemy-types, ${COMBAT})`, cost: 'prohibited',
      note: '6.1 "移动中的友军单位禁止进入敌方作战单位所在格子（例外见8.66）": 8.66 is cut from our text' },
  ],
  facing: [
    { rule: '5.42', when: "about and class == 'infantry' and piece.face in ['column', 'line']",
      cost: "if mode == 'grand-tactical' then 0 else 1/2", toggle: 'faced-to-rear',
      note: '5.42 "步兵单位消耗0.5点移动力即可转为向后朝向，为该单位放置「向后朝向」标记"; turning about again costs 0.5 and takes the marker off' },
    { rule: '6.42', when: "mode == 'grand-tactical'", cost: 0,
      note: '6.42 "大战术机动期间，变更朝向、切换阵型不消耗移动点数（6.61、6.62除外）"' },
  ],
  faces: [
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
