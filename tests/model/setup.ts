// Shared setup for UI tests in jsdom (Testing Library).
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy* and waitFor wait for what the page will show, not for a speed: two shared cores under load
// can take seconds for a real server's answer. The bound only ends a test that would hang.
configure({ asyncUtilTimeout: 120_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
