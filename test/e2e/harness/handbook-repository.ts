/**
 * The handbook's Git repository, in GitBook's format (SUMMARY.md, a markdown file per page): the
 * way most GitBook spaces arrive, and the only way a space gets a page group (`## Reference`,
 * docs/decisions.md "Git sync"). It has nested pages, headings, code blocks, a hidden page, a group,
 * and a page of untrusted content.
 */

/** The handbook's pages by the name the tests use, and their titles. */
export const HANDBOOK_TITLES = {
  gettingStarted: "Getting started",
  guides: "Guides",
  configuration: "Configuration",
  advanced: "Advanced options",
  untrusted: "Untrusted content",
  hidden: "Hidden page",
  reference: "Reference",
  glossary: "Glossary",
  faq: "FAQ",
} as const;
export type HandbookPage = keyof typeof HANDBOOK_TITLES;

const SUMMARY = `# Table of contents

* [Getting started](README.md)
* [Guides](guides/README.md)
  * [Configuration](guides/configuration.md)
    * [Advanced options](guides/configuration/advanced-options.md)
* [Untrusted content](untrusted-content.md)
* [Hidden page](hidden-page.md)

## Reference

* [Glossary](reference/glossary.md)
* [FAQ](reference/faq.md)
`;

const GETTING_STARTED = `# Getting started

Welcome to the handbook. This page shows headings, a list and code blocks; read the [Configuration](guides/configuration.md) guide next.

## Install

Install the command line tool, then check its version:

\`\`\`bash
npm install --global docs-cli
docs --version
\`\`\`

### Requirements

- Node.js 20 or later
- A terminal

## First steps

Create a project and open its configuration.

\`\`\`ts
import { createProject } from "docs-cli";

const project = await createProject({ title: "Handbook" });
console.log(project.id);
\`\`\`

## Next steps

Read the guides.
`;

/** Content that must never run in a reader's browser: it must come out inert, as text or not at all. */
export const UNTRUSTED_MARKDOWN = `# Untrusted content

This page holds content that must not run in a reader's browser.

<script>alert("script tag")</script>

[A javascript: link](javascript:alert('link'))

<img src="missing.png" onerror="alert('onerror')">

The end of the untrusted page.
`;

export const HANDBOOK_FILES: Record<string, string> = {
  "SUMMARY.md": SUMMARY,
  "README.md": GETTING_STARTED,
  "guides/README.md": "# Guides\n\nGuides for everyday tasks.\n",
  "guides/configuration.md": "# Configuration\n\n## Files\n\nThe configuration file.\n\n## Options\n\nEvery option.\n",
  "guides/configuration/advanced-options.md": "# Advanced options\n\n## Tuning\n\nOptions few need.\n",
  "untrusted-content.md": UNTRUSTED_MARKDOWN,
  "hidden-page.md": "---\nhidden: true\n---\n\n# Hidden page\n\nOut of the table of contents, still reachable by its URL.\n",
  "reference/glossary.md": "# Glossary\n\n## Space\n\nA set of pages.\n\n## Site\n\nSpaces published together.\n",
  "reference/faq.md": "# FAQ\n\n## Is it free?\n\nYes.\n",
};
