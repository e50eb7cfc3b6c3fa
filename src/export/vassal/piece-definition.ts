// VASSAL piece definitions (reference §3.2–3.4): a chain of traits around one BasicPiece,
// serialised outermost first — Mask (cards), Marker (values), Can Rotate (facing), Layer (faces), BasicPiece.
// Each trait's fields are ';'-joined; the chain is TAB-joined with the inner part escaped one
// level deeper; a PieceSlot's text is the AddPiece command "+/null/<type>/<state>".
import { encodeSequence, keyStroke, TAB } from './sequence-encoder.js';

export interface PieceDefinition {
  /** BasicPiece name */
  name: string;
  /** one image per face; one face → the BasicPiece's own image, more → a Layer */
  faceImages: readonly string[];
  faceNames: readonly string[];
  /** face shown at the start (0-based) */
  face?: number;
  /** 6 facings (hex vertex or hexside) or none */
  facings: 0 | 6;
  /** facing at the start (0..5), VASSAL's index: each step turns 60° clockwise */
  facing?: number;
  /** static properties (Marker trait): name → value */
  properties: ReadonlyArray<readonly [string, string]>;
  gpid: number;
  /** where a placed piece is: map id and map pixels; omitted = in a palette */
  at?: { map: string; x: number; y: number };
  /** a card's Mask (obs;): what others see (the deck's back) and the name they read */
  mask?: { image: string; name: string };
}

/**
 * A face's Layer level name. VASSAL replaces the piece's name with a level name unless it has a
 * "+" at its start (reference §9): "+ (Line)" names the piece "1st Red (Line)".
 */
export function levelName(face: string): string {
  return encodeSequence(['', ` (${face})`], '+');
}

export interface Trait { type: string; state: string }

export function basicPiece(d: PieceDefinition): Trait {
  const image = d.faceImages.length === 1 ? d.faceImages[0]! : '';
  const at = d.at ?? { map: 'null', x: 0, y: 0 };
  return {
    type: encodeSequence(['piece', '', '', image, d.name], ';'),
    state: encodeSequence([at.map, at.x, at.y, d.gpid, 0], ';'),
  };
}

/** Layer (emb2;) with the 33 type fields of §3.3: always active, Ctrl+F steps through the faces. */
export function layerTrait(d: PieceDefinition): Trait {
  const fields = [
    '', '128', '', // activate command, modifiers, key (legacy)
    'Flip', '128', '', // increase command, legacy modifiers, key
    '', '128', '', // decrease
    '', '', '1', // reset command, key, level
    'false', '0', '0', // draw underneath, x/y offset
    encodeSequence(d.faceImages, ','),
    encodeSequence(d.faceNames, ','),
    'true', 'Face', // loop, layer name
    '', '', // random key, text
    'false', '', '1', // follow property, property name, first level value
    '1', 'true', // version (named keys), always active
    '', keyStroke('F'), '', // activate, increase, decrease keystrokes
    'Flip face', '1.0', '', 'true',
  ];
  return { type: encodeSequence(['emb2', ...fields], ';'), state: String((d.face ?? 0) + 1) };
}

/** Can Rotate (rotate;) with 6 facings: Ctrl+] clockwise, Ctrl+[ counter-clockwise. */
export function rotateTrait(d: PieceDefinition): Trait {
  const fields = [String(d.facings), keyStroke(']'), keyStroke('['), 'Rotate CW', 'Rotate CCW', '', '', '', '', '', '', '', 'true'];
  return { type: encodeSequence(['rotate', ...fields], ';'), state: String(d.facing ?? 0) };
}

/** Marker (mark;): property names in the type, values in the state, both ','-joined. */
export function markerTrait(d: PieceDefinition): Trait {
  return {
    type: `mark;${encodeSequence(d.properties.map(([k]) => k), ',')}`,
    state: encodeSequence(d.properties.map(([, v]) => v), ','),
  };
}

/**
 * Mask (obs;): Ctrl+M hides the card from the other sides (access "side:"), who see the deck's back
 * image and the mask name; the owner sees it inset. State "null;" = not masked; a face-down Deck
 * hides its cards through this trait (reference §9).
 */
export function maskTrait(d: PieceDefinition): Trait {
  const m = d.mask!;
  const fields = [keyStroke('M'), m.image, 'Mask', 'I', m.name, 'side:', 'Peek', 'Card back', 'false', '', ''];
  return { type: encodeSequence(['obs', ...fields], ';'), state: 'null;' };
}

/** The traits outermost first. */
export function pieceTraits(d: PieceDefinition): Trait[] {
  const traits: Trait[] = [];
  if (d.mask) traits.push(maskTrait(d));
  if (d.properties.length) traits.push(markerTrait(d));
  if (d.facings === 6) traits.push(rotateTrait(d));
  if (d.faceImages.length > 1) traits.push(layerTrait(d));
  traits.push(basicPiece(d));
  return traits;
}

/** Decorator.getType/getState: this trait, TAB, the inner chain escaped at the TAB level. */
export function chain(parts: readonly string[]): string {
  if (parts.length === 1) return parts[0]!;
  return encodeSequence([parts[0]!, chain(parts.slice(1))], TAB);
}

export function pieceType(d: PieceDefinition): string { return chain(pieceTraits(d).map((t) => t.type)); }
export function pieceState(d: PieceDefinition): string { return chain(pieceTraits(d).map((t) => t.state)); }

/** The AddPiece command: "+/<id or null>/<type>/<state>" at the '/' level. */
export function addPieceCommand(d: PieceDefinition, id: string | null = null): string {
  return encodeSequence(['+', id ?? 'null', pieceType(d), pieceState(d)], '/');
}
