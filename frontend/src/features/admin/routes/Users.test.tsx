import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminAccess, adminUsers, makeAdminUser } from '@/testing/admin-data';
import { http, ok } from '@/testing/handlers';
import { currentUrl, renderApp, signIn } from '@/testing/render';
import { server } from '@/testing/server';

function rows() {
  const table = screen.getByRole('table');
  return within(table).getAllByRole('row').slice(1);
}

describe('/admin/users', () => {
  it('lists members with Id, E-mail, Date as yyyy-mm-dd and an Edit link', async () => {
    signIn();
    server.use(
      ...adminAccess(),
      http.get('/api/admin/user/{start}', () =>
        ok({ users: [makeAdminUser({ id: 7, email: 'grace@example.com', createDate: Date.UTC(2025, 2, 4, 12) })], total: 1 }),
      ),
    );
    renderApp('/admin/users');
    expect(await screen.findByRole('cell', { name: 'grace@example.com' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Id', 'E-mail', 'Date', 'Edit']);
    const [row] = rows();
    expect(
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['7', 'grace@example.com', '2025-03-04', 'Edit']);
    expect(within(row).getByRole('link', { name: 'Edit grace@example.com' })).toHaveAttribute('href', '/admin/users/7');
    expect(screen.getByText('1 user.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it("'Load More' asks for the next 100 from start 100 and merges them", async () => {
    signIn();
    const starts: string[] = [];
    server.use(
      ...adminAccess(),
      http.get('/api/admin/user/{start}', ({ params }) => {
        starts.push(String(params.start));
        // The second page repeats the last member of the first (someone signed up meanwhile).
        return ok({ users: params.start === '0' ? adminUsers(100, 300) : adminUsers(30, 201), total: 129 });
      }),
    );
    const { user } = renderApp('/admin/users');
    expect(await screen.findByText('129 users (100 shown, newest first; load more for older ones).')).toBeInTheDocument();
    expect(rows()).toHaveLength(100);
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByText('129 users.')).toBeInTheDocument();
    expect(starts).toEqual(['0', '100']);
    const ids = rows().map((row) => within(row).getAllByRole('cell')[0].textContent);
    expect(ids[0]).toBe('300');
    expect(ids[ids.length - 1]).toBe('172');
    expect(new Set(ids).size).toBe(ids.length);
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('searches by e-mail or name', async () => {
    signIn();
    const asked: (string | null)[] = [];
    server.use(
      ...adminAccess(),
      http.get('/api/admin/user/{start}', ({ request }) => {
        const q = new URL(request.url).searchParams.get('q');
        asked.push(q);
        return ok({ users: q ? [makeAdminUser({ id: 9, email: 'ada@example.com' })] : adminUsers(3, 12), total: q ? 1 : 3 });
      }),
    );
    const { user, router } = renderApp('/admin/users');
    await screen.findByText('3 users.');
    const search = screen.getByRole('search', { name: 'Members' });
    await user.type(within(search).getByRole('searchbox', { name: 'Search by e-mail or name' }), 'Ada');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 user found for “Ada”.')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'ada@example.com' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/admin/users?q=Ada');
    expect(asked).toEqual([null, 'Ada']);
    await user.click(screen.getByRole('link', { name: 'Show every member' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/admin/users'));
    expect(await screen.findByText('3 users.')).toBeInTheDocument();
  });
});
