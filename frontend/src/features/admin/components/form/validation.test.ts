// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { FieldDefinition, FormValues } from './types';
import { initialValues } from './types';
import { fieldProblem, firstProblem, numberMessage, plainLabel, requiredMessage } from './validation';

const field = (type: FieldDefinition['type'], extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  id: 'f',
  label: 'Title*',
  type,
  required: true,
  ...extra,
});
const problem = (definition: FieldDefinition, value: FormValues[string]) => fieldProblem(definition, { f: value });

describe('admin form validation (back-office spec §5)', () => {
  it('drops the asterisk from labels in messages', () => {
    expect(plainLabel('Title*')).toBe('Title');
    expect(plainLabel('First Name *')).toBe('First Name');
    expect(requiredMessage('Categories*')).toBe('Please specify Categories.');
    expect(numberMessage('Minutes*')).toBe('Please make sure Minutes is greater or equal to 0.');
  });

  it.each(['text', 'date', 'textarea'] as const)('a required %s field must not be empty or only spaces', (type) => {
    expect(problem(field(type), '')).toBe('Please specify Title.');
    expect(problem(field(type), '   \n ')).toBe('Please specify Title.');
    expect(problem(field(type), 'Walden')).toBeNull();
    expect(problem(field(type, { required: false }), '')).toBeNull();
  });

  it('a required password field is checked like text', () => {
    expect(problem(field('text', { inputType: 'password' }), ' ')).toBe('Please specify Title.');
  });

  it.each(['select', 'normal-select'] as const)('a required %s needs a choice', (type) => {
    expect(problem(field(type, { label: 'Plan*' }), '')).toBe('Please specify Plan.');
    expect(problem(field(type, { label: 'Plan*' }), 'monthly')).toBeNull();
    expect(problem(field(type, { label: 'Plan', required: false }), '')).toBeNull();
  });

  it('a required multi-select needs at least one choice', () => {
    const categories = field('multi-select', { label: 'Categories*' });
    expect(problem(categories, [])).toBe('Please specify Categories.');
    expect(problem(categories, ['3'])).toBeNull();
  });

  it('file, hidden and read-only fields are never checked', () => {
    expect(problem(field('file'), null)).toBeNull();
    expect(problem(field('hidden'), '')).toBeNull();
    expect(problem(field('readonly'), '')).toBeNull();
  });

  it('a number field must hold a number of 0 or more', () => {
    const minutes = field('text', { label: 'Minutes*', inputType: 'number' });
    const message = 'Please make sure Minutes is greater or equal to 0.';
    expect(problem(minutes, 'twelve')).toBe(message);
    expect(problem(minutes, '-1')).toBe(message);
    expect(problem(minutes, '')).toBe(message);
    expect(problem(minutes, '0')).toBeNull();
    expect(problem(minutes, '12.5')).toBeNull();
    const optional = { ...minutes, required: false };
    expect(problem(optional, '')).toBeNull();
    expect(problem(optional, '-3')).toBe(message);
  });

  it('gives only the first failing field, in the form’s order', () => {
    const fields: FieldDefinition[] = [
      { id: 'title', label: 'Title*', type: 'text', required: true },
      { id: 'mins', label: 'Minutes', type: 'text', inputType: 'number', required: true },
      { id: 'categories', label: 'Categories*', type: 'multi-select', required: true },
    ];
    const values = initialValues(fields);
    expect(firstProblem(fields, values)).toEqual({ fieldId: 'title', message: 'Please specify Title.' });
    expect(firstProblem(fields, { ...values, title: 'Walden' })).toEqual({ fieldId: 'mins', message: 'Please make sure Minutes is greater or equal to 0.' });
    expect(firstProblem(fields, { ...values, title: 'Walden', mins: '3' })?.message).toBe('Please specify Categories.');
    expect(firstProblem(fields, { title: 'Walden', mins: '3', categories: ['1'] })).toBeNull();
  });

  it('skips fields that are not shown for the values', () => {
    const fields: FieldDefinition[] = [
      { id: 'plan', label: 'Plan', type: 'normal-select', options: [] },
      { id: 'reason', label: 'Reason*', type: 'textarea', required: true, showWhen: (values) => values.plan !== '' },
    ];
    expect(firstProblem(fields, { plan: '', reason: '' })).toBeNull();
    expect(firstProblem(fields, { plan: 'monthly', reason: '' })?.message).toBe('Please specify Reason.');
  });

  it('starts multi-selects empty, files as nothing and text as empty text', () => {
    expect(initialValues([field('multi-select'), { ...field('file'), id: 'g' }, { ...field('text'), id: 'h' }])).toEqual({ f: [], g: null, h: '' });
  });
});
