import { useCallback, useEffect, useState } from 'react';

/** Font levels (spec §9): the font size button cycles 1 → 2 → 3 → 1. */
export const FONT_LEVELS = 3;
export const FONT_LEVEL_NAMES = ['Small', 'Medium', 'Large'] as const;

export function nextFontLevel(level: number): number {
  return level >= FONT_LEVELS || level < 1 ? 1 : level + 1;
}

export const DARK_MODE_CLASS = 'dark-mode';

/** Font level (1-3) and dark mode for this visit. Dark mode is a class on <body>, removed on unmount. */
export function useReaderPreferences() {
  const [fontLevel, setFontLevel] = useState(1);
  const [darkMode, setDarkMode] = useState(false);

  useEffect(() => {
    document.body.classList.toggle(DARK_MODE_CLASS, darkMode);
  }, [darkMode]);

  useEffect(() => () => document.body.classList.remove(DARK_MODE_CLASS), []);

  const cycleFontLevel = useCallback(() => setFontLevel(nextFontLevel), []);
  const toggleDarkMode = useCallback(() => setDarkMode((on) => !on), []);

  return { fontLevel, setFontLevel, cycleFontLevel, darkMode, setDarkMode, toggleDarkMode };
}

export type ReaderPreferences = ReturnType<typeof useReaderPreferences>;
