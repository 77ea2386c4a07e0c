import type { ReaderDocumentHead, ReaderSiteView } from "../model";
import { labelsFor, type Labels } from "./i18n";
import { layoutSettings, type LayoutSettings } from "./settings";

/** What every piece of the chrome reads: the site, this response's head values, the customization typed, the words in the site's locale. */
export interface Chrome {
  site: ReaderSiteView;
  head: ReaderDocumentHead;
  settings: LayoutSettings;
  labels: Labels;
}

export function chromeOf(site: ReaderSiteView, head: ReaderDocumentHead): Chrome {
  const settings = layoutSettings(site.customization);
  return { site, head, settings, labels: labelsFor(settings.locale) };
}

/** The words the islands show (they have no other way to know the site's locale), as one data attribute. */
export function islandLabels(labels: Labels): string {
  const { copy, copied, searching, searchNoResults, searchFailed, searchEmpty, feedbackThanks, searchResults, closeMenu, menu } = labels;
  return JSON.stringify({ copy, copied, searching, searchNoResults, searchFailed, searchEmpty, feedbackThanks, searchResults, closeMenu, menu });
}
