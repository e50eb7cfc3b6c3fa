// A finished game as one self-contained HTML file: the board at every step behind a slider and
// the ←/→ keys, the history beside it, the dice audit as charts, and the verification result with
// the log's head hash so a reader knows which game this is. Nothing is loaded from anywhere:
// styles, script, pictures and data are all inline, and the page works from a file with no network.
import type { Game } from '../../core/engine/game.js';
import { esc } from '../svg.js';
import type { GamePictureOptions } from '../game-picture.js';
import { ARCHIVE_SCRIPT } from './archive-script.js';
import { diceChartSvg, type DiceTally } from './dice-chart.js';
import { stepPictures, type StepInput } from './step-pictures.js';

export interface ArchiveStep extends StepInput {
  /** shown under the slider, e.g. "segment 3 of 12 — blue" */
  label: string;
  /** the history entry of this step: a heading and one line per command or event */
  history: { heading: string; lines: { text: string; kind: 'command' | 'event' | 'undone' | 'warning' }[] };
}

export interface ArchiveVerification {
  /** what was checked, in words */
  verdict: string;
  status: string;
  gameId: string | null;
  safetyCode: string | null;
  /** hash of the log's last body: names this exact game and length */
  head: string;
  segments: number;
  module: { id: string; version: string; hash: string };
  players: { side: string; name: string; fingerprint: string }[];
  /** the program that checked it */
  tool: string;
}

export interface ArchiveInput {
  game: Game;
  steps: readonly ArchiveStep[];
  verification: ArchiveVerification;
  dice: readonly DiceTally[];
  /** hidden-draw audits, one line each */
  draws: readonly string[];
  options?: GamePictureOptions;
}

/** JSON inside a <script> element: "<" escaped so no text can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The page with a @font-face rule (the CJK subset its text needs) at the start of its style. */
export function withFontFace(html: string, face: string | null): string {
  return face ? html.replace('<style>', `<style>${face.replace(/</g, '')}\n`) : html;
}

export function archivePage(a: ArchiveInput): string {
  const pics = stepPictures(a.game, a.steps, a.options);
  const v = a.verification;
  const title = `${a.game.module.title} — ${a.game.scenario.name}`;
  const data = a.steps.map((s, i) => ({ label: s.label, layer: pics.layers[i]! }));
  const history = a.steps.map((s, i) => `<li data-step="${i}"><div class="heading">${esc(s.history.heading)}</div>${s.history.lines.length
    ? `<ul>${s.history.lines.map((l) => `<li class="${l.kind}">${esc(l.text)}</li>`).join('')}</ul>` : ''}</li>`).join('\n');
  const players = v.players.map((p) => `<tr><td>${esc(p.name)} (${esc(p.side)})</td><td><code>${esc(p.fingerprint)}</code></td></tr>`).join('');
  const dice = a.dice.length ? a.dice.map(diceChartSvg).join('') : '<p>No dice were rolled.</p>';
  const draws = a.draws.length ? `<ul>${a.draws.map((d) => `<li>${esc(d)}</li>`).join('')}</ul>` : '<p>No hidden draws.</p>';
  const last = a.steps.length - 1;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="${esc(v.tool)}">
<meta name="hexpost-head" content="${esc(v.head)}">
<title>${esc(title)}</title>
<style>${STYLE}</style>
</head>
<body data-step="0">
<header>
<h1>${esc(title)}</h1>
<p class="verdict ${v.status === 'over' || v.status === 'playing' ? 'ok' : ''}" id="verdict">${esc(v.verdict)}</p>
<table class="ids">
<tr><th>game</th><td><code id="game-id">${esc(v.gameId ?? '(not accepted)')}</code></td></tr>
<tr><th>head</th><td><code id="head">${esc(v.head)}</code> (segment ${v.segments}, ${esc(v.status)})</td></tr>
${v.safetyCode ? `<tr><th>safety code</th><td><code>${esc(v.safetyCode)}</code></td></tr>` : ''}
<tr><th>module</th><td>${esc(v.module.id)} ${esc(v.module.version)} <code>${esc(v.module.hash)}</code></td></tr>
</table>
</header>
<main>
<section id="board-view">
<div class="controls">
<button id="prev" type="button" title="previous (←)">◀</button>
<input id="slider" type="range" min="0" max="${last}" value="0" aria-label="step">
<button id="next" type="button" title="next (→)">▶</button>
<span id="step-label">${esc(a.steps[0]?.label ?? '')}</span>
<label class="fit"><input id="fit" type="checkbox" checked> fit to window</label>
</div>
<div class="picture">
<svg id="picture" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${pics.width} ${pics.height}" width="${pics.width}" height="${pics.height}" font-family="DejaVu Sans, Arial, Helvetica, Hexpost CJK, sans-serif">
<rect width="100%" height="100%" fill="#ffffff"/>
${pics.defs}${pics.board}<g id="step-layer">${pics.layers[0] ?? ''}</g>
</svg>
</div>
</section>
<aside>
<h2>History</h2>
<ol id="history">
${history}
</ol>
</aside>
</main>
<section id="audit">
<h2>Dice audit</h2>
<p>Every die thrown, undone rolls included: how often each face came up, against the dashed line of a fair die.</p>
<div class="charts">${dice}</div>
<h2>Hidden draws</h2>
${draws}
<h2>Verification</h2>
<p>${esc(v.verdict)} Checked by ${esc(v.tool)}.</p>
<table class="players">${players}</table>
</section>
<script type="application/json" id="verification">${scriptJson(v)}</script>
<script type="application/json" id="steps-data">${scriptJson(data)}</script>
<script>${ARCHIVE_SCRIPT}</script>
</body>
</html>
`;
}

const STYLE = `
body { font-family: "DejaVu Sans", Arial, Helvetica, "Hexpost CJK", sans-serif; margin: 0; color: #111; background: #fafaf7; }
header { padding: 10px 16px; border-bottom: 1px solid #ccc; }
h1 { font-size: 20px; margin: 0 0 4px; }
h2 { font-size: 16px; margin: 16px 0 6px; }
.verdict { margin: 4px 0; font-weight: bold; color: #8a1c1c; }
.verdict.ok { color: #1c6b2a; }
table.ids th { text-align: left; padding-right: 10px; font-weight: normal; color: #555; }
code { font-size: 12px; word-break: break-all; }
main { display: flex; gap: 12px; padding: 8px 16px; align-items: flex-start; }
#board-view { flex: 1 1 auto; min-width: 0; }
.controls { display: flex; align-items: center; gap: 8px; margin-bottom: 6px; position: sticky; top: 0; background: #fafaf7; padding: 4px 0; }
#slider { flex: 1 1 auto; }
#step-label { min-width: 16em; }
.picture { overflow: auto; max-height: 85vh; border: 1px solid #ccc; background: #fff; }
#picture { display: block; width: 100%; height: auto; }
body.actual-size #picture { width: auto; max-width: none; }
aside { flex: 0 0 360px; max-height: 90vh; overflow: auto; }
#history { padding-left: 0; list-style: none; margin: 0; font-size: 13px; }
#history > li { padding: 4px 6px; border-left: 3px solid transparent; cursor: pointer; }
#history > li.current { background: #fff3c4; border-left-color: #c98a00; }
#history .heading { font-weight: bold; }
#history ul { margin: 2px 0 0; padding-left: 14px; list-style: none; }
#history li.event { color: #444; padding-left: 12px; }
#history li.undone { color: #999; text-decoration: line-through; }
#history li.warning { color: #a35a00; padding-left: 12px; }
#audit { padding: 0 16px 24px; }
.charts { display: flex; flex-wrap: wrap; gap: 12px; }
.dice-chart { background: #fff; border: 1px solid #ddd; }
`;
