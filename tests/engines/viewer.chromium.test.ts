import { viewerSuite } from './viewerSuite';

// The viewer's cross-engine checks (viewerSuite.ts) in Debian's Chromium.
viewerSuite('chromium');
