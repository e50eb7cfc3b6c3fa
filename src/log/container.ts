// The .hexlog container: a zip holding an ordered list of named byte entries.
//
// Generic on purpose: it knows nothing of genesis or segments (see entry-names.ts for the naming
// scheme). The zip codec itself (deterministic writer, bounded reader: central directory parsed
// by hand, limits applied to the claims before inflating, inflation stopped past each claim, a strict layout,
// exact size and CRC-32 checked) is src/core/zip.ts, shared with export's bundles. This layer
// fixes the log's rules: strict entry names ([A-Za-z0-9._-] parts) and the log's limits, and
// reports problems as ContainerError (a HexlogError naming the file and the entry).

import { readZip } from '../core/zip-read.js';
import { crc32, entryNameProblem, writeZip, ZipError, type ZipCodecOptions, type ZipEntry, type ZipLimits } from '../core/zip.js';
import { HexlogError } from './errors.js';

export { crc32 };

export type ContainerEntry = ZipEntry;

export type ContainerLimits = ZipLimits;

export const DEFAULT_CONTAINER_LIMITS: Readonly<ContainerLimits> = Object.freeze({
  maxArchiveBytes: 64 * 1024 * 1024,
  maxEntries: 50_000,
  maxEntryBytes: 32 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
  maxNameLength: 200,
});

export class ContainerError extends HexlogError {
  /** The entry concerned, when there is one. */
  readonly entry: string | undefined;
  constructor(detail: string, file: string | undefined, entry?: string, options?: { cause?: unknown }) {
    super(detail, { file, place: entry === undefined ? undefined : `entry ${JSON.stringify(entry)}` }, options);
    this.entry = entry;
  }
}

/**
 * Check an entry name: relative, '/'-separated, each part made of [A-Za-z0-9._-] and not starting
 * with '.', so no '..', no hidden files, no absolute paths, no backslashes, no drive letters.
 */
export function checkEntryName(name: string, file?: string, maxLength = DEFAULT_CONTAINER_LIMITS.maxNameLength): void {
  const why = entryNameProblem(name, 'strict', maxLength);
  if (why !== null) throw new ContainerError(`bad entry name: ${why}`, file, name);
}

/** Write entries, in the given order, as a deterministic zip. */
export function writeContainer(entries: readonly ContainerEntry[], options: { file?: string; limits?: Partial<ContainerLimits> } = {}): Uint8Array {
  return asContainerError(() => writeZip(entries, codecOptions(options)));
}

/**
 * Read a zip written by writeContainer (or by any zip tool, in the strict subset of src/core/zip-read.ts), within limits.
 * With `lazy`, each entry is inflated and checked when its data is first read (see ZipReadOptions), throwing ContainerError then.
 */
export function readContainer(zip: Uint8Array, options: { file?: string; limits?: Partial<ContainerLimits>; lazy?: boolean } = {}): ContainerEntry[] {
  return asContainerError(() => readZip(zip, { ...codecOptions(options), lazy: options.lazy, lazyError: containerError }));
}

function codecOptions(options: { file?: string; limits?: Partial<ContainerLimits> }): ZipCodecOptions {
  return { names: 'strict', limits: { ...DEFAULT_CONTAINER_LIMITS, ...options.limits }, file: options.file };
}

function asContainerError<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    throw e instanceof ZipError ? containerError(e) : e;
  }
}

function containerError(e: ZipError): ContainerError {
  return new ContainerError(e.detail, e.file, e.entry, e.cause === undefined ? undefined : { cause: e.cause });
}
