import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field, FieldHint, FieldLabel, SelectField, TextAreaField, TextField } from './Field';

const OPTIONS = [
  { value: 'm', label: 'Monthly' },
  { value: 'y', label: 'Yearly' },
];

describe('form kit: fields', () => {
  it('labels a text field, describes it by its hint and passes its attributes on', () => {
    render(<TextField label="Email" name="email" type="email" hint="For your receipts." className="extra" defaultValue="a@b.co" />);
    const field = screen.getByRole('textbox', { name: 'Email' });
    expect(field).toHaveAttribute('name', 'email');
    expect(field).toHaveAttribute('type', 'email');
    expect(field).toHaveValue('a@b.co');
    expect(field).toHaveClass('input', 'extra');
    expect(field).toHaveAccessibleDescription('For your receipts.');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field.closest('.field')).not.toBeNull();
  });

  it('keeps a given id, and makes the hint’s id from it', () => {
    render(<TextField id="who" label="Name" hint="As on your card." />);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('id', 'who');
    expect(screen.getByText('As on your card.')).toHaveAttribute('id', 'who-hint');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-describedby', 'who-hint');
  });

  it('marks an invalid field and points it to the message, after its hint', () => {
    render(
      <>
        <p id="alert">Please enter a valid email address.</p>
        <TextField label="Email" hint="For your receipts." invalid errorId="alert" />
        <TextAreaField label="About" invalid={false} errorId="alert" />
      </>,
    );
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('For your receipts. Please enter a valid email address.');
    const about = screen.getByRole('textbox', { name: 'About' });
    expect(about).not.toHaveAttribute('aria-invalid');
    expect(about).not.toHaveAttribute('aria-describedby');
  });

  it('lets attributes given to the field win over its own ARIA', () => {
    render(<TextField label="Code" hint="Six digits." aria-describedby="elsewhere" />);
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveAttribute('aria-describedby', 'elsewhere');
  });

  it('shows a required field’s asterisk to the eye only, and classes the wrapper', () => {
    render(<TextAreaField label="Reason" requiredMark required fieldClassName="admin-field" />);
    const reason = screen.getByRole('textbox', { name: 'Reason' });
    expect(reason.tagName).toBe('TEXTAREA');
    expect(reason).toHaveClass('input', 'input--textarea');
    expect(reason).toBeRequired();
    expect(reason.closest('.field')).toHaveClass('admin-field');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('*')).toHaveClass('field__required');
  });

  it('starts a select with nothing chosen, or offers only its options', () => {
    render(
      <>
        <SelectField label="Plan" options={OPTIONS} />
        <SelectField label="Billing" options={OPTIONS} placeholder={null} />
      </>,
    );
    const names = (name: string) =>
      within(screen.getByRole('combobox', { name }))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(names('Plan')).toEqual(['Choose one…', 'Monthly', 'Yearly']);
    expect(screen.getByRole('combobox', { name: 'Plan' })).toHaveValue('');
    expect(names('Billing')).toEqual(['Monthly', 'Yearly']);
  });

  it('wraps a control of one’s own, and names a group with a legend', () => {
    render(
      <>
        <Field id="price" label="Price" hint="In dollars." requiredMark>
          <input id="price" aria-describedby="price-hint" />
        </Field>
        <fieldset aria-describedby="days-hint">
          <FieldLabel required>Days</FieldLabel>
          <FieldHint id="days-hint">Pick any.</FieldHint>
          <label>
            <input type="checkbox" /> Monday
          </label>
        </fieldset>
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Price' })).toHaveAccessibleDescription('In dollars.');
    expect(screen.getByRole('group', { name: 'Days' })).toHaveAccessibleDescription('Pick any.');
  });
});
