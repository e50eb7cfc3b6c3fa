// Every VASSAL piece definition an export writes, made once: one per counter and per piece type,
// per marker type, per track (its position marker), per card, and one face-down card per secret
// deck (a hidden card in a hand). The build file's palettes, the setups and the .vlog steps all
// draw from this catalogue, so a piece has the same type string everywhere.
import type { ModuleData, PieceDef, PieceTypeDef } from '../../core/module/schema.js';
import { renderCardBackSvg, renderCardSvg } from '../card-svg.js';
import { markerPicture, pieceFacePicture, renderCounterSvg } from '../counter-svg.js';
import { levelName, type PieceDefinition } from './piece-definition.js';

export interface PieceCatalogue {
  pieces: Map<string, PieceDefinition>;
  pieceTypes: Map<string, PieceDefinition>;
  markers: Map<string, PieceDefinition>;
  tracks: Map<string, PieceDefinition>;
  cards: Map<string, PieceDefinition>;
  /** deck id → the deck's back: a card nobody but its holder knows */
  hiddenCards: Map<string, PieceDefinition>;
  /** deck id → image of its back */
  backs: Map<string, string>;
  /** the next free gpid */
  nextGpid: number;
}

/** Puts a picture under images/ and returns its bare name. */
export type ImageSink = (name: string, svg: string | undefined, supplied?: string) => string;

export function pieceCatalogue(data: ModuleData, image: ImageSink, orientation: 'flat' | 'pointy'): PieceCatalogue {
  let gpid = 1;
  const sideName = new Map(data.sides.map((s) => [s.id, s.name]));
  const definition = (type: PieceTypeDef, piece?: PieceDef): PieceDefinition => {
    const faces = type.faces;
    const picName = piece ? `piece-${piece.id}` : `type-${type.id}`;
    const faceImages = faces.map((f) => image(`${picName}-${f.id}`, renderCounterSvg(pieceFacePicture(data, type, f, piece, orientation)), f.image));
    const properties: [string, string][] = [['Type', type.name]];
    if (piece) properties.unshift(['Side', sideName.get(piece.side) ?? piece.side]);
    const first = { ...faces[0]!.values, ...(piece?.values ?? {}) };
    for (const [k, v] of Object.entries(first)) properties.push([k, String(v)]);
    if (faces.length > 1) {
      for (const f of faces) for (const [k, v] of Object.entries({ ...f.values, ...(piece?.values ?? {}) })) properties.push([`${f.id}_${k}`, String(v)]);
    }
    const facing = faces.some((f) => (f.facing ?? type.facing) !== 'none') ? 6 : 0;
    return { name: piece?.name ?? type.name, faceImages, faceNames: faces.map((f) => levelName(f.name)), facings: facing, properties, gpid: gpid++ };
  };
  const pieceTypes = new Map(data.pieceTypes.map((t) => [t.id, definition(t)]));
  const pieces = new Map(data.pieces.map((p) => [p.id, definition(data.pieceTypes.find((t) => t.id === p.type)!, p)]));
  const markers = new Map<string, PieceDefinition>(data.markerTypes.map((m) => [m.id, {
    name: m.name, faceImages: [image(`marker-${m.id}`, renderCounterSvg(markerPicture(m)), m.image)], faceNames: [m.name], facings: 0,
    properties: [['Type', m.name], ...Object.entries(m.values ?? {}).map(([k, v]) => [k, String(v)] as [string, string])], gpid: gpid++,
  }]));
  const tracks = new Map<string, PieceDefinition>(data.tracks.map((t) => [t.id, {
    name: t.name, faceImages: [image(`track-${t.id}`, renderCounterSvg({ title: t.name, face: '', values: [], background: '#ffffff', facing: 'none', orientation: 'flat' }))],
    faceNames: [t.name], facings: 0, properties: [['Track', t.name]], gpid: gpid++,
  }]));
  const backs = new Map(data.decks.map((d) => [d.id, image(`back-${d.id}`, renderCardBackSvg(d))]));
  const cards = new Map<string, PieceDefinition>();
  const hiddenCards = new Map<string, PieceDefinition>();
  for (const deck of data.decks) {
    const back = backs.get(deck.id)!;
    for (const card of deck.cards) {
      cards.set(card.id, {
        name: card.name, faceImages: [image(`card-${deck.id}-${card.id}`, renderCardSvg(card))], faceNames: [card.name], facings: 0,
        properties: [['Deck', deck.name], ...Object.entries(card.values ?? {}).map(([k, v]) => [k, String(v)] as [string, string])],
        gpid: gpid++, mask: { image: back, name: `${deck.name} card` },
      });
    }
    if (deck.secret) {
      hiddenCards.set(deck.id, { name: `${deck.name} card (hidden)`, faceImages: [back], faceNames: [''], facings: 0, properties: [['Deck', deck.name]], gpid: gpid++ });
    }
  }
  return { pieces, pieceTypes, markers, tracks, cards, hiddenCards, backs, nextGpid: gpid };
}
