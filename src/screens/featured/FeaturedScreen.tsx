// Interim screen until its issue lands; the route table imports this file.
export default function FeaturedScreen() {
  return <main data-screen="featured" />;
}
