import type { IslandLabels } from "./labels";

/**
 * Page feedback sent in the background: the same fields the form posts without JavaScript
 * (`pageId`, `rating`), with `Accept: application/json` so the server answers 2xx instead of
 * redirecting. The buttons are then disabled and the status says thanks.
 */
export function setupFeedback(labels: IslandLabels): void {
  const form = document.querySelector<HTMLFormElement>("form[data-feedback]");
  const status = form?.querySelector<HTMLElement>("[data-feedback-status]");
  if (!form || !status) return;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const rating = (event.submitter as HTMLButtonElement | null)?.value;
    if (!rating) return;
    const body = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
    body.set("rating", rating);
    for (const button of form.querySelectorAll("button")) button.disabled = true;
    fetch(form.action, { method: "POST", body, headers: { accept: "application/json" } })
      .then((response) => {
        if (!response.ok) throw new Error(String(response.status));
        form.classList.add("is-sent");
        status.textContent = labels.feedbackThanks;
      })
      .catch(() => {
        for (const button of form.querySelectorAll("button")) button.disabled = false;
      });
  });
}
