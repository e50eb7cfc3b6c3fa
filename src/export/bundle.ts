// .hexmod bundles. Placeholder entry point replaced by the bundle implementation.
import type { ModuleSource } from './module-source.js';

export async function readBundle(path: string): Promise<ModuleSource> {
  throw new Error(`${path}: reading .hexmod bundles is not available in this build`);
}
