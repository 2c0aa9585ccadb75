import { ConsoleProblem } from '../../api/client';
import { Problem } from '../ui';

/**
 * A refused write: the problem's translated message, and for a validation
 * problem each field the server named with its reason (e.g. "/body: <script>
 * is not allowed"), so the editor sees what to change; their text stays in the form.
 */
export function Refusal({ error }: { error: unknown }) {
  if (error === null || error === undefined) return <Problem code={null} />;
  const p = error instanceof ConsoleProblem ? error : null;
  return (
    <>
      <Problem code={p?.code ?? 'failed'} retryAfter={p?.retryAfter ?? null} />
      {p && p.errors.length > 0 ? (
        <ul className="c-errors">
          {p.errors.map((e, i) => (
            <li key={i}>
              <code>{e.path}</code> {e.message}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
