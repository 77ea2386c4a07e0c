import type { CatalogueTemplate } from "./types";

/** Documentation for a product: what it is, how to start, how to do things, what it supports. */
export const productDocs: CatalogueTemplate = {
  id: "product-docs",
  title: "Product documentation",
  subtitle: "Introduce your product, get people started, and answer what they ask next.",
  emoji: "1f4d8",
  features: ["Overview", "Quickstart", "Guides", "FAQ", "Support page"],
  references: [
    {
      name: "logo",
      kinds: ["file"],
      description: "An image of the space shown at the top of the overview page.",
      fallback: "",
    },
    {
      name: "support",
      kinds: ["url", "page"],
      description: "Where readers get help: your support site, or a page of this space.",
      fallback: "Write to your support team, or open an issue in your tracker.",
    },
  ],
  pages: [
    {
      markdown: `---
description: What the product is, who it is for, and where to go from here.
---

# Overview

{{ref:logo}}

Say in two sentences what the product does and for whom. Readers decide here whether they are
in the right place, so lead with the problem it solves, not with its features.

## Where to start

* New here? Follow the [Quickstart](getting-started/README.md): from nothing to a first result in a few minutes.
* Looking for how to do something specific? The [guides](guides/README.md) each answer one task.
* Something went wrong? Check the [FAQ](faq.md) first.

## Key ideas

Name the three or four ideas a reader must know to use the product, one short paragraph each.
Link each to the guide that shows it in practice.
`,
    },
    {
      markdown: `---
description: From nothing to a first result, in a few minutes.
---

# Getting started

This section takes a new user from sign-up to a first working result.

1. [Quickstart](quickstart.md): the shortest path to something that works.
2. [Installation](installation.md): every way to install, and what each needs.
`,
      pages: [
        {
          markdown: `---
description: The shortest path to a first working result.
---

# Quickstart

## Before you begin

List what the reader needs: an account, a tool version, a key. Keep it short.

## 1. Install

\`\`\`sh
# the one command that installs the product
\`\`\`

## 2. Configure

Show the smallest configuration that works, and say which value the reader must change.

## 3. Run it

Show the command or click, then what the reader should see when it worked.

## Next steps

* Read [Installation](installation.md) for other platforms.
* Browse the [guides](../guides/README.md).
`,
        },
        {
          markdown: `---
description: Every way to install, and what each one needs.
---

# Installation

| Platform | Requirements | Command |
| --- | --- | --- |
| Linux | | |
| macOS | | |
| Windows | | |

## Verify the installation

Give one command that prints the version, and what its output looks like.

## Upgrade and uninstall

Say how to move to a new version and how to remove the product cleanly.
`,
        },
      ],
    },
    {
      markdown: `---
description: Task-by-task instructions for what people do most.
---

# Guides

Each guide answers one task, from the reader's point of view: "How do I …?". Start with the
tasks your users ask about most.
`,
      pages: [
        {
          markdown: `---
description: A model for every guide of this space.
---

# Write your first guide

Start with what the reader will have achieved at the end, then the steps, each one an action
with its expected result.

{% hint style="info" %}
Keep one task per guide. When a guide needs "and then", it is two guides.
{% endhint %}

## Steps

1. Do the first thing.
2. Check that it worked.
3. Do the next thing.

## Troubleshooting

List what commonly goes wrong at each step, and how to recover.
`,
        },
      ],
    },
    {
      markdown: `---
description: Answers to the questions people ask most.
---

# FAQ

<details>

<summary>Who is this product for?</summary>

Answer in one or two sentences, and link to the [Overview](overview.md).

</details>

<details>

<summary>How much does it cost?</summary>

Link to your pricing, and say what is free.

</details>

<details>

<summary>Where can I get help?</summary>

See [Support](support.md).

</details>
`,
    },
    {
      markdown: `---
description: How to get help when the docs are not enough.
---

# Support

{{ref:support}}

When you ask for help, include what you tried, what you expected, and what happened instead.
`,
    },
  ],
};
