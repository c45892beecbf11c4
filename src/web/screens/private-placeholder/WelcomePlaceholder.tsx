/** /pt/welcome until the design's welcome screen lands (src/web/screens/welcome). */
export default function WelcomePlaceholder() {
  return (
    <main>
      <h1>Bem-vindo</h1>
    </main>
  );
}
