import { builtLinks } from './pending-pages';

export interface NavItem {
  to: string;
  label: string;
}

// Every list below (and the signed-in ones in account-links.ts) goes through `builtLinks`: a link to
// a page not built yet (pending-pages.ts) is left out rather than leading to the 404 page.

export const PUBLIC_LINKS: NavItem[] = builtLinks([
  { to: '/books', label: 'Book Summaries' },
  { to: '/infographics', label: 'Infographics' },
  { to: '/teams', label: 'Teams' },
  { to: '/blog', label: 'Blog' },
  { to: '/try', label: 'Pricing' },
]);

const ALL_FOOTER_COLUMNS: { title: string; links: NavItem[] }[] = [
  {
    title: 'Gistbook',
    links: [
      { to: '/about', label: 'About' },
      { to: '/blog', label: 'Blog' },
      { to: '/contact', label: 'Contact' },
      { to: '/refer', label: 'Affiliate Program' },
    ],
  },
  {
    title: 'Read',
    links: [
      { to: '/books', label: 'Book Summaries' },
      { to: '/ai', label: 'AI Summarizer' },
      { to: '/authors', label: 'Book Authors' },
      { to: '/podcasts', label: 'Podcasts' },
      { to: '/quiz', label: 'Intelligence Quiz' },
    ],
  },
  {
    title: 'Premium',
    links: [
      { to: '/try', label: 'Pricing' },
      { to: '/payment/gift', label: 'Gift' },
      { to: '/teams', label: 'Teams' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/terms', label: 'Terms of Service' },
      { to: '/privacy', label: 'Privacy Policy' },
    ],
  },
];

/** The footer's columns with the links whose pages exist (a column left empty is dropped). */
export const FOOTER_COLUMNS: { title: string; links: NavItem[] }[] = ALL_FOOTER_COLUMNS.map((column) => ({
  title: column.title,
  links: builtLinks(column.links),
})).filter((column) => column.links.length > 0);

export const SOCIAL_LINKS = [
  { href: 'https://twitter.com/gistbookapp', label: 'Gistbook on X (Twitter)', short: 'X' },
  { href: 'https://www.facebook.com/gistbookapp', label: 'Gistbook on Facebook', short: 'f' },
  { href: 'https://www.instagram.com/gistbookapp', label: 'Gistbook on Instagram', short: 'IG' },
  { href: 'https://www.linkedin.com/company/gistbook', label: 'Gistbook on LinkedIn', short: 'in' },
  { href: 'https://www.youtube.com/@gistbookapp', label: 'Gistbook on YouTube', short: '▶' },
];
