import { Router } from 'wouter';
import { GlobalErrorProvider } from './GlobalErrorOutlet';
import { LanguageProvider } from './LanguageProvider';
import { AppRoutes } from './routes';

/** The app: global error and language actors around the route table. */
export function App({ ssrPath }: { ssrPath?: string } = {}) {
  return (
    <Router {...(ssrPath ? { ssrPath } : {})}>
      <GlobalErrorProvider>
        <LanguageProvider>
          <AppRoutes />
        </LanguageProvider>
      </GlobalErrorProvider>
    </Router>
  );
}
