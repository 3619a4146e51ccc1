import { DESKTOP, useBrowser } from '../../support/browser.ts';
import { axeAt } from '../axe.ts';

/** axe at 1280 px (tests/e2e/axe.ts says what is checked and why the widths are two files). */
axeAt('1280', DESKTOP, useBrowser());
