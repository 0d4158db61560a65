// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { firstEmpty, firstMissing, isBlank, looksLikeEmail, numberMessage, plainLabel, requiredMessage } from './validation';
import { describedBy, hintId } from './aria';

describe('form kit: checks', () => {
  it('counts whitespace as empty', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank(' \n\t ')).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });

  it('finds the first empty value, or -1', () => {
    expect(firstEmpty(['Ada', '  ', ''])).toBe(1);
    expect(firstEmpty(['', 'x'])).toBe(0);
    expect(firstEmpty(['Ada', 'x'])).toBe(-1);
    expect(firstEmpty([])).toBe(-1);
  });

  it('takes an address as one when it could be one: something@something.something, no spaces', () => {
    for (const good of ['ada@example.com', ' ada@example.com ', 'a.b+c@mail.example.co.uk']) expect(looksLikeEmail(good), good).toBe(true);
    for (const bad of ['', 'ada', 'ada@example', 'ada @example.com', '@example.com', 'ada@.com x', 'ada@@example.com']) {
      expect(looksLikeEmail(bad), bad).toBe(false);
    }
  });

  it('words the back office’s messages from the label, without its asterisk', () => {
    expect(plainLabel(' First Name * ')).toBe('First Name');
    expect(requiredMessage('Title*')).toBe('Please specify Title.');
    expect(numberMessage('Minutes*')).toBe('Please make sure Minutes is greater or equal to 0.');
  });

  it('names the first required field left empty, or nothing', () => {
    const fields = [
      { label: 'Current Password*', value: 'old' },
      { label: 'New Password*', value: '  ' },
      { label: 'Confirm New Password*', value: '' },
    ];
    expect(firstMissing(fields)).toBe('Please specify New Password.');
    expect(firstMissing(fields.map((field) => ({ ...field, value: 'x' })))).toBeNull();
  });
});

describe('form kit: descriptions', () => {
  it('makes a hint’s id from its control’s', () => {
    expect(hintId('f-email')).toBe('f-email-hint');
  });

  it('joins the ids that describe a control, in order, and gives nothing for none', () => {
    expect(describedBy('a-hint', undefined, false, null, 'alert')).toBe('a-hint alert');
    expect(describedBy(undefined, false)).toBeUndefined();
    expect(describedBy()).toBeUndefined();
  });
});
