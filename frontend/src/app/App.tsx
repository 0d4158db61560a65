import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { routes } from './router';
import { warmUp } from './warm-up';

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    warmUp(client, window.location);
    return client;
  });
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
