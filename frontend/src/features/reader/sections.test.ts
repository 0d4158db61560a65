import { describe, expect, it } from 'vitest';
import { clampSection, initialSectionIndex, splitSections } from './sections';

describe('splitSections', () => {
  it('splits at h3 headings and keeps each section body without its heading', () => {
    const sections = splitSections('<h3>One</h3><p>a</p><p>b</p><h3>Two</h3><ul><li>c</li></ul>');
    expect(sections).toEqual([
      { title: 'One', html: '<p>a</p><p>b</p>' },
      { title: 'Two', html: '<ul><li>c</li></ul>' },
    ]);
  });

  it('puts content before the first h3 into the first section', () => {
    const sections = splitSections('<p>intro</p><h3>One</h3><p>a</p><h3>Two</h3><p>b</p>');
    expect(sections.map((s) => s.title)).toEqual(['One', 'Two']);
    expect(sections[0].html).toBe('<p>intro</p><p>a</p>');
  });

  it('promotes every h2 of a trailing level-2 group to a section', () => {
    const sections = splitSections(
      '<h3>One</h3><p>a</p><h3>Two</h3><p>b</p><h2>Final summary</h2><p>end</p><h2>About the author</h2><p>bio</p>',
    );
    expect(sections).toEqual([
      { title: 'One', html: '<p>a</p>' },
      { title: 'Two', html: '<p>b</p>' },
      { title: 'Final summary', html: '<p>end</p>' },
      { title: 'About the author', html: '<p>bio</p>' },
    ]);
  });

  it('leaves an h2 in the middle (followed by more h3 sections) as content', () => {
    const sections = splitSections('<h3>One</h3><p>a</p><h2>Part two</h2><h3>Two</h3><p>b</p>');
    expect(sections).toEqual([
      { title: 'One', html: '<p>a</p><h2>Part two</h2>' },
      { title: 'Two', html: '<p>b</p>' },
    ]);
  });

  it('splits a body with h2 headings only at each h2', () => {
    const sections = splitSections('<p>intro</p><h2>A</h2><p>a</p><h2>B</h2><p>b</p>');
    expect(sections).toEqual([
      { title: 'A', html: '<p>intro</p><p>a</p>' },
      { title: 'B', html: '<p>b</p>' },
    ]);
  });

  it('makes one untitled section of a body without headings', () => {
    expect(splitSections('<p>just text</p><p>more</p>')).toEqual([{ title: '', html: '<p>just text</p><p>more</p>' }]);
    expect(splitSections('plain words')).toEqual([{ title: '', html: 'plain words' }]);
  });

  it('has no sections for an empty or blank body', () => {
    expect(splitSections('')).toEqual([]);
    expect(splitSections('   \n ')).toEqual([]);
    expect(splitSections(null)).toEqual([]);
    expect(splitSections(undefined)).toEqual([]);
    expect(splitSections('<!-- nothing -->')).toEqual([]);
  });

  it('keeps a heading with no content as an empty section and normalises heading text', () => {
    expect(splitSections('<h3>  Key idea\n 1: <em>Start</em> </h3><h3>Two</h3><p>b</p>')).toEqual([
      { title: 'Key idea 1: Start', html: '' },
      { title: 'Two', html: '<p>b</p>' },
    ]);
  });

  it('looks through a single wrapper element', () => {
    expect(splitSections('<div class="summary"><h3>One</h3><p>a</p><h3>Two</h3><p>b</p></div>').map((s) => s.title)).toEqual([
      'One',
      'Two',
    ]);
  });

  it('does not split at headings nested inside content', () => {
    const sections = splitSections('<h3>One</h3><blockquote><h3>quoted</h3></blockquote><p>a</p>');
    expect(sections).toHaveLength(1);
    expect(sections[0].html).toBe('<blockquote><h3>quoted</h3></blockquote><p>a</p>');
  });
});

describe('initialSectionIndex', () => {
  it('restores a valid saved position, else starts at 0', () => {
    expect(initialSectionIndex(2, 5)).toBe(2);
    expect(initialSectionIndex(0, 5)).toBe(0);
    expect(initialSectionIndex(5, 5)).toBe(0);
    expect(initialSectionIndex(-1, 5)).toBe(0);
    expect(initialSectionIndex(1.5, 5)).toBe(0);
    expect(initialSectionIndex('2', 5)).toBe(0);
    expect(initialSectionIndex(0, 0)).toBe(0);
  });
});

describe('clampSection', () => {
  it('stays within bounds', () => {
    expect(clampSection(-1, 3)).toBe(0);
    expect(clampSection(3, 3)).toBe(2);
    expect(clampSection(1, 3)).toBe(1);
    expect(clampSection(1, 0)).toBe(0);
  });
});
