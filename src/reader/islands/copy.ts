import type { IslandLabels } from "./labels";

/**
 * Copy buttons: one on every code block of the document (the text of its `code[data-copy]`, the
 * renderer's mark for what to copy: line numbers are CSS, not text), and the page action that
 * copies the page's markdown. The status is announced through the button's own label; a refused
 * clipboard leaves the label as it was.
 */
export function setupCopyButtons(labels: IslandLabels): void {
  for (const pre of document.querySelectorAll<HTMLPreElement>(".reader-document pre")) {
    if (pre.closest("[data-no-copy]")) continue;
    const frame = document.createElement("div");
    frame.className = "code-frame";
    pre.replaceWith(frame);
    const code = pre.querySelector("code[data-copy]") ?? pre;
    frame.append(pre, copyButton(labels, () => Promise.resolve((code.textContent ?? "").replace(/\n$/, ""))));
  }
  const pageButton = document.querySelector<HTMLButtonElement>("[data-copy-page]");
  if (pageButton) {
    const href = pageButton.dataset.copyPage!;
    pageButton.hidden = false;
    pageButton.addEventListener("click", () => {
      const text = fetch(href, { headers: { accept: "text/markdown" } }).then((response) => (response.ok ? response.text() : Promise.reject(new Error(String(response.status)))));
      copy(text).then(() => flash(pageButton.querySelector<HTMLElement>("[data-copy-label]") ?? pageButton, labels.copied), ignore);
    });
  }
}

function copyButton(labels: IslandLabels, text: () => Promise<string>): HTMLButtonElement {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "code-copy";
  button.textContent = labels.copy;
  button.setAttribute("aria-live", "polite");
  button.addEventListener("click", () => {
    copy(text()).then(() => flash(button, labels.copied), ignore);
  });
  return button;
}

/**
 * Safari allows a clipboard write only in the click's own task: a ClipboardItem given the
 * promise keeps it there while the text is still being fetched.
 */
function copy(text: Promise<string>): Promise<void> {
  if (typeof ClipboardItem !== "undefined" && navigator.clipboard?.write) {
    const blob = text.then((value) => new Blob([value], { type: "text/plain" }));
    return navigator.clipboard.write([new ClipboardItem({ "text/plain": blob })]).catch(() => text.then((value) => navigator.clipboard.writeText(value)));
  }
  return text.then((value) => navigator.clipboard.writeText(value));
}

/** The button's words say "Copied" for a moment (its label is a live region, so screen readers hear it too). */
function flash(label: HTMLElement, message: string): void {
  const original = label.textContent;
  label.textContent = message;
  setTimeout(() => (label.textContent = original), 1600);
}

const ignore = () => {};
