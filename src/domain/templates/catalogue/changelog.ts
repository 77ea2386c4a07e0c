import type { CatalogueTemplate } from "./types";

/** Release notes, newest first, one page per release. */
export const changelog: CatalogueTemplate = {
  id: "changelog",
  title: "Changelog",
  subtitle: "Tell users what changed in each release: new, improved, fixed, and what to do.",
  emoji: "1f4e2",
  features: ["Changelog home", "One page per release", "Upgrade notes"],
  references: [
    {
      name: "product",
      kinds: ["url", "page"],
      description: "The product the changelog is about: its site, or the page of this space that documents it.",
      fallback: "",
    },
  ],
  pages: [
    {
      markdown: `---
description: What changed in each release, newest first.
---

# Changelog

{{ref:product}}

Every release has its own page below, newest first. Each lists what is **new**, what is
**improved**, what is **fixed**, and anything you must do when you upgrade.

* [Version 1.1.0](version-1-1-0.md)
* [Version 1.0.0](version-1-0-0.md)
`,
    },
    {
      markdown: `---
description: A model for release pages.
---

# Version 1.1.0

## New

* Describe each new capability in one line, from the user's point of view, and link to its guide.

## Improved

* Say what got faster, clearer or easier.

## Fixed

* Name the bug by its symptom ("Exports no longer time out on large spaces"), not by its cause.

## Upgrade notes

{% hint style="warning" %}
List anything a user must change when upgrading. Write "None" when there is nothing.
{% endhint %}
`,
    },
    {
      markdown: `---
description: The first release.
---

# Version 1.0.0

The first public release. Summarize what it does, and link to the documentation to get started.
`,
    },
  ],
};
