import { shellSuite } from './shellSuite';

// The shell screens and offline saving (shellSuite.ts) in Debian's Chromium.
shellSuite('chromium');
