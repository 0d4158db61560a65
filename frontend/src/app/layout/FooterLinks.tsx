import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { SiteLinks } from '@/lib/api/types';

/** GET /api/site: the configured phone and store links (none until it answers, none when unset). */
function useSiteLinks() {
  return useQuery({ queryKey: ['site-links'], queryFn: ({ signal }) => api.get('/api/site', { signal }) as Promise<SiteLinks>, staleTime: Infinity });
}

/** "+1 (555) 010-4242" → "tel:+15550104242". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The footer's phone line, when one is configured. */
export function FooterPhone() {
  const phone = useSiteLinks().data?.supportPhone;
  if (!phone) return null;
  return (
    <li>
      <a href={telHref(phone)}>{phone}</a>
    </li>
  );
}

/** The footer's store badges, each only when its address is configured. */
export function FooterStores() {
  const links = useSiteLinks().data;
  const stores = [
    links?.appStoreUrl ? { href: links.appStoreUrl, small: 'Download on the', big: 'App Store' } : null,
    links?.googlePlayUrl ? { href: links.googlePlayUrl, small: 'Get it on', big: 'Google Play' } : null,
  ].filter((store) => store !== null);
  if (stores.length === 0) return null;
  return (
    <div className="site-footer__apps">
      <h2 className="site-footer__heading">Get the app</h2>
      <ul>
        {stores.map((app) => (
          <li key={app.href}>
            <a className="store-badge" href={app.href} target="_blank" rel="noopener noreferrer">
              <small>{app.small}</small>
              <strong>{app.big}</strong>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
