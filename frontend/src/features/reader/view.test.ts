// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readerView, wantsRatingSection } from './view';

// `sections` are the server's split of what the caller may read: the body's, else the truncated body's.
const base = { body: null, sections: [], notLoggedIn: false, limitReached: false, unlockOffer: null };
const A = { title: 'A', html: '<p>a</p>' };
const B = { title: 'B', html: '<p>b</p>' };

describe('readerView', () => {
  it('shows the whole body without a paywall when it is there', () => {
    const view = readerView({ ...base, body: '<h3>A</h3><p>a</p><h3>B</h3><p>b</p>', sections: [A, B] });
    expect(view.full).toBe(true);
    expect(view.paywall).toBeNull();
    expect(view.sections).toHaveLength(2);
  });

  it('shows the truncated body with the login paywall to visitors', () => {
    const view = readerView({ ...base, sections: [A], notLoggedIn: true });
    expect(view).toMatchObject({ full: false, paywall: 'login' });
    expect(view.sections.map((s) => s.title)).toEqual(['A']);
  });

  it('asks a free member before a free summary is spent, with the first section on show', () => {
    const view = readerView({ ...base, sections: [A], unlockOffer: { left: 3, allowance: 3 } });
    expect(view).toMatchObject({ full: false, paywall: 'unlock' });
    expect(view.sections.map((s) => s.title)).toEqual(['A']);
  });

  it('shows the upgrade paywall when the free summaries are used up', () => {
    expect(readerView({ ...base, body: '', sections: [{ title: 'A', html: '' }], limitReached: true }).paywall).toBe('upgrade');
  });

  it('shows the trial paywall when there are no body parts', () => {
    expect(readerView({ ...base, notLoggedIn: true })).toEqual({ sections: [], full: false, paywall: 'trial' });
    expect(readerView({ ...base, body: '  ', sections: [] }).paywall).toBe('trial');
  });
});

describe('the rating section', () => {
  const body = '<h3>A</h3><p>a</p><h3>B</h3><p>b</p>';

  it('is appended as an empty last section when asked, only with the whole body', () => {
    const view = readerView({ ...base, body, sections: [A, B] }, { rating: true });
    expect(view.sections.map((s) => s.title)).toEqual(['A', 'B', 'Rate this summary']);
    expect(view.sections[2]).toMatchObject({ html: '', kind: 'rating' });
    expect(readerView({ ...base, body, sections: [A, B] }).sections).toHaveLength(2);
    const truncated = readerView({ ...base, sections: [A], notLoggedIn: true }, { rating: true });
    expect(truncated.sections.map((s) => s.title)).toEqual(['A']);
  });

  it('is wanted by signed-in members who have not rated the book', () => {
    expect(wantsRatingSection({ notLoggedIn: false, hasRatingsFromUser: false }, true)).toBe(true);
    expect(wantsRatingSection({ notLoggedIn: false, hasRatingsFromUser: true }, true)).toBe(false);
    expect(wantsRatingSection({ notLoggedIn: true, hasRatingsFromUser: false }, false)).toBe(false);
    expect(wantsRatingSection({ notLoggedIn: false, hasRatingsFromUser: false }, false)).toBe(false);
  });
});
