// A VASSAL piece definition read back (reference §3): the AddPiece text of a PieceSlot, CardSlot,
// at-start stack or prototype, its traits outermost first, prototypes expanded, and what Hexpost
// takes from it: the name, the base image, a two-or-more-level Layer as faces, Can Rotate as
// facings, a Mask as a hidden side, Marker and Dynamic Property values. Every other trait is
// listed as not mapped.
import { decodeSequence, splitFirst } from './sequence-decoder.js';

export interface Trait { prefix: string; type: string; state: string }

export interface ImportedPiece {
  name: string;
  /** the BasicPiece image ('' when the faces come from a Layer) */
  image: string;
  faces: { name: string; image: string }[];
  /** Can Rotate's number of angles (0 = none) */
  facings: number;
  /** the Mask's image: what the others see */
  mask?: string;
  values: Record<string, string | number>;
  /** trait prefixes (with the layer or property name) that did not map, and why */
  unmapped: string[];
  /** prototypes named but not defined in the module */
  missingPrototypes: string[];
}

/** "+/<id>/<type>/<state>" → the traits, outermost first (BasicPiece last). */
export function traitsOf(addPiece: string): Trait[] {
  const parts = decodeSequence(addPiece.trim(), '/');
  if (parts[0] !== '+' || parts.length < 3) throw new Error(`not a piece definition (an AddPiece "+/…" command): ${JSON.stringify(addPiece.slice(0, 40))}`);
  let type = parts[2]!, state = parts[3] ?? '';
  const traits: Trait[] = [];
  for (;;) {
    const [t, innerType] = splitFirst(type, '\t');
    const [s, innerState] = splitFirst(state, '\t');
    const semi = t.indexOf(';');
    traits.push({ prefix: semi < 0 ? t : t.slice(0, semi + 1), type: t, state: s });
    if (innerType === undefined) break;
    type = innerType;
    state = innerState ?? '';
  }
  return traits;
}

/** The traits with every `prototype;` replaced by the prototype's own traits (its BasicPiece dropped). */
export function expandPrototypes(traits: Trait[], prototypes: ReadonlyMap<string, string>, missing: string[], depth = 0): Trait[] {
  const out: Trait[] = [];
  for (const t of traits) {
    if (t.prefix !== 'prototype;') { out.push(t); continue; }
    const name = decodeSequence(t.type.slice('prototype;'.length), ';')[0]!;
    const text = prototypes.get(name);
    if (!text || depth > 8) { missing.push(name); continue; }
    try {
      out.push(...expandPrototypes(traitsOf(text), prototypes, missing, depth + 1).filter((x) => x.prefix !== 'piece;'));
    } catch { missing.push(name); }
  }
  return out;
}

const fields = (t: Trait) => decodeSequence(t.type.slice(t.prefix.length), ';');

export function importPiece(text: string, prototypes: ReadonlyMap<string, string>): ImportedPiece {
  const missingPrototypes: string[] = [];
  const traits = expandPrototypes(traitsOf(text), prototypes, missingPrototypes);
  const basic = traits[traits.length - 1]!;
  const bf = basic.prefix === 'piece;' ? fields(basic) : [];
  const piece: ImportedPiece = {
    name: bf[3] ?? '', image: bf[2] ?? '', faces: [], facings: 0, values: {}, unmapped: [], missingPrototypes,
  };
  // Inner traits first: the innermost Layer is the counter's own faces.
  for (const t of [...traits].reverse()) {
    const f = fields(t);
    switch (t.prefix) {
      case 'piece;': break;
      case 'emb2;': case 'emb;': {
        const images = decodeSequence(t.prefix === 'emb2;' ? f[15] ?? '' : f[3] ?? '', ',');
        const names = decodeSequence(t.prefix === 'emb2;' ? f[16] ?? '' : f[4] ?? '', ',');
        const layer = (t.prefix === 'emb2;' ? f[18] : f[5]) || 'Layer';
        const real = images.filter(Boolean);
        if (!piece.faces.length && real.length >= 2) {
          piece.faces = images.map((image, i) => ({ image, name: faceName(names[i] ?? '', i) })).filter((x) => x.image);
        } else if (!piece.image && real.length === 1 && !piece.faces.length) {
          piece.image = real[0]!;
        } else piece.unmapped.push(`Layer "${layer}" (${images.length} levels): only the innermost layer of two or more levels becomes faces`);
        break;
      }
      case 'rotate;': {
        const n = Number(f[0]);
        if (n === 6 && !piece.facings) piece.facings = 6;
        else piece.unmapped.push(`Can Rotate with ${f[0]} angles: Hexpost facings are the 6 hex directions`);
        break;
      }
      case 'obs;': if (!piece.mask) piece.mask = f[1] ?? ''; break;
      case 'mark;': {
        const keys = decodeSequence(t.type.slice(5), ','), vals = decodeSequence(t.state, ',');
        keys.forEach((k, i) => { if (k) piece.values[k] = value(vals[i] ?? ''); });
        break;
      }
      case 'PROP;': {
        const name = f[0] ?? '';
        if (name) piece.values[name] = value(t.state);
        piece.unmapped.push(`Dynamic Property "${name}": imported as a printed value (its key commands are not)`);
        break;
      }
      default: piece.unmapped.push(`trait ${t.prefix}`);
    }
  }
  return piece;
}

function faceName(level: string, i: number): string {
  const n = level.replace(/^\+/, '').replace(/\+$/, '').replace(/^\s*\((.*)\)\s*$/, '$1').trim();
  return n || `Face ${i + 1}`;
}

function value(s: string): string | number {
  return /^-?\d{1,9}$/.test(s) ? Number(s) : s;
}
