import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/client';
import { AdminForm } from './AdminForm';
import type { FieldDefinition, FormValues } from './types';

const OPTIONS = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
];

/** One field of every type of the spec. */
const EVERY_TYPE: FieldDefinition[] = [
  { id: 'id', label: 'Id', type: 'hidden', value: '42' },
  { id: 'title', label: 'Title*', type: 'text', required: true, helpText: 'As on the cover.' },
  { id: 'mins', label: 'Minutes', type: 'text', inputType: 'number', value: '12' },
  { id: 'day', label: 'Upload Date*', type: 'date', required: true, value: '2025-03-04' },
  { id: 'about', label: 'About', type: 'textarea' },
  { id: 'plan', label: 'Plan*', type: 'select', required: true, options: OPTIONS },
  {
    id: 'free',
    label: 'Free',
    type: 'normal-select',
    options: [
      { value: 'false', label: 'No' },
      { value: 'true', label: 'Yes' },
    ],
    value: 'false',
  },
  {
    id: 'categories',
    label: 'Categories*',
    type: 'multi-select',
    required: true,
    options: [
      { value: '1', label: 'Philosophy' },
      { value: '2', label: 'History' },
    ],
  },
  { id: 'cover', label: 'Cover', type: 'file', accept: 'image/*' },
  { id: 'key', label: 'Image', type: 'readonly', value: 'public/covers/1.png' },
];

function setup(props: Partial<Parameters<typeof AdminForm>[0]> = {}) {
  const onSubmit = vi.fn<(values: FormValues) => Promise<string | void>>().mockResolvedValue('Saved.');
  const user = userEvent.setup();
  const utils = render(<AdminForm fields={EVERY_TYPE} submitLabel="Save" onSubmit={onSubmit} {...props} />);
  return { ...utils, onSubmit, user };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Title/), 'Walden');
  await user.selectOptions(screen.getByLabelText(/^Plan/), 'yearly');
  await user.click(screen.getByRole('checkbox', { name: 'History' }));
}

describe('AdminForm', () => {
  it('renders every field type of the spec with its label, help and value', () => {
    const { container } = setup();
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('As on the cover.');
    expect(screen.getByRole('spinbutton', { name: 'Minutes' })).toHaveValue(12);
    expect(screen.getByLabelText(/^Upload Date/)).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText(/^Upload Date/)).toHaveValue('2025-03-04');
    expect(screen.getByRole('textbox', { name: 'About' }).tagName).toBe('TEXTAREA');
    // A select starts with nothing chosen; a normal select offers only its options.
    const plan = screen.getByRole('combobox', { name: 'Plan' });
    expect(
      within(plan)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose one…', 'Monthly', 'Yearly']);
    const free = screen.getByRole('combobox', { name: 'Free' });
    expect(
      within(free)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No', 'Yes']);
    expect(screen.getByRole('group', { name: 'Categories' })).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    expect(screen.getByLabelText('Cover')).toHaveAttribute('type', 'file');
    expect(screen.getByRole('textbox', { name: 'Image' })).toHaveAttribute('readonly');
    expect(container.querySelector('input[type="hidden"][name="id"]')).toHaveValue('42');
  });

  it('shows only the first failing field’s message in a warning banner, scrolls up and sends nothing', async () => {
    const scroll = vi.spyOn(window, 'scrollTo');
    const { onSubmit, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(/^!?Please specify Title\.$/);
    expect(banner).toHaveClass('alert--warning');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');
    expect(scroll).toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Walden');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Plan.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Plan' }), 'monthly');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Categories.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks number fields: not a number, or below 0', async () => {
    const { onSubmit, user } = setup();
    await fillValid(user);
    const mins = screen.getByRole('spinbutton', { name: 'Minutes' });
    await user.clear(mins);
    await user.type(mins, '-4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please make sure Minutes is greater or equal to 0.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the values of every field, disables the form while sending, then shows the success text', async () => {
    let finish: (value: string) => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const { user } = setup({ onSubmit });
    await fillValid(user);
    const file = new File(['png'], 'cover.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Cover'), file);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({
      id: '42',
      title: 'Walden',
      mins: '12',
      day: '2025-03-04',
      about: '',
      plan: 'yearly',
      free: 'false',
      categories: ['2'],
      cover: file,
      key: 'public/covers/1.png',
    });
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    finish('Book was updated.');
    expect(await screen.findByRole('status')).toHaveTextContent('Book was updated.');
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeEnabled();
  });

  it('shows the server’s error text in the warning banner', async () => {
    const onSubmit = vi.fn().mockRejectedValue(new ApiError('Please specify Image.', { status: 400, code: 'invalid' }));
    const { user } = setup({ onSubmit });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Image.');
  });

  it('shows a spinner while the data it edits loads', () => {
    setup({ loading: true, loadingLabel: 'Loading the book…' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the book…');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('shows a field only while its condition holds, and checks it then', async () => {
    const onSubmit = vi.fn();
    const fields: FieldDefinition[] = [
      { id: 'plan', label: 'Plan', type: 'normal-select', options: [{ value: '', label: 'No plan' }, ...OPTIONS], value: '' },
      { id: 'reason', label: 'Reason for the plan change*', type: 'textarea', required: true, showWhen: (values) => values.plan !== '' },
    ];
    const user = userEvent.setup();
    render(<AdminForm fields={fields} submitLabel="Save" onSubmit={onSubmit} />);
    expect(screen.queryByRole('textbox', { name: 'Reason for the plan change' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Plan' }), 'monthly');
    expect(screen.getByRole('textbox', { name: 'Reason for the plan change' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please specify Reason for the plan change.');
    await user.type(screen.getByRole('textbox', { name: 'Reason for the plan change' }), 'Refund');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ plan: 'monthly', reason: 'Refund' }));
  });
});
