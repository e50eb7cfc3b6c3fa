// The Hexpost board page. Plain JS modules, no framework: the server holds the key and the turn;
// the page sends command lines (the same ones `hexpost turn` reads) and draws what the server answers.
import { $, board, layers } from './dom.js';
import { drawMarkers, drawPieces, setDefs, setPieces } from './counters.js';
import { gesture, onBoardPointerDown, onBoardPointerMove, onBoardPointerUp } from './drag.js';
import { buildIndex } from './locations.js';
import { closeMenu, onKey, pieceMenu } from './menus.js';
import { current, layout, pieces, replay, selected, setCurrent, setLayout, setSelected } from './page-state.js';
import { drawPanels } from './panel.js';
import { buildActions } from './procedures.js';
import { startReplay, wireReplay } from './replay.js';
import { seal } from './seal.js';
import { wireTakeback } from './takeback.js';
import { api, run, say } from './server-api.js';
import { fit, pan, zoom } from './view.js';

async function start() {
  setLayout(await api('layout'));
  $('title').textContent = layout.title;
  document.title = `${layout.title} — Hexpost`;
  board.setAttribute('width', layout.board.width);
  board.setAttribute('height', layout.board.height);
  board.setAttribute('viewBox', `0 0 ${layout.board.width} ${layout.board.height}`);
  layers.board.innerHTML = layout.board.svg;
  buildIndex();
  buildActions();
  fit();
  setCurrent(await api('state'));
  setDefs(current.defs);
  drawPanels();
  setPieces(current.pieces);
  drawMarkers(current.markers);
  const { replay: r } = await api('replay');
  if (r && r.segments.some((g) => g.steps.length) && !current.commands) startReplay(r);
  const surface = $('board-wrap');
  surface.addEventListener('pointerdown', onBoardPointerDown);
  surface.addEventListener('pointermove', onBoardPointerMove);
  surface.addEventListener('pointerup', onBoardPointerUp);
  surface.addEventListener('pointerleave', () => { if (!gesture) $('hover-label').hidden = true; });
  surface.addEventListener('contextmenu', (e) => {
    e.preventDefault();
    const g = e.target.closest('.piece');
    if (g && !replay) { setSelected(g.dataset.id); drawPieces(); pieceMenu(pieces.get(selected), e); }
  });
  surface.addEventListener('wheel', (e) => { e.preventDefault(); zoom(Math.exp(e.deltaY * 0.0015), e.clientX, e.clientY); }, { passive: false });
  $('zoom-in').addEventListener('click', () => zoom(1 / 1.25));
  $('zoom-out').addEventListener('click', () => zoom(1.25));
  $('zoom-fit').addEventListener('click', fit);
  window.addEventListener('keydown', onKey);
  $('undo').addEventListener('click', () => run('undo'));
  $('seal').addEventListener('click', () => { $('seal-confirm').hidden = false; });
  $('seal-no').addEventListener('click', () => { $('seal-confirm').hidden = true; });
  $('seal-yes').addEventListener('click', seal);
  $('copy').addEventListener('click', async () => {
    const t = $('armored');
    try { await navigator.clipboard.writeText(t.value); say('copied: paste it into the e-mail'); } catch { t.select(); say('selected: copy it with Ctrl+C'); }
  });
  wireReplay();
  wireTakeback();
  $('command-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const input = $('command');
    if (await run(input.value.trim())) input.value = '';
  });
  document.addEventListener('pointerdown', (e) => { if (!e.target.closest('#menu') && !e.target.closest('#board')) closeMenu(); });
  // For scripted pan and zoom (the frame-time test drives the view through the page's own code).
  window.hexpostView = { pan, zoom, fit };
  document.body.dataset.ready = 'true';
  say('ready');
}

start().catch((e) => say(`the page could not start: ${e.message}`, true));
