import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The global stylesheet first: component stylesheets come after it and may refine it.
import '@/styles/global.css';
import { App } from '@/app/App';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
