// Interim screen until its issue lands; the route table imports this file.
export default function MangaListScreen() {
  return <main data-screen="manga_list" />;
}
