// A VASSAL module's build file as a tree: each element with its class (the tag), attributes,
// text and children, and its path as the import report names it
// ("/GameModule/Map[Main Map]/DrawPile[Allied deck]"). Old modules name the file `buildFile`.
import { parseStringPromise } from 'xml2js';

export interface BuildElement {
  tag: string;
  attrs: Record<string, string>;
  text: string;
  children: BuildElement[];
  path: string;
}

export async function parseBuildFile(xml: string, file: string): Promise<BuildElement> {
  let doc: Record<string, Record<string, unknown>>;
  try {
    doc = await parseStringPromise(xml, { explicitChildren: true, preserveChildrenOrder: true, charsAsChildren: false, trim: false });
  } catch (e) {
    throw new Error(`${file}: not readable XML (${(e as Error).message.split('\n')[0]})`);
  }
  const walk = (tag: string, node: Record<string, unknown>, parent: string): BuildElement => {
    const attrs = (node.$ as Record<string, string>) ?? {};
    const label = attrs.name ?? attrs.mapName ?? attrs.entryName ?? attrs.chartName;
    const path = `${parent}/${tag.slice(tag.lastIndexOf('.') + 1)}${label ? `[${label}]` : ''}`;
    const kids = (node.$$ as Record<string, unknown>[] | undefined) ?? [];
    return { tag, attrs, text: typeof node._ === 'string' ? node._ : '', path, children: kids.map((k) => walk(k['#name'] as string, k, path)) };
  };
  const [root] = Object.keys(doc);
  if (!root) throw new Error(`${file}: empty build file`);
  return walk(root, doc[root]!, '');
}

export function descendants(el: BuildElement): BuildElement[] {
  return [el, ...el.children.flatMap(descendants)];
}

export const shortClass = (tag: string) => tag.slice(tag.lastIndexOf('.') + 1);
