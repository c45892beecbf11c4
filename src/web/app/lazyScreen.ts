import { createElement, lazy, useState, type ComponentType } from 'react';

export type ScreenCode = () => Promise<{ default: ComponentType }>;

/**
 * A screen whose code is loaded on first use, like React.lazy, and rendered at once when its code is
 * already here: a screen preloaded before the app's first render (main.tsx) replaces the markup
 * rendered at build time with the same markup, never with the Suspense fallback ('Carregando…').
 * Whether it renders directly is decided when it mounts, so it never changes type while mounted.
 */
export function lazyScreen(code: ScreenCode): { Screen: ComponentType; preload: () => Promise<unknown> } {
  let loaded: ComponentType | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  const load = () => {
    loading ??= code().then((mod) => {
      loaded = mod.default;
      return mod;
    }, (error: unknown) => {
      loading = null; // a failed chunk (offline) may be asked for again
      throw error;
    });
    return loading;
  };
  const Lazy = lazy(load);
  function LazyScreen() {
    const [Direct] = useState(() => loaded);
    return Direct ? createElement(Direct) : createElement(Lazy);
  }
  return { Screen: LazyScreen, preload: load };
}
