import { describe, expect, it } from 'vitest';
import { readerView } from './view';

const base = { body: null, truncatedBody: '', notLoggedIn: false, limitReached: false };

describe('readerView', () => {
  it('shows the whole body without a paywall when it is there', () => {
    const view = readerView({ ...base, body: '<h3>A</h3><p>a</p><h3>B</h3><p>b</p>', truncatedBody: '<h3>A</h3><p>a</p>' });
    expect(view.full).toBe(true);
    expect(view.paywall).toBeNull();
    expect(view.sections).toHaveLength(2);
  });

  it('shows the truncated body with the login paywall to visitors', () => {
    const view = readerView({ ...base, truncatedBody: '<h3>A</h3><p>a</p>', notLoggedIn: true });
    expect(view).toMatchObject({ full: false, paywall: 'login' });
    expect(view.sections.map((s) => s.title)).toEqual(['A']);
  });

  it('shows the upgrade paywall when the free summaries are used up', () => {
    expect(readerView({ ...base, body: '', truncatedBody: '<h3>A</h3>', limitReached: true }).paywall).toBe('upgrade');
  });

  it('shows the trial paywall when there are no body parts', () => {
    expect(readerView({ ...base, notLoggedIn: true })).toEqual({ sections: [], full: false, paywall: 'trial' });
    expect(readerView({ ...base, body: '  ', truncatedBody: '' }).paywall).toBe('trial');
  });
});
