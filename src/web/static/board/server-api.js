// Talking to the local server: the server holds the key and the turn; the page sends command lines
// (the same ones `hexpost turn` reads) and draws what the server answers.
import { $ } from './dom.js';
import { drawMarkers, setDefs, setPieces } from './counters.js';
import { busy, current, replay, setBusy, setCurrent } from './page-state.js';
import { drawPanels } from './panel.js';
import { endReplay } from './replay.js';

export async function api(path, body) {
  const init = body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  const res = await fetch(`api/${path}`, { ...init, credentials: 'same-origin', cache: 'no-store' });
  const json = await res.json();
  if (!res.ok) throw new Error(json.error || `${res.status}`);
  return json;
}

export function say(text, error = false) {
  const s = $('status');
  s.textContent = text;
  s.classList.toggle('error', error);
}

/** Every action is one command line, exactly as `hexpost play` takes it. */
export async function run(line) {
  if (busy) return false;
  if (replay) endReplay();
  setBusy(true);
  try {
    const r = line === 'undo' ? await api('undo', {}) : await api('command', { line });
    if (!r.ok) { say(`refused: ${r.error}`, true); return false; }
    say(r.lines.join(' · ') + (r.warnings.length ? `  ⚠ ${r.warnings.join('; ')}` : '') || line);
    await refresh();
    return true;
  } catch (e) {
    say(String(e.message || e), true);
    return false;
  } finally {
    setBusy(false);
  }
}

export async function refresh() {
  setCurrent(await api('state'));
  setDefs(current.defs);
  if (!replay) setPieces(current.pieces);
  drawMarkers(current.markers);
  drawPanels();
}
