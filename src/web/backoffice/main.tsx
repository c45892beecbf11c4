import { createRoot } from 'react-dom/client';
import '../theme/global.css';
import { StaffApp } from './StaffApp';

/** The back-office's entry: its own bundle, never downloaded by customers (staff/index.html). */
const root = document.getElementById('root');
if (root) createRoot(root).render(<StaffApp />);
