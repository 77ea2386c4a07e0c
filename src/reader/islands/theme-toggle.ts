/**
 * The theme toggle: shown only when this script runs (the server renders it hidden), switches
 * between light and dark and remembers the choice for the head script of the next page
 * (layout/theme/head-script.ts reads the same key).
 */
const STORAGE_KEY = "reader-theme";

export function setupThemeToggle(): void {
  const button = document.querySelector<HTMLButtonElement>("[data-theme-toggle]");
  if (!button) return;
  const root = document.documentElement;
  const prefersDark = matchMedia("(prefers-color-scheme: dark)");
  const current = () => root.getAttribute("data-theme") ?? (prefersDark.matches ? "dark" : "light");
  const show = () => button.setAttribute("aria-pressed", String(current() === "dark"));
  button.hidden = false;
  show();
  prefersDark.addEventListener("change", show);
  button.addEventListener("click", () => {
    const next = current() === "dark" ? "light" : "dark";
    root.setAttribute("data-theme", next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Storage refused (private mode, blocked cookies): the choice lasts for this page.
    }
    show();
  });
}
