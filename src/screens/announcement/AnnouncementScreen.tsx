// Interim screen until its issue lands; the route table imports this file.
export default function AnnouncementScreen() {
  return <main data-screen="announcement" />;
}
