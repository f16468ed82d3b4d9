import { createRoot } from 'react-dom/client';
import './styles/tokens.css';
import './styles/ui.css';
import './styles/layout.css';
import './i18n/index.ts';
import { App } from './app/App.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
createRoot(container).render(<App />);
