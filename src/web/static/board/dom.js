// Making elements: SVG ones for the board, HTML ones for the panel (text always as text, never markup).
export const SVGNS = 'http://www.w3.org/2000/svg';
export const $ = (id) => document.getElementById(id);
export const board = $('board');
export const layers = { defs: $('defs-layer'), board: $('board-layer'), markers: $('markers-layer'), path: $('path-layer'), pieces: $('pieces-layer') };

export function el(tag, attrs = {}, parent) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (v !== false && v !== undefined && v !== null) e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c) e.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
  return e;
}
