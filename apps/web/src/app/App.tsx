import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { i18next } from '../i18n/index.ts';
import { AppRoutes } from './router.tsx';

export function App() {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18next}>
        {/* The query client comes with the screens that read through it (lib/queryScope.tsx). */}
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </I18nextProvider>
    </StrictMode>
  );
}
