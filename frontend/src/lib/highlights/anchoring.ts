/**
 * Highlight anchoring, the server's convention (docs: highlights): a section's blocks are the
 * top-level element children of the element holding the section's HTML, in order; a block's id is
 * its `data-block`, else `b` + its index among the element children; offsets count Unicode code
 * points of the block's `textContent`. Pure DOM functions, shared by the reader and tests.
 */

export interface Anchor {
  startBlock: string;
  startOffset: number;
  endBlock: string;
  endOffset: number;
}

/** The blocks of a section container, with their ids. */
export function sectionBlocks(container: Element): { id: string; element: Element }[] {
  return Array.from(container.children).map((element, index) => ({ id: element.getAttribute('data-block') ?? `b${index}`, element }));
}

const codePoints = (text: string): number => Array.from(text).length;

/** The top-level block of `container` holding `node`, or null. */
function blockOf(container: Element, node: Node): Element | null {
  let current: Node | null = node;
  while (current && current.parentNode !== container) current = current.parentNode;
  return current && current.nodeType === Node.ELEMENT_NODE ? (current as Element) : null;
}

/** Code points of `block`'s text before the boundary point (node, offset). */
function offsetIn(block: Element, node: Node, offset: number): number {
  const range = block.ownerDocument.createRange();
  range.selectNodeContents(block);
  range.setEnd(node, offset);
  return codePoints(range.toString());
}

/**
 * Maps a DOM range to block points when both ends lie inside `container` (null otherwise, or when
 * the range is collapsed or empty of text).
 */
export function anchorOfRange(container: Element, range: Range): Anchor | null {
  if (range.collapsed) return null;
  if (!container.contains(range.startContainer) || !container.contains(range.endContainer)) return null;
  const ids = new Map(sectionBlocks(container).map((b) => [b.element, b.id] as const));
  const start = snapStart(container, range.startContainer, range.startOffset);
  const end = snapEnd(container, range.endContainer, range.endOffset);
  if (!start || !end) return null;
  const startBlock = ids.get(start.block);
  const endBlock = ids.get(end.block);
  if (startBlock === undefined || endBlock === undefined) return null;
  const anchor = {
    startBlock,
    startOffset: offsetIn(start.block, start.node, start.offset),
    endBlock,
    endOffset: offsetIn(end.block, end.node, end.offset),
  };
  if (anchor.startBlock === anchor.endBlock && anchor.startOffset >= anchor.endOffset) return null;
  return anchor;
}

interface Point {
  block: Element;
  node: Node;
  offset: number;
}

/** A start point on the container itself (between blocks) moves to the next block's start. */
function snapStart(container: Element, node: Node, offset: number): Point | null {
  if (node === container) {
    const next = Array.from(container.childNodes)
      .slice(offset)
      .find((child) => child.nodeType === Node.ELEMENT_NODE);
    return next ? { block: next as Element, node: next, offset: 0 } : null;
  }
  const block = blockOf(container, node);
  return block ? { block, node, offset } : null;
}

/** An end point on the container itself moves to the previous block's end. */
function snapEnd(container: Element, node: Node, offset: number): Point | null {
  if (node === container) {
    const previous = Array.from(container.childNodes)
      .slice(0, offset)
      .reverse()
      .find((child) => child.nodeType === Node.ELEMENT_NODE);
    return previous ? { block: previous as Element, node: previous, offset: previous.childNodes.length } : null;
  }
  const block = blockOf(container, node);
  return block ? { block, node, offset } : null;
}

/** The text node and UTF-16 offset at `points` code points into `block` (null past its end). */
function pointAt(block: Element, points: number, preferNext: boolean): { node: Text; offset: number } | null {
  const walker = block.ownerDocument.createTreeWalker(block, NodeFilter.SHOW_TEXT);
  let left = points;
  let last: Text | null = null;
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const chars = Array.from(node.data);
    if (left < chars.length || (left === chars.length && !preferNext)) {
      return { node, offset: chars.slice(0, left).join('').length };
    }
    left -= chars.length;
    last = node;
  }
  return left === 0 && last ? { node: last, offset: last.data.length } : null;
}

/**
 * The ranges, one per text node, covering an anchor in `container` (empty when a block or offset
 * is not found). Wrapping each in a `<mark>` never breaks the element structure.
 */
export function rangesOfAnchor(container: Element, anchor: Anchor): Range[] {
  const blocks = sectionBlocks(container);
  const first = blocks.findIndex((b) => b.id === anchor.startBlock);
  const last = blocks.findIndex((b) => b.id === anchor.endBlock);
  if (first < 0 || last < first) return [];
  const start = pointAt(blocks[first].element, anchor.startOffset, true);
  const end = pointAt(blocks[last].element, anchor.endOffset, false);
  if (!start || !end) return [];
  const doc = container.ownerDocument;
  const whole = doc.createRange();
  whole.setStart(start.node, start.offset);
  whole.setEnd(end.node, end.offset);
  if (whole.collapsed) return [];
  const ranges: Range[] = [];
  const walker = doc.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    if (!whole.intersectsNode(node)) continue;
    const from = node === start.node ? start.offset : 0;
    const to = node === end.node ? end.offset : node.data.length;
    if (to <= from) continue;
    // Text between blocks (whitespace) is not part of any block: never wrapped.
    if (!blockOf(container, node)) continue;
    const range = doc.createRange();
    range.setStart(node, from);
    range.setEnd(node, to);
    ranges.push(range);
  }
  return ranges;
}

/** Wraps each range's text in a `<mark>` made by `make`; returns the marks. */
export function wrapRanges(ranges: Range[], make: () => HTMLElement): HTMLElement[] {
  // Last first: splitting a text node never shifts the ranges still to wrap before it.
  return ranges
    .slice()
    .reverse()
    .map((range) => {
      const mark = make();
      range.surroundContents(mark);
      return mark;
    })
    .reverse();
}
