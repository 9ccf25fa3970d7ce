/** The reason an action failed, in the Portuguese the shell or the API already gave it. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="auth-form__alert" role="alert">
      {message}
    </p>
  );
}
