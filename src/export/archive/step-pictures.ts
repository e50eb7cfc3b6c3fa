// The board picture at every step of a game, made to be swapped in a page: the bare board and the
// counter symbols once, and per step only what lies on it (pieces, markers, arrows) and the side
// panel — so a long game's archive stays a few MB however large the map.
import type { Game } from '../../core/engine/game.js';
import type { GameState } from '../../core/engine/state.js';
import { boardFrame, renderBoardSvg } from '../board-svg.js';
import { GameCounters } from '../game-counters.js';
import { gamePanel, PANEL_WIDTH } from '../game-panel.js';
import { gameOverlay, nested, type GamePictureOptions, type LastSegment } from '../game-picture.js';

export interface StepPictures {
  width: number;
  height: number;
  /** the board without the game, as an <svg> element at (0,0) */
  board: string;
  /** <defs> with every counter picture the steps use */
  defs: string;
  /** per step: the game's layer over the board, and the panel beside it */
  layers: string[];
}

export interface StepInput {
  state: GameState;
  last?: LastSegment;
  caption: string;
}

export function stepPictures(game: Game, steps: readonly StepInput[], options: GamePictureOptions = {}): StepPictures {
  const board = game.boards.get(steps[0]?.state.board ?? game.board.def.id)?.def ?? game.board.def;
  const frame = boardFrame(board, options);
  const counters = new GameCounters(game, board.kind === 'hex' ? board.orientation : 'flat');
  let height = frame.height;
  const layers = steps.map((s) => {
    const input = { game, state: s.state, last: s.last, caption: s.caption };
    const panel = gamePanel(input, counters, frame.width);
    height = Math.max(height, panel.height);
    return `<g class="game">\n${gameOverlay(input, counters).render(frame)}</g>\n${panel.svg}`;
  });
  return {
    width: frame.width + PANEL_WIDTH, height,
    board: nested(renderBoardSvg(game.module, board, options)),
    defs: counters.defs(),
    layers,
  };
}
