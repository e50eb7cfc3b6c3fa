// A VASSAL Map element with the tools a player needs on a large map: zoom (Zoomer), the
// mouse-over stack viewer (CounterDetailViewer) and an overview window (GlobalMap). Attribute
// names are those the classes declare (Zoomer.java, CounterDetailViewer.java, GlobalMap.java).
import { encodeSequence } from './sequence-encoder.js';

const M = 'VASSAL.build.module.';
type Node = { $?: Record<string, string>; [child: string]: unknown };

/** Zoom levels offered, zoomed out to zoomed in; play starts at 1.0 (or 0.5 on a big map). */
const ZOOM_LEVELS = [0.2, 0.3, 0.5, 0.75, 1, 1.5];

export interface MapOptions {
  mapName: string;
  buttonName: string;
  width: number;
  height: number;
  /** opened from the toolbar rather than shown at start */
  launch: boolean;
  board: Node;
  extra?: Record<string, unknown>;
}

export function mapNode(o: MapOptions): Node {
  const big = o.width > 3000 || o.height > 3000;
  const start = big ? 0.5 : 1;
  // Zoomer: zoomLevels must come before zoomStart, which counts from the most zoomed-in level, 1-based.
  const zoomStart = ZOOM_LEVELS.length - ZOOM_LEVELS.indexOf(start);
  // The overview fits in about 360 pixels.
  const scale = Math.min(0.2, 360 / Math.max(o.width, o.height));
  return {
    $: { mapName: o.mapName, markMoved: 'Never', edgeWidth: '0', edgeHeight: '0', allowMultiple: 'false', launch: String(o.launch), buttonName: o.buttonName },
    [`${M}map.BoardPicker`]: [{ $: { title: o.mapName }, [`${M}map.boardPicker.Board`]: [o.board] }],
    [`${M}map.Zoomer`]: [{ $: { zoomLevels: encodeSequence(ZOOM_LEVELS.map((z) => z.toFixed(2)), ','), zoomStart: String(zoomStart) } }],
    [`${M}map.CounterDetailViewer`]: [{
      $: { version: '4', delay: '700', showgraph: 'true', zoomlevel: '1.0', minDisplayPieces: '2', showtext: 'true', display: 'from all layers' },
    }],
    [`${M}map.GlobalMap`]: [{ $: { buttonText: 'Overview', tooltip: `Overview of ${o.mapName}`, scale: scale.toFixed(3), color: '255,0,0' } }],
    ...(o.extra ?? {}),
  };
}
