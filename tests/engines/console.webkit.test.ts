import { consoleSuite } from './consoleSuite';

// The console's sign-in and one screen of each area (consoleSuite.ts) in WebKitGTK's MiniBrowser.
consoleSuite('webkit');
