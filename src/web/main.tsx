import { createRoot } from 'react-dom/client';
import './theme/global.css';
import { App } from './app/App';

// No StrictMode: the journey actor is created once for the page and must not be stopped by a
// development double mount.
const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
