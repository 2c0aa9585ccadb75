// Interim screen until its issue lands; the route table imports this file.
export default function RankingScreen() {
  return <main data-screen="ranking" />;
}
