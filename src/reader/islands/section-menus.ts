/**
 * A section group's menu is a <details> (layout/sections.tsx) and works without JavaScript; this
 * adds what a menu should do: Escape closes it and gives focus back to its tab, and a click or
 * focus elsewhere closes it. `name` on the elements keeps one open at a time where browsers know
 * it; opening one closes the others where they do not.
 */
export function setupSectionMenus(): void {
  const menus = [...document.querySelectorAll<HTMLDetailsElement>("details[data-section-menu]")];
  if (menus.length === 0) return;
  const closeAll = (except?: Element) => {
    for (const menu of menus) if (menu !== except && menu.open) menu.open = false;
  };
  for (const menu of menus) menu.addEventListener("toggle", () => menu.open && closeAll(menu));
  document.addEventListener("keydown", (event) => {
    const open = menus.find((menu) => menu.open);
    if (event.key !== "Escape" || !open) return;
    open.open = false;
    open.querySelector("summary")?.focus();
  });
  const closeOutside = (event: Event) => closeAll((event.target as Element).closest?.("details[data-section-menu]") ?? undefined);
  document.addEventListener("click", closeOutside);
  document.addEventListener("focusin", closeOutside);
}
