import { shellSuite } from './shellSuite';

// The shell screens and offline saving (shellSuite.ts) in Firefox ESR.
shellSuite('firefox');
