// Interim screen until its issue lands; the route table imports this file.
export default function CommentsScreen() {
  return <main data-screen="comments" />;
}
