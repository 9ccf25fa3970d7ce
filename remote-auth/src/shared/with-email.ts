/** A link between the auth pages that keeps the e-mail already known (an invitation's), as `?email=`. */
export function withEmail(path: string, email: string): string {
  if (!email) return path;
  return `${path}${path.includes('?') ? '&' : '?'}email=${encodeURIComponent(email)}`;
}
