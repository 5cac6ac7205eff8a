/**
 * A small, linear reader of SVG markup for the SVG policy: the element tree as written, with the
 * attributes the policy looks at, and the text of every `<style>` sheet. It never resolves anything
 * and never allocates more than the file's size; limits on count and depth are checked while reading
 * (by `onElement`), so a hostile file is refused before its tree is complete.
 */
export type SvgNode = {
  /** Local name, lower-case, without a namespace prefix (`svg:use` is `use`). */
  readonly name: string;
  readonly attrs: ReadonlyMap<string, string>;
  readonly children: SvgNode[];
  /** Text directly inside the element (only kept for `<style>`). */
  text: string;
};

// Markup that is not an element (comments, CDATA, processing instructions, the DOCTYPE), or a tag.
const TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>|<(\/?)([A-Za-z_][\w.:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTRIBUTE = /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function attributesOf(source: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const m of source.matchAll(ATTRIBUTE)) {
    const name = (m[1] ?? '').toLowerCase();
    // `xlink:href` and `href` are one attribute to every renderer; the first one written wins here.
    const key = name === 'xlink:href' ? 'href' : name;
    if (!attrs.has(key)) attrs.set(key, (m[2] ?? m[3] ?? '').trim());
  }
  return attrs;
}

const localName = (qualified: string) => qualified.slice(qualified.lastIndexOf(':') + 1).toLowerCase();

/**
 * The element tree of `text`. `onElement(count, depth)` is called as each element opens (its
 * 1-based number and its depth) and may throw to stop reading.
 */
export function parseSvg(text: string, onElement: (count: number, depth: number) => void): SvgNode[] {
  const roots: SvgNode[] = [];
  const open: SvgNode[] = [];
  let count = 0;
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    const current = open[open.length - 1];
    // Style sheets are the one place text matters: CSS may set `filter` on many elements at once.
    if (current?.name === 'style') current.text += text.slice(last, m.index) + (m[1] ?? '');
    last = m.index + m[0].length;
    const [, , closing, name, attrs] = m;
    if (name === undefined || attrs === undefined) continue;
    if (closing === '/') {
      open.pop();
      continue;
    }
    count++;
    const selfClosing = attrs.trimEnd().endsWith('/');
    // A self-closing element opens no level (as the depth limit has always been counted).
    onElement(count, selfClosing ? open.length : open.length + 1);
    const node: SvgNode = { name: localName(name), attrs: attributesOf(attrs), children: [], text: '' };
    (current?.children ?? roots).push(node);
    if (!selfClosing) open.push(node);
  }
  return roots;
}
