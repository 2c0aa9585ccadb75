// Interim screen until its issue lands; the route table imports this file.
export default function ViewerScreen() {
  return <main data-screen="viewer" />;
}
