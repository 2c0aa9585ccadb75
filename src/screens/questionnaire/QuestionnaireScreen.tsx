// Interim screen until its issue lands; the route table imports this file.
export default function QuestionnaireScreen() {
  return <main data-screen="questionnaire" />;
}
