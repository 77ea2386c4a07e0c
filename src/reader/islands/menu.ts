import type { IslandLabels } from "./labels";

/**
 * The small-screen menu works without JavaScript (a checkbox opens the sidebar as a drawer,
 * layout/header.tsx); this adds what a drawer should do: Escape closes it and gives focus back
 * to the menu control, opening it moves focus into it, following a link (an in-page anchor
 * included) closes it, and its control's name says whether it will open or close.
 */
export function setupMenu(labels: IslandLabels): void {
  const toggle = document.querySelector<HTMLInputElement>("#reader-menu-toggle");
  const drawer = document.querySelector<HTMLElement>("#reader-sidebar");
  if (!toggle || !drawer) return;
  const update = () => {
    toggle.setAttribute("aria-label", toggle.checked ? labels.closeMenu : labels.menu);
    // For browsers without :has(), which the stylesheet's no-script rule needs.
    document.body.classList.toggle("menu-open", toggle.checked);
    if (toggle.checked) drawer.querySelector<HTMLElement>("a[aria-current], a, summary")?.focus({ preventScroll: false });
  };
  toggle.addEventListener("change", update);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && toggle.checked) {
      toggle.checked = false;
      update();
      toggle.focus();
    }
  });
  drawer.addEventListener("click", (event) => {
    if (toggle.checked && (event.target as Element).closest("a")) {
      toggle.checked = false;
      update();
    }
  });
}
