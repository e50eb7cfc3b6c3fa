// Zip archives for exports (.hexmod bundles, VASSAL .vmod): export's rules over the shared zip
// codec in src/core/zip.ts (deterministic writer, bounded reader; the log's .hexlog container
// uses the same codec). Export allows the lenient entry names module files need (spaces,
// capitals, accents; still relative, no traversal, no hidden parts, no backslashes, no drive
// letters, no control characters) and has its own limits. Errors are core's ZipError, whose
// message names the archive and the entry.
import { readZip as readZipBytes } from '../core/zip-read.js';
import { crc32, entryNameProblem, writeZip as writeZipBytes, ZipError, type ZipEntry, type ZipLimits } from '../core/zip.js';

export { crc32, ZipError, type ZipEntry, type ZipLimits };

export const DEFAULT_ZIP_LIMITS: Readonly<ZipLimits> = Object.freeze({
  maxArchiveBytes: 256 * 1024 * 1024,
  maxEntries: 5001,
  maxEntryBytes: 64 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
  maxNameLength: 255,
});

/** Why a name is unsafe to extract, or null. Relative, '/'-separated, no traversal, no hidden parts. */
export function badEntryName(name: string, maxLength = DEFAULT_ZIP_LIMITS.maxNameLength): string | null {
  return entryNameProblem(name, 'lenient', maxLength);
}

/** A deterministic zip: entries in the order given, fixed time and level, within DEFAULT_ZIP_LIMITS. */
export function writeZip(entries: readonly ZipEntry[], file = 'zip'): Uint8Array {
  return writeZipBytes(entries, { names: 'lenient', limits: DEFAULT_ZIP_LIMITS, file });
}

/** Reads a zip in the strict subset (src/core/zip-read.ts) within limits; entries in zip order. `file` names the archive in errors. */
export function readZip(zip: Uint8Array, file: string, limits: Partial<ZipLimits> = {}): ZipEntry[] {
  return readZipBytes(zip, { names: 'lenient', limits: { ...DEFAULT_ZIP_LIMITS, ...limits }, file });
}
