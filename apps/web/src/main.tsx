import { createRoot } from 'react-dom/client';
import './styles/tokens.css';
import './styles/ui.css';
import './styles/layout.css';
import './i18n/index.ts';
import { startLanguage } from './i18n/language.ts';
import { App } from './app/App.tsx';
import { registerServiceWorker } from './sw/register.ts';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
// Filipino loads its texts before the first render, so the site never flashes English first.
void startLanguage().then(() => createRoot(container).render(<App />));
registerServiceWorker();
