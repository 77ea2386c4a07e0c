/**
 * "On this page" follows the reading: the outline link of the first heading in the upper part of
 * the viewport (else the last one above it) gets `aria-current="location"`, styled as current.
 * Headings are watched with an IntersectionObserver, not on every scroll event.
 */
export function setupOutline(): void {
  const entries = [...document.querySelectorAll<HTMLAnchorElement>("[data-outline] a[href^='#']")]
    .map((link) => ({ link, heading: document.getElementById(decodeURIComponent(link.hash.slice(1))) }))
    .filter((entry): entry is { link: HTMLAnchorElement; heading: HTMLElement } => entry.heading !== null);
  if (entries.length === 0 || typeof IntersectionObserver === "undefined") return;
  const visible = new Set<Element>();
  const mark = () => {
    const current = entries.find((entry) => visible.has(entry.heading)) ?? entries.filter((entry) => entry.heading.getBoundingClientRect().top < 80).pop();
    for (const { link } of entries) {
      if (link === current?.link) link.setAttribute("aria-current", "location");
      else link.removeAttribute("aria-current");
    }
  };
  const observer = new IntersectionObserver(
    (changes) => {
      for (const change of changes) {
        if (change.isIntersecting) visible.add(change.target);
        else visible.delete(change.target);
      }
      mark();
    },
    { rootMargin: "-64px 0px -60% 0px" },
  );
  for (const { heading } of entries) observer.observe(heading);
}
