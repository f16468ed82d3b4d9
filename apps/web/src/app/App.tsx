import { StrictMode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { i18next } from '../i18n/index.ts';
import { createQueryClient } from './queryClient.ts';
import { AppRoutes } from './router.tsx';

const queryClient = createQueryClient();

export function App() {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18next}>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>
  );
}
