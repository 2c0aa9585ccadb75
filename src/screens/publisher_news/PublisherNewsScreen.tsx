// Interim screen until its issue lands; the route table imports this file.
export default function PublisherNewsScreen() {
  return <main data-screen="publisher_news" />;
}
