import { useBrowser } from '../../support/browser.ts';
import { AXE_PHONE, axeKinds, axeOpenParts, axePages } from '../axe.ts';

/** axe on the other half of the page kinds at both widths, and on the header menus and admin forms at 390 px (tests/e2e/axe.ts says what is checked). */
const browser = useBrowser();

axePages(axeKinds(1), browser);
axeOpenParts('390', AXE_PHONE, browser);
