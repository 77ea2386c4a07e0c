import { setupCopyButtons } from "./copy";
import { setupFeedback } from "./feedback";
import { readLabels } from "./labels";
import { setupMenu } from "./menu";
import { setupOutline } from "./outline";
import { setupSearch } from "./search";
import { setupSectionMenus } from "./section-menus";
import { setupThemeToggle } from "./theme-toggle";

/**
 * The reader's one client script (a module: it runs once the document is parsed). Each island
 * finds its elements and does nothing when the page has none; every page works without it.
 */
const labels = readLabels();
setupThemeToggle();
setupMenu(labels);
setupSectionMenus();
setupSearch(labels);
setupCopyButtons(labels);
setupFeedback(labels);
setupOutline();
