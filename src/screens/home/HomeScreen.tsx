// Interim screen until its issue lands; the route table imports this file.
export default function HomeScreen() {
  return <main data-screen="home" />;
}
