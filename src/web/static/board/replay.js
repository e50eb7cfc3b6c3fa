// Catching up, on opening: every segment since the player's own last one played back step by step,
// segment by segment — the counters move (each move an arrow in its side's colour, earlier ones
// fading), the commands listed with what they did and the outcome of each sealed roll now known.
import { $, el, h, layers } from './dom.js';
import { cardItem } from './cards.js';
import { drawMarkers, drawPieces, setDefs, setPieces } from './counters.js';
import { current, layout, pieces, replay, setReplay, sideName } from './page-state.js';
import { rollItem } from './rolls.js';
import { say } from './server-api.js';

/** Every step of every segment, in order, each knowing its segment. */
function stepsOf(data) {
  return data.segments.flatMap((seg) => seg.steps.map((step) => ({ ...step, segment: seg })));
}

function headText(data, steps) {
  const authors = [...new Set(data.segments.map((g) => sideName(g.author)))].join(' and ');
  const seqs = data.segments.map((g) => g.seq);
  const which = seqs.length === 1 ? `segment ${seqs[0]}` : `segments ${seqs[0]}–${seqs[seqs.length - 1]}`;
  const earlier = data.omitted ? ` (${data.omitted} earlier not shown: hexpost replay)` : '';
  return `${authors}, ${which}${earlier}: ${steps.length} command${steps.length === 1 ? '' : 's'}`;
}

/** A step in the list: its command, what it did, and the outcome of each sealed roll now known. */
function stepItem(s, i) {
  const outcomes = s.rolls.filter((r) => r.outcome).map((r) => {
    const li = rollItem(r.outcome);
    li.classList.add('replay-outcome');
    li.prepend('↳ resolved: ');
    return li;
  });
  const cls = [s.void ? 'void' : '', s.segment.voidedIn ? 'voided' : ''].filter(Boolean).join(' ');
  return h('li', { class: cls, 'data-step': i, 'data-seq': s.segment.seq },
    h('code', { text: s.command }),
    h('ul', { class: 'lines' }, ...s.lines.map((l) => h('li', { text: l })), ...s.cards.map(cardItem), ...outcomes));
}

export function startReplay(data) {
  const steps = stepsOf(data);
  setReplay({ data, steps, step: -1, timer: null });
  $('replay').hidden = false;
  $('replay-head').textContent = headText(data, steps);
  const items = [];
  for (const seg of data.segments) {
    const text = `${sideName(seg.author)}, segment ${seg.seq} (${seg.time})`;
    // voided by an agreed take-back: shown as it was played, its rolls standing
    const marks = [
      seg.voidedIn ? h('span', { class: 'voided-tag', text: ` — voided by the take-back agreed in segment ${seg.voidedIn} (its rolls stand)` }) : '',
      seg.wouldVoid ? h('span', { class: 'voided-tag', text: ` — would be voided if you accept the take-back proposed in segment ${seg.wouldVoid}` }) : '',
      seg.takeback ? h('span', { class: 'takeback-tag', text: ` — ${seg.takeback}` }) : '',
    ];
    items.push(h('li', { class: `segment-head${seg.voidedIn ? ' voided' : ''}`, 'data-segment': seg.seq }, text, ...marks));
    steps.forEach((s, i) => { if (s.segment === seg) items.push(stepItem(s, i)); });
  }
  $('replay-steps').replaceChildren(...items);
  setDefs(data.defs);
  setPieces(data.start.pieces);
  drawMarkers(data.start.markers);
  replay.timer = setInterval(replayNext, 1400);
}

export function replayNext() {
  if (!replay) return;
  const { steps } = replay;
  replay.step++;
  if (replay.step >= steps.length) { endReplay(); return; }
  const s = steps[replay.step];
  drawMoveArrows(s.moves);
  for (const p of s.pieces) pieces.set(p.id, p);
  for (const id of s.gone) pieces.delete(id);
  drawPieces();
  drawMarkers(s.markers);
  for (const li of $('replay-steps').children) {
    li.classList.toggle('current', li.dataset.step !== undefined && Number(li.dataset.step) === replay.step);
  }
  const results = s.rolls.filter((r) => r.outcome?.result).map((r) => `→ ${r.outcome.result}`);
  say(`${sideName(s.segment.author)}: ${[...s.lines, ...results].join(' · ') || s.command}`);
}

/** The opponent's moves as arrows in his side's colour; earlier steps' arrows fade. */
export function drawMoveArrows(moves) {
  for (const old of layers.path.querySelectorAll('.move-arrow')) old.classList.add('earlier');
  for (const m of moves) {
    const colour = layout.sides.find((x) => x.id === m.side)?.color ?? '#d35400';
    const g = el('g', { class: 'move-arrow', 'data-move': m.piece }, layers.path);
    // The head stops at the counter's edge, pointing at it rather than hidden under it.
    const points = m.points.map((p) => ({ ...p }));
    const [p0, p1] = points.slice(-2);
    const len = Math.hypot(p1.x - p0.x, p1.y - p0.y) || 1, gap = Math.min(layout.counterSize * 0.55, len * 0.6);
    points[points.length - 1] = { x: p1.x - ((p1.x - p0.x) * gap) / len, y: p1.y - ((p1.y - p0.y) * gap) / len };
    const pts = points.map((p) => `${p.x},${p.y}`).join(' ');
    el('polyline', { points: pts, stroke: '#ffffff', 'stroke-width': 9, fill: 'none', opacity: 0.8 }, g);
    el('polyline', { points: pts, stroke: colour, 'stroke-width': 5, fill: 'none', 'stroke-dasharray': '12 6' }, g);
    const [a, b] = points.slice(-2);
    const d = Math.hypot(b.x - a.x, b.y - a.y) || 1, ux = (b.x - a.x) / d, uy = (b.y - a.y) / d, L = 16;
    el('polygon', { points: `${b.x},${b.y} ${b.x - ux * L - uy * L * 0.55},${b.y - uy * L + ux * L * 0.55} ${b.x - ux * L + uy * L * 0.55},${b.y - uy * L - ux * L * 0.55}`, fill: colour, stroke: '#ffffff', 'stroke-width': 1.5 }, g);
  }
}

export function endReplay() {
  if (!replay) return;
  layers.path.replaceChildren();
  clearInterval(replay.timer);
  setReplay(null);
  $('replay-pause').disabled = $('replay-next').disabled = $('replay-skip').disabled = true;
  $('replay-head').textContent += ' — replayed';
  for (const li of $('replay-steps').children) li.classList.remove('current');
  if (current) { setPieces(current.pieces); drawMarkers(current.markers); }
}

function pause() {
  clearInterval(replay.timer);
  replay.timer = null;
  $('replay-pause').textContent = 'Play';
}

/** The replay's buttons. */
export function wireReplay() {
  $('replay-next').addEventListener('click', () => { if (replay) { pause(); replayNext(); } });
  $('replay-pause').addEventListener('click', () => {
    if (!replay) return;
    if (replay.timer) pause();
    else { replay.timer = setInterval(replayNext, 1400); $('replay-pause').textContent = 'Pause'; }
  });
  $('replay-skip').addEventListener('click', endReplay);
}
