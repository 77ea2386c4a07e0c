import type { IconDrawing } from "./types";

const VIEW_BOX = /^\d{1,5} \d{1,5} \d{1,5} \d{1,5}$/;
/** An optional comment (Font Awesome's licence line), then filled paths of path data only. */
const MARKUP = /^(?:<!--![^<>]*-->)?(?:<path fill="currentColor" d="[-0-9.,a-zA-Z ]+"\/>)+$/;

/** Whether a drawing may be inlined as is: nothing in it but path data can reach the page. */
export function isIconDrawing(drawing: IconDrawing): boolean {
  return VIEW_BOX.test(drawing.viewBox) && MARKUP.test(drawing.markup);
}
