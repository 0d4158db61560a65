import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../api/types';
import { adminAccess, makeAuditEntry } from '@/testing/admin-data';
import { http, ok } from '@/testing/handlers';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';
import { changeLines } from '../components/Changes';

function auditServer(pages: Record<string, AuditEntry[]>) {
  const asked: string[] = [];
  server.use(
    ...adminAccess(),
    http.get('/api/admin/audit', ({ request }) => {
      const query = new URL(request.url).searchParams.toString();
      asked.push(query);
      return ok({ entries: pages[query] ?? [] });
    }),
  );
  return asked;
}

const page = (fromId: number, count: number) =>
  Array.from({ length: count }, (_, i) =>
    makeAuditEntry({ id: fromId - i, action: 'book.updated', entity: 'book', entityId: '5', before: { title: 'Old' }, after: { title: 'New' }, reason: null }),
  );

describe('/admin/audit', () => {
  it('lists changes newest first: when, who, action, what, before → after, reason', async () => {
    signIn();
    auditServer({ '': [makeAuditEntry({ id: 3 })] });
    renderApp('/admin/audit');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['When', 'Who', 'Action', 'What', 'Changes', 'Reason']);
    const row = within(table).getAllByRole('row')[1];
    const cells = within(row).getAllByRole('cell');
    expect(cells[0].querySelector('time')).toHaveAttribute('dateTime', '2025-03-04T10:15:00.000Z');
    expect(cells[1]).toHaveTextContent('admin@gistbook.app');
    expect(cells[2]).toHaveTextContent('Plan changed');
    expect(within(cells[3]).getByRole('link', { name: 'Member #7' })).toHaveAttribute('href', '/admin/users/7');
    expect(cells[4]).toHaveTextContent('planId: (none) → changed to lifetime');
    expect(cells[4]).toHaveTextContent('paidDate: (none) → changed to 2025-03-04');
    expect(cells[5]).toHaveTextContent('Refund by hand');
  });

  it("'Load older' asks for the entries before the oldest shown", async () => {
    signIn();
    const asked = auditServer({ '': page(300, 100), 'beforeId=201': page(200, 20) });
    const { user } = renderApp('/admin/audit');
    await screen.findByRole('table');
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(101);
    await user.click(screen.getByRole('button', { name: 'Load older' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(121));
    expect(asked).toEqual(['', 'beforeId=201']);
    expect(screen.queryByRole('button', { name: 'Load older' })).not.toBeInTheDocument();
  });

  it('filters by action and by member or book id', async () => {
    signIn();
    const asked = auditServer({ '': page(3, 1), 'action=member.plan_changed&entityId=7': [makeAuditEntry({ id: 2 })] });
    const { user, router } = renderApp('/admin/audit');
    await screen.findByRole('table');
    const form = screen.getByRole('form', { name: 'Filter the audit log' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Action' }), 'member.plan_changed');
    await user.type(within(form).getByRole('searchbox', { name: 'Member or book id' }), '7');
    await user.click(within(form).getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(asked).toContain('action=member.plan_changed&entityId=7'));
    expect(currentUrl(router)).toBe('/admin/audit?action=member.plan_changed&entityId=7');
    expect(await screen.findByRole('link', { name: 'Member #7' })).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    signIn();
    auditServer({});
    renderApp('/admin/audit?entityId=999');
    expect(await screen.findByText('No changes found.')).toBeInTheDocument();
  });

  it('shows values readably: lists joined, long text cut, additions from nothing', () => {
    expect(changeLines({ categories: [1] }, { categories: [1, 3] })).toEqual([{ key: 'categories', before: '1', after: '1, 3' }]);
    expect(changeLines(null, { title: 'Walden', free: true })).toEqual([
      { key: 'title', before: '(none)', after: 'Walden' },
      { key: 'free', before: '(none)', after: 'true' },
    ]);
    expect(changeLines({ body: 'x'.repeat(200) }, { body: '' })[0].before).toHaveLength(121);
    // Fields an addition left empty are not listed.
    expect(changeLines(null, { title: 'Walden', tags: [], video: null })).toEqual([{ key: 'title', before: '(none)', after: 'Walden' }]);
  });
});
