/**
 * Splitting a summary body into the sections the reader pages through (spec member-app §3):
 *
 * - a section starts at each level-3 heading (`<h3>`); its title is the heading's text and its
 *   html is everything up to the next section (the heading itself is not part of `html`);
 * - content before the first heading belongs to the first section;
 * - a trailing level-2 group (an `<h2>` after the last `<h3>`, e.g. "Final summary") is promoted:
 *   each `<h2>` of that group starts a section of its own, as if it were an `<h3>`. An `<h2>`
 *   followed later by an `<h3>` is ordinary content of the section it sits in;
 * - a body without headings is one untitled section; an empty body has no sections.
 *
 * Pure apart from DOMParser, which jsdom and browsers both provide.
 */

export interface Section {
  title: string;
  html: string;
  /** `rating`: the rating form's section (no text of the book). */
  kind?: 'rating';
}

export const RATING_SECTION_TITLE = 'Rate this summary';

/**
 * An empty last section for the rating form, appended when the member has not rated the book
 * (spec member-app §3). It counts like any other section: index/total, Next, the contents.
 */
export function withRatingSection(sections: Section[]): Section[] {
  return [...sections, { title: RATING_SECTION_TITLE, html: '', kind: 'rating' }];
}

const WRAPPERS = new Set(['DIV', 'SECTION', 'ARTICLE', 'MAIN']);

function isBlank(node: Node): boolean {
  return node.nodeType === Node.COMMENT_NODE || (node.nodeType === Node.TEXT_NODE && !node.textContent?.trim());
}

function isHeading(node: Node, tag: 'H2' | 'H3'): node is Element {
  return node.nodeType === Node.ELEMENT_NODE && (node as Element).tagName === tag;
}

/** The nodes to split: the body's children, unwrapping a single wrapper element around everything. */
function topLevelNodes(root: Element): Node[] {
  let nodes = Array.from(root.childNodes);
  for (;;) {
    const meaningful = nodes.filter((node) => !isBlank(node));
    const only = meaningful[0];
    if (meaningful.length !== 1 || only?.nodeType !== Node.ELEMENT_NODE) return nodes;
    const element = only as Element;
    if (!WRAPPERS.has(element.tagName) || !element.querySelector('h2, h3')) return nodes;
    nodes = Array.from(element.childNodes);
  }
}

function headingText(element: Element): string {
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function serialise(nodes: Node[], doc: Document): string {
  const holder = doc.createElement('div');
  for (const node of nodes) {
    if (node.nodeType !== Node.COMMENT_NODE) holder.appendChild(node.cloneNode(true));
  }
  return holder.innerHTML.trim();
}

export function splitSections(body: string | null | undefined): Section[] {
  if (!body || !body.trim()) return [];
  const doc = new DOMParser().parseFromString(body, 'text/html');
  const nodes = topLevelNodes(doc.body);
  if (nodes.every(isBlank)) return [];

  let lastH3 = -1;
  nodes.forEach((node, index) => {
    if (isHeading(node, 'H3')) lastH3 = index;
  });
  const startsSection = (node: Node, index: number) => isHeading(node, 'H3') || (index > lastH3 && isHeading(node, 'H2'));

  const groups: { title: string; nodes: Node[] }[] = [];
  const leading: Node[] = [];
  nodes.forEach((node, index) => {
    if (startsSection(node, index)) {
      groups.push({ title: headingText(node), nodes: [] });
    } else if (groups.length === 0) {
      leading.push(node);
    } else {
      groups[groups.length - 1].nodes.push(node);
    }
  });

  if (groups.length === 0) return [{ title: '', html: serialise(leading, doc) }];
  groups[0].nodes.unshift(...leading);
  return groups.map((group) => ({ title: group.title, html: serialise(group.nodes, doc) }));
}

/** A saved position is restored only when it points at a section, else the reader starts at 0. */
export function initialSectionIndex(position: unknown, total: number): number {
  if (typeof position !== 'number' || !Number.isInteger(position)) return 0;
  return position >= 0 && position < total ? position : 0;
}

/** Move by `step` within [0, total - 1]. */
export function clampSection(index: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(Math.max(index, 0), total - 1);
}
