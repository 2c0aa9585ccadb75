import './Loading.css';

/** The documents' loading text (LOADING), in the app's own words (`label`: the reader's src/ui/Loading.tsx and the console pass theirs). */
export function Loading({ label }: { label: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      {label}
    </p>
  );
}
