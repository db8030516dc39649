import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { ThemeProvider, useTheme } from "./theme-provider";

/** A controllable stand-in for the browser's dark-mode media query (jsdom has none). */
function installColorScheme(initiallyDark: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const query = {
    matches: initiallyDark,
    addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
  };
  window.matchMedia = (() => query) as unknown as typeof window.matchMedia;
  return (isDark: boolean) => {
    query.matches = isDark;
    listeners.forEach((listener) => listener({ matches: isDark } as MediaQueryListEvent));
  };
}

function ThemeButtons() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <div>
      <p>
        {theme}/{resolvedTheme}
      </p>
      <button onClick={() => setTheme("dark")}>dark</button>
      <button onClick={() => setTheme("system")}>system</button>
    </div>
  );
}

const root = () => document.documentElement;

describe("ThemeProvider", () => {
  let setDeviceDark: (isDark: boolean) => void;
  beforeEach(() => {
    setDeviceDark = installColorScheme(false);
  });

  it("defaults to system and applies the device's scheme as a class on the root", () => {
    render(
      <ThemeProvider>
        <ThemeButtons />
      </ThemeProvider>,
    );
    expect(screen.getByText("system/light")).toBeInTheDocument();
    expect(root()).toHaveClass("light");
    expect(root()).not.toHaveClass("dark");
  });

  it("follows the device preference live while on system", () => {
    render(
      <ThemeProvider>
        <ThemeButtons />
      </ThemeProvider>,
    );
    act(() => setDeviceDark(true));
    expect(root()).toHaveClass("dark");
    expect(root()).not.toHaveClass("light");
  });

  it("stores an explicit choice under 'theme' and ignores the device while it holds", async () => {
    render(
      <ThemeProvider>
        <ThemeButtons />
      </ThemeProvider>,
    );
    await userEvent.click(screen.getByRole("button", { name: "dark" }));
    expect(window.localStorage.getItem("theme")).toBe("dark");
    expect(root()).toHaveClass("dark");
    act(() => setDeviceDark(false));
    expect(root()).toHaveClass("dark");
  });

  it("starts from the stored choice", () => {
    window.localStorage.setItem("theme", "dark");
    render(
      <ThemeProvider>
        <ThemeButtons />
      </ThemeProvider>,
    );
    expect(screen.getByText("dark/dark")).toBeInTheDocument();
  });
});
