// `module export --format vassal`: the VASSAL module as one deterministic zip (.vmod).
import type { ModuleData } from '../../core/module/schema.js';
import type { ModuleSource } from '../module-source.js';
import { writeZip } from '../zip.js';
import { buildVassalModule, type Raster } from './build-file.js';

/**
 * `raster` (default: resvg) turns the board pictures into PNG; tests of the build file's structure
 * may pass a cheaper one (VASSAL's own load of the real export judges the pictures).
 */
export function vassalModuleBytes(data: ModuleData, source: ModuleSource, raster?: Raster): { bytes: Uint8Array; notes: string[]; entries: string[] } {
  const { files, notes } = buildVassalModule(data, source.other, raster);
  const first = ['buildFile.xml', 'moduledata'];
  const names = [...first, ...[...files.keys()].filter((n) => !first.includes(n)).sort()];
  return { bytes: writeZip(names.map((name) => ({ name, data: files.get(name)! })), 'vmod'), notes, entries: names };
}
