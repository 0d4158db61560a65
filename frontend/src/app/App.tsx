import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

export function App() {
  // No call starts before the first render: a prerendered page hydrates with no data, as it was
  // drawn (data already in the cache would not match its skeletons).
  const [queryClient] = useState(() => createQueryClient());
  // The component router, not the data router (`createBrowserRouter`): the app uses no loader,
  // action or fetcher, and the data router's code was 14 KB of `vendor.js` with brotli
  // (docs/decisions.md).
  return (
    <AppProvider queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
