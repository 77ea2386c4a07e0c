import type { CatalogueTemplate } from "./types";

/** A help center: articles grouped by topic, with troubleshooting and a way to contact support. */
export const knowledgeBase: CatalogueTemplate = {
  id: "knowledge-base",
  title: "Knowledge base",
  subtitle: "A help center: answers grouped by topic, troubleshooting, and how to reach a person.",
  emoji: "1f4a1",
  features: ["Help center home", "Articles by topic", "Troubleshooting", "Contact page"],
  references: [
    {
      name: "contact",
      kinds: ["url", "page"],
      description: "Where readers reach a person: a support form, a chat, or a page of this space.",
      fallback: "Email your support team and describe what you were trying to do.",
    },
  ],
  pages: [
    {
      markdown: `---
description: Find answers fast.
---

# Help center

Search above, or browse by topic:

* [Account and billing](account-and-billing/README.md)
* [Troubleshooting](troubleshooting/README.md)

Could not find it? [Contact us](contact-us.md).
`,
    },
    {
      markdown: `---
description: Sign-in, profile, plans and invoices.
---

# Account and billing

Articles about managing an account.
`,
      pages: [
        {
          markdown: `---
description: What to do when you cannot sign in.
---

# Reset your password

1. On the sign-in page, choose **Forgot password**.
2. Enter the email address of your account.
3. Open the link in the email we send you (it expires after one hour) and choose a new password.

{% hint style="info" %}
No email after a few minutes? Check your spam folder, then [contact us](../contact-us.md).
{% endhint %}
`,
        },
        {
          markdown: `---
description: Upgrade, downgrade or cancel, and where invoices are.
---

# Change your plan

Plans are changed from **Settings → Billing**. An upgrade applies at once and is prorated; a
downgrade applies at the end of the billing period. Invoices are listed on the same page.
`,
        },
      ],
    },
    {
      markdown: `---
description: Fixes for the problems people hit most.
---

# Troubleshooting

Each article names a symptom, its usual causes, and the fix for each.
`,
      pages: [
        {
          markdown: `---
description: A model for troubleshooting articles.
---

# Something does not load

## Symptoms

Describe what the reader sees, using the exact words of any error message, so search finds it.

## Causes and fixes

| Cause | Fix |
| --- | --- |
| The browser's cache is stale. | Reload without the cache. |
| A browser extension blocks requests. | Try a private window. |
| A service is down. | Check the status page. |
`,
        },
      ],
    },
    {
      markdown: `---
description: How to reach a person.
---

# Contact us

{{ref:contact}}

Tell us what you were trying to do, what happened, and when, so we can help on the first reply.
`,
    },
  ],
};
