// Interim screen until its issue lands; the route table imports this file.
export default function FeedbackScreen() {
  return <main data-screen="feedback" />;
}
