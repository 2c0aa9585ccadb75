import { viewerSuite } from './viewerSuite';

// The viewer's cross-engine checks (viewerSuite.ts) in Firefox ESR.
viewerSuite('firefox');
