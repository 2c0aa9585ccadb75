import { viewerSuite } from './viewerSuite';

// The viewer's cross-engine checks (viewerSuite.ts) in WebKitGTK's MiniBrowser.
viewerSuite('webkit');
