import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useOnChange } from '@/components/use-on-change';
import { Icon } from '@/components/Icon';
import './header-search.css';

/** `/search?q=...` for a query typed anywhere. */
export function searchHref(query: string): string {
  return `/search?${new URLSearchParams({ q: query.trim() }).toString()}`;
}

/**
 * The header's search box (also rendered inside the mobile menu): a labelled search field that
 * goes to the search page on submit. On the search page it shows the current query.
 */
export function HeaderSearch({ variant }: { variant: 'bar' | 'menu' }) {
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const queryOf = (search: string) => new URLSearchParams(search).get('q') ?? '';
  const [value, setValue] = useState(() => (location.pathname === '/search' ? queryOf(location.search) : ''));

  useOnChange(location.pathname + location.search, () => {
    if (location.pathname === '/search') setValue(queryOf(location.search));
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(searchHref(value));
  };

  return (
    <form role="search" className={`site-search site-search--${variant}`} onSubmit={onSubmit} aria-label="Site search">
      <label htmlFor={id} className="visually-hidden">
        Search books
      </label>
      <input
        id={id}
        type="search"
        name="q"
        className="site-search__input"
        placeholder="Search books"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" className="site-search__button">
        <Icon name="search" size={18} />
        <span className="visually-hidden">Search</span>
      </button>
    </form>
  );
}
