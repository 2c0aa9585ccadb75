// Interim screen until its issue lands; the route table imports this file.
export default function TitleScreen() {
  return <main data-screen="title" />;
}
