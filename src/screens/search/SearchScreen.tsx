// Interim screen until its issue lands; the route table imports this file.
export default function SearchScreen() {
  return <main data-screen="search" />;
}
