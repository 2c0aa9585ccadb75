/**
 * The API answers the server put in the page (src/boot/pageData.ts): set by
 * start-up code once it accepts the server's view (acceptServerView.ts), each
 * taken once by the first GET call for the same path and query (client.ts).
 */
let answers = new Map<string, string>();

/** Makes these answers (path and query → base64 Response bytes) available to calls; null: none. */
export function setPageAnswers(responses: Record<string, string> | null): void {
  answers = new Map(responses ? Object.entries(responses) : []);
}

/** The answer in the page (base64 Response bytes) for this path and query string, once. */
export function takePageAnswer(pathAndQuery: string): string | undefined {
  const b64 = answers.get(pathAndQuery);
  answers.delete(pathAndQuery);
  return b64;
}
