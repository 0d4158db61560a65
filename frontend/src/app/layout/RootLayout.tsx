import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Spinner } from '@/components/Spinner';
import { onAuthLost } from '@/lib/api/client';
import { signInPath } from '@/lib/auth/redirect';
// In page order, which is also the order of their stylesheets (the lazy banner's is here, so the
// prerendered page links every stylesheet the page uses).
import './offer-banner.css';
import './offline-sync.css';
import { Header } from './Header';
import { Footer } from './Footer';

// The banner shows only once the server names a running offer, so its code (the offer call,
// prices) is loaded after the first route, outside its size budget.
const OfferBanner = lazy(() => import(/* webpackChunkName: "offer-banner" */ './OfferBanner').then((m) => ({ default: m.OfferBanner })));

// Offline housekeeping (docs/offline.md: the worker told who is signed in, queued position saves
// sent, lapsed saved books removed) is loaded after the first route, outside its size budget.
const OfflineSync = lazy(() => import(/* webpackChunkName: "offline-sync" */ './OfflineSync').then((m) => ({ default: m.OfflineSync })));

/** Header and footer are hidden on a book-detail address unless the query has a redirect. */
export function isChromeHidden(pathname: string, search: string): boolean {
  return pathname.includes('book-detail') && !new URLSearchParams(search).has('redirect');
}

export function RootLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hideChrome = isChromeHidden(location.pathname, location.search);

  // The page the member is on when the session goes (read when it goes, not when subscribing).
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);

  // The API client only reports a lost session; the shell decides where to go: to log in, and back
  // to this page afterwards (`returnPathOf`, the rule every "Log in" link follows; pages keep
  // what they need for afterwards but do not navigate themselves).
  useEffect(
    () =>
      onAuthLost(() => {
        queryClient.clear();
        void navigate(signInPath(here.current));
      }),
    [navigate, queryClient],
  );

  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [location.pathname]);

  return (
    <div className="app">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      {hideChrome ? null : <Header />}
      <main id="main-content" className="app__main" tabIndex={-1}>
        <Suspense fallback={null}>
          <OfflineSync />
        </Suspense>
        <Suspense
          fallback={
            <div className="page page--center">
              <Spinner />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      {hideChrome ? null : (
        <>
          <Footer />
          {/* Last, and held at the bottom of the window: it appears only once the offer call
              answers, and above the header it pushed every page down when it did (Lighthouse: a
              layout shift of 0.094 on each guest page). */}
          <Suspense fallback={null}>
            <OfferBanner />
          </Suspense>
        </>
      )}
    </div>
  );
}
