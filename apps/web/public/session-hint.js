// Runs before the first paint of a public page (see apps/web/src/app/prerender.tsx). The page's HTML shows it as
// a visitor sees it; when this browser may be signed in (a stored session, or a sign-in link's tokens in the
// address) that would show the wrong buttons for a moment, so it is hidden until the app has rendered.
try {
  if (
    localStorage.getItem('callwise-auth') !== null ||
    /(?:^#|&)(?:access_token|error)=/.test(location.hash)
  ) {
    document.documentElement.setAttribute('data-session', '');
  }
} catch {
  document.documentElement.setAttribute('data-session', '');
}
