// React 19 dropped ReactDOM.render, which antd-mobile 5 falls back to for its imperative
// Toast/Dialog/Modal. Its documented React 19 hook (https://mobile.ant.design/guide/v5-for-19)
// hands it a createRoot renderer instead; main.tsx imports this module once before rendering.
import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

const roots = new WeakMap<Element | DocumentFragment, Root>();

unstableSetRender((node, container) => {
  const root = roots.get(container) ?? createRoot(container);
  roots.set(container, root);
  root.render(node);
  return async () => {
    // Unmount after the current render settles (React warns on a synchronous unmount mid-render).
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});
