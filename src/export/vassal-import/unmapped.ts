// Every build-file element the import did not turn into something, listed by class with the first
// place it sits: custom Java classes, global key commands, interface components, expressions.
import type { BuildElement } from './build-tree.js';
import { shortClass } from './build-tree.js';
import type { ImportReport } from './import-report.js';

/** Classes whose content the import reads (boards, grids, pieces, decks, dice, turns, setups). */
const MAPPED = new Set([
  'GameModule', 'BasicModule', 'Map', 'PrivateMap', 'PlayerHand', 'BoardPicker', 'Board', 'RegionGrid', 'Region', 'ZonedGrid', 'Zone',
  'PieceSlot', 'CardSlot', 'PrototypesContainer', 'PrototypeDefinition', 'DrawPile', 'SetupStack', 'DiceButton', 'PlayerRoster', 'entry',
  'TurnTracker', 'CounterTurnLevel', 'ListTurnLevel', 'PieceWindow', 'TabWidget', 'PanelWidget', 'ListWidget', 'BoxWidget',
  'PredefinedSetup', 'PrototypeFolder', 'ModuleSubFolder', 'MapSubFolder', 'HexGrid', 'SquareGrid', 'HexGridNumbering', 'SquareGridNumbering',
]);
/** VASSAL's interface: nothing of the game to carry over. */
const INTERFACE = new Set([
  'Zoomer', 'CounterDetailViewer', 'GlobalMap', 'StackMetrics', 'StackExpander', 'Scroller', 'PieceMover', 'MenuDisplayer', 'MapCenterer',
  'KeyBufferer', 'ForwardToKeyBuffer', 'ForwardToChatter', 'HighlightLastMoved', 'SelectionHighlighters', 'SelectionHighlighter', 'Flare',
  'ImageSaver', 'TextSaver', 'HidePiecesButton', 'LayerControl', 'LayeredPieceCollection', 'BasicCommandEncoder', 'Documentation',
  'HelpFile', 'AboutScreen', 'BrowserHelpFile', 'Chatter', 'KeyNamer', 'GlobalOptions', 'Language', 'GlobalTranslatableMessages',
  'ZonedGridHighlighter', 'ColoredBorder', 'Translation', 'NotesWindow', 'ToolbarMenu', 'BooleanPreference', 'StringPreference',
  'IntegerPreference', 'DoublePreference', 'EnumPreference', 'TextPreference', 'PlayerHand', 'MultiActionButton', 'DoActionButton',
  'SplashScreen', 'LOS_Thread', 'Inventory', 'ChessClockControl', 'ChessClock', 'BoardPickerSetupTag',
]);
const KEY_COMMANDS = new Set(['GlobalKeyCommand', 'MassKeyCommand', 'StartupGlobalKeyCommand', 'DeckGlobalKeyCommand', 'TurnGlobalHotkey', 'DeckSendKeyCommand']);

export function mapUnmapped(all: readonly BuildElement[], report: ImportReport): void {
  for (const el of all) {
    const cls = shortClass(el.tag);
    // Undotted tags (entry, option, setup…) are data of their parent element, not components.
    if (!el.tag.includes('.')) continue;
    if (!el.tag.startsWith('VASSAL.')) {
      report.add('custom Java class', el.path, `${el.tag}: a class the module ships; Hexpost runs no module code`);
      continue;
    }
    for (const [k, v] of Object.entries(el.attrs)) {
      if (/^\{.*\}$/s.test(v.trim())) report.add('expression', el.path, `${cls} @${k}: a BeanShell expression; Hexpost modules hold no code`);
    }
    if (MAPPED.has(cls)) continue;
    if (KEY_COMMANDS.has(cls)) report.add('global key command', el.path, `${cls}: automation of VASSAL key commands, not carried over`);
    else if (INTERFACE.has(cls)) report.add('VASSAL interface', el.path, `${cls}: a VASSAL window or tool, nothing to import`);
    else report.add('component', el.path, `${el.tag}: not mapped`);
  }
}
