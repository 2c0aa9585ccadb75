import { shellSuite } from './shellSuite';

// The shell screens and offline saving (shellSuite.ts) in WebKitGTK's MiniBrowser.
shellSuite('webkit');
