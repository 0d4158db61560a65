export function greetingText(firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return name ? `Welcome Back, ${name}!` : 'Welcome Back!';
}

export function Greeting({ firstName }: { firstName: string | null | undefined }) {
  return <h1 className="home__greeting">{greetingText(firstName)}</h1>;
}
