/**
 * What makes Scalar's page pass axe-core's serious and critical checks from outside its bundle:
 * its theme's greys and method colours, redrawn to read at 4.5:1 (WCAG AA) on the backgrounds it
 * draws them on (light: #fff, #fbfbfb, #f6f6f6; dark: #1e1e20, #242425, #2a2a2a, and its code
 * cards, dark in either mode), and the sidebar's 22 px group toggles grown to 24 px (WCAG 2.2
 * target size). Scalar's own theme is in a cascade layer, so these plain rules win; the Hono
 * integration's dark theme is not, hence the doubled class. Icon buttons without a name stay: a
 * name is markup, which only Scalar's bundle writes (see test/e2e/api-reference.test.ts).
 */
export const SCALAR_ACCESSIBILITY_CSS = `
.light-mode.light-mode {
  --scalar-color-2: #595959;
  --scalar-color-3: #636363;
  --scalar-color-blue: #006aa8;
  --scalar-color-red: #c70005;
  --scalar-color-orange: #b83d00;
  --scalar-color-green: #06784f;
  --scalar-color-yellow: #7a6000;
  --scalar-color-query: #00757a;
  --scalar-sidebar-color-2: var(--scalar-color-2);
  --scalar-sidebar-search-color: var(--scalar-color-3);
}
.dark-mode.dark-mode {
  --scalar-color-3: #a3a3a0;
  --scalar-color-blue: #8a9cf0;
  --scalar-sidebar-search-color: var(--scalar-color-3);
}
[data-sidebar-id] button[aria-expanded] {
  display: grid;
  place-items: center;
  min-width: 24px;
  min-height: 24px;
}
`;
