export function HomePage() {
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">Your emergency details, on a label any phone can read</h1>
        <p>
          Type your details once. We turn them into a QR code that shows plain text to a paramedic,
          with no app and no signal needed, and print it on real label sheets for your helmet,
          wallet or gear.
        </p>
      </section>
      <section aria-labelledby="how-title" className="how">
        <h2 id="how-title">How it works</h2>
        <ol>
          <li>Enter your details, emergency contacts and medical notes.</li>
          <li>Pay £0.99 once for lifetime print access.</li>
          <li>Download and print your labels.</li>
        </ol>
      </section>
    </>
  );
}
