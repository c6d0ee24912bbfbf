import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initConsoleI18n } from './console-i18n.ts';
import { Console } from './console.tsx';
import './console.css';

// The back office: its own entry of the client build (/admin/), desktop first, jp/cn/us.
await initConsoleI18n();
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Console />
    </StrictMode>,
  );
}
