import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { applyResolvedTheme, darkSchemeMediaQuery, readStoredTheme, resolveTheme, THEME_STORAGE_KEY, type ResolvedTheme, type ThemeChoice } from "./theme";

interface ThemeContextValue {
  theme: ThemeChoice;
  resolvedTheme: ResolvedTheme;
  setTheme(theme: ThemeChoice): void;
}

const ThemeContext = createContext<ThemeContextValue | undefined>(undefined);

function usePrefersDark(): boolean {
  const [prefersDark, setPrefersDark] = useState(() => darkSchemeMediaQuery().matches);
  useEffect(() => {
    const query = darkSchemeMediaQuery();
    const onChange = (event: MediaQueryListEvent) => setPrefersDark(event.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return prefersDark;
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<ThemeChoice>(() => readStoredTheme(window.localStorage));
  const prefersDark = usePrefersDark();
  const resolvedTheme = resolveTheme(theme, prefersDark);

  useEffect(() => applyResolvedTheme(document.documentElement, resolvedTheme), [resolvedTheme]);

  const setTheme = useCallback((next: ThemeChoice) => {
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Private mode or full storage: the choice still applies for this visit.
    }
    setThemeState(next);
  }, []);

  const value = useMemo(() => ({ theme, resolvedTheme, setTheme }), [theme, resolvedTheme, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error("useTheme must be used inside ThemeProvider");
  return context;
}
