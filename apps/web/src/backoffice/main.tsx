import { createRoot } from 'react-dom/client';
import '../styles/tokens.css';
import '../styles/ui.css';
import './app/backoffice.css';
import { App } from './app/App.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from backoffice.html');
createRoot(root).render(<App />);
