// Interim screen until its issue lands; the route table imports this file.
export default function FavoritedScreen() {
  return <main data-screen="favorited" />;
}
