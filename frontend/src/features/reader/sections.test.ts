// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SAMPLE_BODY, SAMPLE_SECTIONS, SAMPLE_TRUNCATED, SAMPLE_TRUNCATED_SECTIONS, makeBookDetail, makeVisitorBook } from '@/testing/catalogue-data';
import { clampSection, initialSectionIndex } from './sections';

describe('the fixture sections', () => {
  // The splitting rules are the server's (crates/catalogue/src/html.rs and its tests); the fixtures
  // the reader's tests use must follow them.
  it('are SAMPLE_BODY split at each h3, with the trailing h2 group promoted and headings left out', () => {
    const rebuilt = SAMPLE_SECTIONS.map(({ title, html }, i) => {
      const level = i === SAMPLE_SECTIONS.length - 1 ? 'h2' : 'h3';
      return `<${level}>${title}</${level}>${html}`;
    }).join('');
    expect(rebuilt).toBe(SAMPLE_BODY);
    expect(SAMPLE_SECTIONS.every(({ html }) => !/<h[23]/.test(html))).toBe(true);
  });

  it("give a visitor the truncated body's one section", () => {
    expect(SAMPLE_TRUNCATED_SECTIONS).toEqual([{ title: 'Key idea 1: Begin', html: '<p>First idea text.</p>' }]);
    expect(`<h3>${SAMPLE_TRUNCATED_SECTIONS[0].title}</h3>${SAMPLE_TRUNCATED_SECTIONS[0].html}`).toBe(SAMPLE_TRUNCATED);
  });

  it('are what the book fixtures carry', () => {
    expect(makeBookDetail().sections).toEqual(SAMPLE_SECTIONS);
    expect(makeVisitorBook().sections).toEqual(SAMPLE_TRUNCATED_SECTIONS);
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
