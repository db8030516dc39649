export function LandingPage() {
  return <main id="main" />;
}
