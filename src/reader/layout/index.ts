/** The reader's layout: whole HTML documents from the page model (../model.ts), and what the server needs around them. */
export { ReaderPage } from "./reader-page";
export { SearchPage } from "./search-page";
export { NotFoundPage } from "./not-found-page";
export { themeStyle } from "./theme/style";
export { embedFrameContentSecurityPolicy, readerContentSecurityPolicy } from "./csp";
export { embedFrameDocument } from "./embed-frame";
export { READER_ASSETS, readerAssetUrls } from "./assets";
