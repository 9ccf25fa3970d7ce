// The kit's gallery: every component in its states, on the platform's design tokens.
// Tokens by path: webpack skips @clube/platform's index (and the CSS it imports) when only components are taken from it.
import '@clube/platform/ui/tokens.css';
import { createRoot } from 'react-dom/client';
import { Gallery } from './gallery';

const root = document.getElementById('root');
if (root) createRoot(root).render(<Gallery />);
