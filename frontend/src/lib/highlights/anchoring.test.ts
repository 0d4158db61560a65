import { describe, expect, it } from 'vitest';
import { anchorOfRange, rangesOfAnchor, sectionBlocks, wrapRanges } from './anchoring';

function section(html: string): HTMLDivElement {
  const div = document.createElement('div');
  div.innerHTML = html;
  document.body.appendChild(div);
  return div;
}

function textNode(element: Element, index = 0): Text {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let node = walker.nextNode();
  for (let i = 0; i < index; i += 1) node = walker.nextNode();
  return node as Text;
}

describe('anchoring', () => {
  it('names blocks by data-block, else b + element index (text nodes ignored)', () => {
    const div = section('\n<p>One</p>\n<p data-block="x7">Two</p>\n<ul><li>Three</li></ul>');
    expect(sectionBlocks(div).map((b) => b.id)).toEqual(['b0', 'x7', 'b2']);
  });

  it('maps a selection inside one block, counting code points (emoji and accents)', () => {
    const div = section('<p>Caf\u00e9 \u{1F600} <em>na\u00efve</em> words</p>');
    const p = div.querySelector('p')!;
    const first = textNode(p, 0); // "Café 😀 "
    const em = textNode(p, 1); // "naïve"
    const range = document.createRange();
    range.setStart(first, 5); // after "Café "
    range.setEnd(em, 3); // "naï"
    const anchor = anchorOfRange(div, range);
    expect(anchor).toEqual({ startBlock: 'b0', startOffset: 5, endBlock: 'b0', endOffset: 10 });
    // Inverse: the same text comes back.
    const ranges = rangesOfAnchor(div, anchor!);
    expect(ranges.map((r) => r.toString()).join('')).toBe('\u{1F600} na\u00ef');
  });

  it('maps a selection over several blocks and wraps it text node by text node', () => {
    const div = section('<p>Alpha <strong>beta</strong> gamma</p>\n<p data-block="k">Delta epsilon</p>');
    const range = document.createRange();
    range.setStart(textNode(div, 1), 2); // "be|ta"
    range.setEnd(textNode(div, 4), 5); // "Delta|" (node 3 is the newline between blocks)
    const anchor = anchorOfRange(div, range)!;
    expect(anchor).toEqual({ startBlock: 'b0', startOffset: 8, endBlock: 'k', endOffset: 5 });

    const marks = wrapRanges(rangesOfAnchor(div, anchor), () => document.createElement('mark'));
    expect(marks.map((m) => m.textContent)).toEqual(['ta', ' gamma', 'Delta']);
    // The structure holds: the strong keeps its text, the blocks their text.
    expect(div.querySelector('strong')!.textContent).toBe('beta');
    expect(div.querySelectorAll('p')[1].textContent).toBe('Delta epsilon');
    expect(div.children).toHaveLength(2);
  });

  it('refuses a selection outside the container or collapsed', () => {
    const div = section('<p>Inside</p>');
    const other = section('<p>Outside</p>');
    const range = document.createRange();
    range.setStart(textNode(div), 0);
    range.setEnd(textNode(other), 3);
    expect(anchorOfRange(div, range)).toBeNull();
    const collapsed = document.createRange();
    collapsed.setStart(textNode(div), 2);
    expect(anchorOfRange(div, collapsed)).toBeNull();
  });

  it('finds nothing for an unknown block or an offset past the end', () => {
    const div = section('<p>Short</p>');
    expect(rangesOfAnchor(div, { startBlock: 'zz', startOffset: 0, endBlock: 'b0', endOffset: 2 })).toEqual([]);
    expect(rangesOfAnchor(div, { startBlock: 'b0', startOffset: 0, endBlock: 'b0', endOffset: 50 })).toEqual([]);
  });

  it('keeps offsets of later highlights valid after earlier ones are wrapped', () => {
    const div = section('<p>one two three four</p>');
    wrapRanges(rangesOfAnchor(div, { startBlock: 'b0', startOffset: 4, endBlock: 'b0', endOffset: 7 }), () => document.createElement('mark'));
    const second = rangesOfAnchor(div, { startBlock: 'b0', startOffset: 8, endBlock: 'b0', endOffset: 13 });
    expect(second.map((r) => r.toString()).join('')).toBe('three');
  });
});
