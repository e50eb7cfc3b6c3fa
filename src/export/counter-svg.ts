// SVG pictures of counters, laid out like printed ones: name on top, a unit box with the face in
// the middle, the face's values joined by "-" along the bottom (in the order the module lists
// them, e.g. strength-movement), and, for pieces that face, a notch pointing at facing 0.
// `counterGroup` is a fragment at (0,0)–(size,size), so a board overlay can place it in a stack.
import { imageUri, type ModuleImages } from './module-images.js';
import { sideBearing, vertexBearing } from '../core/geometry/directions.js';
import type { Orientation } from '../core/geometry/spec.js';
import type { FaceDef, MarkerTypeDef, ModuleData, PieceDef, PieceTypeDef } from '../core/module/schema.js';
import { esc, inkOn, num, points, svgDocument } from './svg.js';

export const DEFAULT_COUNTER_SIZE = 60;

export interface CounterPicture {
  /** printed on top: the piece's name, or the type's */
  title: string;
  /** middle line: the face (e.g. "Line"); empty for markers */
  face: string;
  /** bottom line: values in order */
  values: ReadonlyArray<string | number>;
  background: string;
  facing: 'vertex' | 'hexside' | 'none';
  orientation: Orientation;
  /** the module's own counter art (a data: URI): drawn instead of the generated counter */
  image?: string;
}

/** What a face of a piece type (optionally one counter of it) shows. */
export function pieceFacePicture(module: ModuleData, type: PieceTypeDef, face: FaceDef, piece?: PieceDef, orientation: Orientation = 'flat', images?: ModuleImages): CounterPicture {
  const picture = imageUri(images, face.image);
  const side = piece ? module.sides.find((s) => s.id === piece.side) : undefined;
  const values = { ...face.values, ...(piece?.values ?? {}) };
  return {
    title: piece?.name ?? type.name,
    face: type.faces.length > 1 ? face.name : type.name === face.name ? '' : face.name,
    values: Object.values(values),
    background: face.color ?? side?.color ?? type.color ?? '#d9d9d9',
    facing: face.facing ?? type.facing,
    orientation,
    ...(picture ? { image: picture } : {}),
  };
}

export function markerPicture(marker: MarkerTypeDef): CounterPicture {
  return { title: marker.name, face: '', values: Object.values(marker.values ?? {}), background: marker.color ?? '#f0e68c', facing: 'none', orientation: 'flat' };
}

/** The counter as an SVG fragment covering (0,0)–(size,size). */
export function counterGroup(p: CounterPicture, size = DEFAULT_COUNTER_SIZE): string {
  const S = size;
  const ink = inkOn(p.background);
  if (p.image) {
    // the module's own counter art, as it is printed
    return `<g>\n<image href="${p.image}" x="0" y="0" width="${num(S)}" height="${num(S)}" preserveAspectRatio="xMidYMid meet"/>\n</g>\n`;
  }
  let out = `<g>\n<rect x="0.5" y="0.5" width="${num(S - 1)}" height="${num(S - 1)}" rx="${num(S * 0.06)}" fill="${p.background}" stroke="#222222" stroke-width="1"/>\n`;
  out += `<g fill="${ink}" text-anchor="middle">\n`;
  out += `<text x="${num(S / 2)}" y="${num(S * 0.2)}" font-size="${num(S * 0.15)}">${esc(fit(p.title, 14))}</text>\n`;
  // Unit box, as on a printed counter; the face name sits inside it.
  const bw = S * 0.5, bh = S * 0.3, bx = (S - bw) / 2, by = S * 0.3;
  out += `<rect x="${num(bx)}" y="${num(by)}" width="${num(bw)}" height="${num(bh)}" fill="none" stroke="${ink}" stroke-width="${num(S * 0.025)}"/>\n`;
  if (p.face) out += `<text x="${num(S / 2)}" y="${num(by + bh * 0.68)}" font-size="${num(S * 0.12)}">${esc(fit(p.face, 8))}</text>\n`;
  if (p.values.length) {
    // Printed counters shrink a long value line ("3-2-E-6-6") to fit the counter's width.
    const line = p.values.join('-');
    const size = Math.min(S * 0.21, (S * 0.9) / (Math.max(line.length, 1) * 0.6));
    out += `<text x="${num(S / 2)}" y="${num(S * 0.88)}" font-size="${num(size)}" font-weight="bold">${esc(line)}</text>\n`;
  }
  out += '</g>\n';
  if (p.facing !== 'none') {
    // Facing 0 in the module's numbering; VASSAL's rotate trait turns it in 60° steps from here.
    const bearing = p.facing === 'vertex' ? vertexBearing(p.orientation, 0) : sideBearing(p.orientation, 0);
    const rad = (bearing * Math.PI) / 180;
    const dir = { x: Math.sin(rad), y: -Math.cos(rad) };
    const perp = { x: -dir.y, y: dir.x };
    // Tip on the counter's edge in that direction (a square: scale to the nearer edge).
    const reach = (S / 2 - 1) / Math.max(Math.abs(dir.x), Math.abs(dir.y));
    const tip = { x: S / 2 + dir.x * reach, y: S / 2 + dir.y * reach };
    const back = S * 0.14, half = S * 0.08;
    const baseC = { x: tip.x - dir.x * back, y: tip.y - dir.y * back };
    out += `<polygon points="${points([tip, { x: baseC.x + perp.x * half, y: baseC.y + perp.y * half }, { x: baseC.x - perp.x * half, y: baseC.y - perp.y * half }])}" fill="${ink}"/>\n`;
  }
  return `${out}</g>\n`;
}

export function renderCounterSvg(p: CounterPicture, size = DEFAULT_COUNTER_SIZE): string {
  return svgDocument(size, size, counterGroup(p, size));
}

function fit(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
