import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { preloadSessionCalls } from './lib/auth/auth-context';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// The session check on start needs the Apollo client, a chunk of its own (not in /auth's first load):
// fetch it while React renders the first screen.
preloadSessionCalls();

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>,
);
