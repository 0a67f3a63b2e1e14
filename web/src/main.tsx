import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { AppRoutes, preloadScreen } from './app/router';
import { preloadSessionCalls } from './lib/auth/auth-context';
import { preloadApollo } from './lib/lazy-apollo';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// The session check on start needs the Apollo client, a chunk of its own (not in /auth's first load),
// and every screen but the sign-in form its provider: fetch both while React renders the first screen.
preloadSessionCalls();
void preloadApollo().catch(() => undefined);
preloadScreen(window.location.pathname);

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>,
);
