/**
 * The one inline script of a page, blocking in <head> so it runs before the first paint: the
 * reader's own choice of theme (the toggle stores it) overrides the site's default, which the
 * server already put on <html data-theme> (nothing for `system`: the stylesheet's
 * prefers-color-scheme query decides, and keeps following the system while the page is open).
 * Only rendered when the customization lets readers toggle. Storage can throw (disabled cookies,
 * sandboxed frames): the default stays.
 */
export const THEME_STORAGE_KEY = "reader-theme";

export const THEME_HEAD_SCRIPT = `try{var t=localStorage.getItem("${THEME_STORAGE_KEY}");if(t==="light"||t==="dark")document.documentElement.setAttribute("data-theme",t)}catch(e){}`;
