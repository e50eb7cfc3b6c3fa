// The player's small state folder: $HEXPOST_HOME, else ~/.hexpost. Holds JSON files and log
// copies written atomically (for example the heads seen per game and the newest copy verified, for
// fork detection and equivocation proofs). Created with mode 0700.

import { mkdir, readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { writeFileAtomic } from './atomic-write.js';
import { canonicalize } from '../core/canonical.js';
import { HexlogError } from './errors.js';
import { parseJson, type Json } from './json.js';

export class HomeError extends HexlogError {}

/** The state folder path (not created). */
export function hexpostHome(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env['HEXPOST_HOME'];
  if (fromEnv) return isAbsolute(fromEnv) ? fromEnv : resolve(fromEnv);
  return join(homedir(), '.hexpost');
}

const STATE_NAME = /^[a-z0-9][a-z0-9._-]{0,99}\.(json|hexlog|txt)$/;

/** The path of `<home>/<name>`, checked (for messages that point the player at a kept file). */
export function statePath(name: string, home: string = hexpostHome()): string {
  if (!STATE_NAME.test(name) || name.includes('..')) {
    throw new HomeError(`state file name ${JSON.stringify(name)} must match ${STATE_NAME.source}`);
  }
  return join(home, name);
}

/** Read `<home>/<name>` as JSON; undefined when the file does not exist. */
export async function readState(name: string, home: string = hexpostHome()): Promise<Json | undefined> {
  const bytes = await readStateBytes(name, home);
  return bytes === undefined ? undefined : parseJson(bytes, { file: statePath(name, home) });
}

/** Read `<home>/<name>`'s bytes; undefined when the file does not exist. */
export async function readStateBytes(name: string, home: string = hexpostHome()): Promise<Uint8Array | undefined> {
  const path = statePath(name, home);
  try {
    return new Uint8Array(await readFile(path));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new HomeError(`cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, { file: path }, { cause: e });
  }
}

/** Write `<home>/<name>` atomically as canonical JSON (plus a newline), creating the folder if needed. */
export async function writeState(name: string, value: Json, home: string = hexpostHome()): Promise<void> {
  await writeStateBytes(name, canonicalize(value) + '\n', home);
}

/** Write `<home>/<name>` atomically (mode 0600), creating the folder if needed. */
export async function writeStateBytes(name: string, data: Uint8Array | string, home: string = hexpostHome()): Promise<void> {
  const path = statePath(name, home);
  await mkdir(home, { recursive: true, mode: 0o700 });
  await writeFileAtomic(path, data, { mode: 0o600 });
}
