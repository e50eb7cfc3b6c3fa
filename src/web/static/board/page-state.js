// What the page's modules share: the answers of the server and what the player has selected.
// Exported as live bindings, each with its one setter (a module cannot assign another's binding).

/** GET api/layout: board picture, locations, boxes, tracks, procedures… */
export let layout = null;
/** GET api/state: the turn as it stands */
export let current = null;
/** id → piece as drawn now (from the state, or from the replay) */
export let pieces = new Map();
export let selected = null;
/** the location whose stack is spread out */
export let fanned = null;
/** the catching-up replay while it plays: { data, segment, step, timer } */
export let replay = null;
/** a request that changes the turn is under way */
export let busy = false;

export function setLayout(v) { layout = v; }
export function setCurrent(v) { current = v; }
export function setPieceMap(v) { pieces = v; }
export function setSelected(v) { selected = v; }
export function setFanned(v) { fanned = v; }
export function setReplay(v) { replay = v; }
export function setBusy(v) { busy = v; }

/** A side's name from the module (its id when the module has none). */
export function sideName(id) { return layout.sides.find((s) => s.id === id)?.name ?? id; }
