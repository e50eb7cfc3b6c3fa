// `module export --format vassal`: the VASSAL module as one deterministic zip (.vmod).
import type { ModuleData } from '../../core/module/schema.js';
import type { ModuleSource } from '../module-source.js';
import { writeZip } from '../zip.js';
import { buildVassalModule } from './build-file.js';

export function vassalModuleBytes(data: ModuleData, source: ModuleSource): { bytes: Uint8Array; notes: string[]; entries: string[] } {
  const { files, notes } = buildVassalModule(data, source.other);
  const first = ['buildFile.xml', 'moduledata'];
  const names = [...first, ...[...files.keys()].filter((n) => !first.includes(n)).sort()];
  return { bytes: writeZip(names.map((name) => ({ name, data: files.get(name)! })), 'vmod'), notes, entries: names };
}
