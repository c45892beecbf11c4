import { createElement, lazy, useState, type ComponentType } from 'react';

export type ScreenCode = () => Promise<{ default: ComponentType }>;
export type LazyScreen = ReturnType<typeof lazyScreen>;

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

/**
 * The lazy screen of a source file of the app (`src/web/features/...Screen.tsx`), from the loaders
 * of an `import.meta.glob` made next to the caller: one per file, so two screens of one file share
 * it and moving between them keeps it mounted.
 */
export function lazyScreensOf(code: Record<string, ScreenCode>, kind: string): (module: string) => LazyScreen {
  const byModule = new Map<string, LazyScreen>();
  return (module) => {
    let screen = byModule.get(module);
    if (!screen) {
      const load = code[module.replace(/^src\/web\//, '../')];
      if (!load) throw new Error(`no ${kind} screen module ${module}`);
      screen = lazyScreen(load);
      byModule.set(module, screen);
    }
    return screen;
  };
}
