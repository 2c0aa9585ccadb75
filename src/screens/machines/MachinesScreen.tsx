// Interim screen until its issue lands; the route table imports this file.
export default function MachinesScreen() {
  return <main data-screen="machines" />;
}
